// parseGateRule / evaluateGateRule: `--fail-if` rules over a ReportComparison.
#include "popscope/gate_rule.hpp"

#include "popscope/memory_categories.hpp"
#include "popscope/report_comparison.hpp"
#include "popscope/trace_comparison.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

namespace popscope {

namespace {

[[noreturn]] void bad(const std::string& rule, const std::string& problem)
{
    throw GateRuleError(
        "bad rule '" + rule + "': " + problem + " (expected METRIC OP VALUE, e.g. 'memory>+5%')");
}

bool isByteMetric(GateMetric m)
{
    return m != GateMetric::TilesOverCapacity && m != GateMetric::Variables && m != GateMetric::Cycles
        && m != GateMetric::Efficiency;
}

std::string trimmed(const std::string& s)
{
    const size_t first = s.find_first_not_of(" \t");
    const size_t last = s.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

struct Unit {
    const char* name;
    double bytes;
};
constexpr Unit kUnits[] = { { "B", 1 }, { "kB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 }, { "KiB", 1024.0 },
    { "MiB", 1048576.0 }, { "GiB", 1073741824.0 } };

std::string signedValue(int64_t value, const std::string& valueUnit, MemoryUnit unit)
{
    std::string text(value > 0 ? 1 : 0, '+');
    text += formatValue(value, valueUnit, unit);
    return text;
}

const char* metricLabel(GateMetric m)
{
    switch (m) {
    case GateMetric::Memory:
        return "total memory";
    case GateMetric::PeakTile:
        return "peak-tile memory";
    case GateMetric::TilesOverCapacity:
        return "tiles over capacity";
    case GateMetric::Variables:
        return "variables";
    case GateMetric::AlwaysLive:
        return "always-live memory";
    case GateMetric::NotAlwaysLive:
        return "not-always-live memory";
    case GateMetric::Category:
        return "category";
    case GateMetric::Cycles:
        return "total cycles";
    case GateMetric::Efficiency:
        return "parallel efficiency";
    }
    return "";
}

// The operator at opAt (> >= < <=) into rule.op; returns where the value after it starts.
size_t parseOperator(const std::string& text, size_t opAt, GateRule& rule)
{
    size_t valueAt = opAt + 1;
    const bool orEqual = valueAt < text.size() && text[valueAt] == '=';
    if (orEqual)
        ++valueAt;
    rule.op = text[opAt] == '>' ? (orEqual ? GateOp::GreaterEqual : GateOp::Greater)
                                : (orEqual ? GateOp::LessEqual : GateOp::Less);
    return valueAt;
}

// The metric named before the operator into rule.metric (and rule.category).
void parseMetric(const std::string& text, const std::string& metric, GateRule& rule)
{
    static constexpr std::pair<const char*, GateMetric> kMetrics[] = { { "memory", GateMetric::Memory },
        { "peak-tile", GateMetric::PeakTile }, { "tiles-over-capacity", GateMetric::TilesOverCapacity },
        { "variables", GateMetric::Variables }, { "always-live", GateMetric::AlwaysLive },
        { "not-always-live", GateMetric::NotAlwaysLive }, { "cycles", GateMetric::Cycles },
        { "efficiency", GateMetric::Efficiency } };
    for (const auto& [name, m] : kMetrics)
        if (metric == name) {
            rule.metric = m;
            return;
        }
    if (metric.rfind("category:", 0) == 0) {
        rule.metric = GateMetric::Category;
        rule.category = metric.substr(9);
        if (categoryOrder(rule.category) == knownCategories().size()) {
            std::string names;
            for (const CategoryInfo& c : knownCategories())
                names += (names.empty() ? "" : ", ") + std::string(c.name);
            bad(text, "unknown memory category '" + rule.category + "' (one of: " + names + ")");
        }
    } else if (metric.empty())
        bad(text, "no metric before the operator");
    else
        bad(text,
            "unknown metric '" + metric
                + "' (one of: memory, peak-tile, tiles-over-capacity, variables, always-live, "
                  "not-always-live,"
                  " category:NAME, cycles, efficiency)");
}

// Where the number at the start of value ends: a plain decimal number, digits with at most one
// '.', nothing else (no exponents, no inf/nan), after the sign if there is one.
size_t numberEnd(const std::string& text, const std::string& value, bool sign)
{
    size_t end = sign ? 1 : 0;
    bool digits = false, dot = false;
    for (; end < value.size(); ++end) {
        if (value[end] >= '0' && value[end] <= '9')
            digits = true;
        else if (value[end] == '.' && !dot)
            dot = true;
        else
            break;
    }
    if (!digits)
        bad(text, "'" + value + "' is not a number");
    return end;
}

// Bytes in one unit named by suffix; case does not matter ("5kib", "5KB"), the i tells binary
// from decimal.
double unitBytes(const std::string& text, const std::string& suffix)
{
    const auto lower = [](std::string text) {
        for (char& c : text)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return text;
    };
    for (const Unit& u : kUnits)
        if (lower(suffix) == lower(u.name))
            return u.bytes;
    bad(text, "unknown unit '" + suffix + "' (one of: B kB MB GB KiB MiB GiB, or %)");
}

// The mode the value's sign and suffix ask for, and the suffix's unit applied to rule.value.
void applySuffix(GateRule& rule, const std::string& suffix, bool sign)
{
    const std::string& text = rule.text;
    if (rule.metric == GateMetric::Efficiency) { // percent: N / N% the target's, +N / +Npp a change in points
        if (suffix == "%" && sign)
            rule.mode = GateMode::RelativeChange;
        else if (suffix.empty() || suffix == "%" || (suffix == "pp" && sign))
            rule.mode = sign ? GateMode::Change : GateMode::TargetValue;
        else
            bad(text,
                "parallel efficiency is in percent; '" + suffix
                    + "' is not allowed after it (N, N%, +Npp or +N%)");
        return;
    }
    if (suffix == "%") {
        if (!sign && !isByteMetric(rule.metric))
            bad(text,
                std::string("a percentage on ") + metricLabel(rule.metric)
                    + " needs a sign: write +N% or -N% for a change relative to the source");
        rule.mode = sign ? GateMode::RelativeChange : GateMode::ShareOfCapacity;
        return;
    }
    rule.mode = sign ? GateMode::Change : GateMode::TargetValue;
    if (suffix.empty())
        return;
    if (!isByteMetric(rule.metric))
        bad(text,
            std::string(metricLabel(rule.metric)) + " is a count; '" + suffix + "' is not allowed after it");
    rule.value *= unitBytes(text, suffix);
}

// One metric of a comparison: its source and target values, the capacity a share of it is of,
// and what a message calls it.
struct MetricSides {
    uint64_t source = 0;
    uint64_t target = 0;
    uint64_t capacity = 0;
    std::string label;
};

MetricSides metricSides(const GateRule& rule, const ReportComparison& c)
{
    MetricSides s { 0, 0, c.target.capacity, metricLabel(rule.metric) };
    switch (rule.metric) {
    case GateMetric::Memory:
        s.source = c.totalMemory.source, s.target = c.totalMemory.target;
        break;
    case GateMetric::PeakTile:
        s.source = c.peakTileMemory.source, s.target = c.peakTileMemory.target;
        s.capacity = c.target.bytesPerTile;
        break;
    case GateMetric::TilesOverCapacity:
        s.source = c.tilesOverCapacity.source, s.target = c.tilesOverCapacity.target;
        break;
    case GateMetric::Variables:
        s.source = c.variables.sourceRows, s.target = c.variables.targetRows;
        break;
    case GateMetric::AlwaysLive:
        s.source = c.alwaysLive.source, s.target = c.alwaysLive.target;
        break;
    case GateMetric::NotAlwaysLive:
        s.source = c.notAlwaysLive.source, s.target = c.notAlwaysLive.target;
        break;
    case GateMetric::Cycles:
        s.source = c.trace.sourceTotalCycles, s.target = c.trace.targetTotalCycles;
        break;
    case GateMetric::Efficiency: // in basis points, as What changed carries shares
        s.source = uint64_t(shareInBasisPoints(c.trace.sourceEfficiency));
        s.target = uint64_t(shareInBasisPoints(c.trace.targetEfficiency));
        break;
    case GateMetric::Category:
        s.label = categoryLabel(rule.category) + " memory";
        for (const RowChange& r : c.categories)
            if (r.name == rule.category)
                s.source = r.source, s.target = r.target;
        break;
    }
    return s;
}

const char* valueUnitOf(GateMetric m)
{
    return isByteMetric(m)                   ? "bytes"
        : m == GateMetric::TilesOverCapacity ? "tiles"
        : m == GateMetric::Cycles            ? "cycles"
        : m == GateMetric::Efficiency        ? "percent"
                                             : "count";
}

std::string sideValue(uint64_t value, const std::string& valueUnit, MemoryUnit unit)
{
    return formatValue(int64_t(std::min<uint64_t>(value, INT64_MAX)), valueUnit, unit);
}

// "+6.3% (+80.0 MiB)", or "+inf%" from a source of 0.
std::string relativeChangeText(
    const SignedDiff& diff, uint64_t target, const std::string& valueUnit, MemoryUnit unit)
{
    std::string text;
    if (!diff.fraction)
        text += target == 0 ? "0.0%" : "+inf%";
    else if (*diff.fraction > 0)
        text += '+';
    if (diff.fraction)
        text += formatPercent(*diff.fraction);
    if (diff.absolute != 0)
        text += " (" + signedValue(diff.absolute, valueUnit, unit) + ")";
    return text;
}

// What the rule's mode compares with its value, into result.measured, and the text that says it.
std::string measure(const GateRule& rule, const MetricSides& s, MemoryUnit unit, GateResult& result)
{
    const std::string valueUnit = valueUnitOf(rule.metric);
    // Efficiency is held in basis points and measured in percent (points for a change).
    const double scale = rule.metric == GateMetric::Efficiency ? 0.01 : 1.0;
    const SignedDiff diff = signedDiff(s.source, s.target);
    const std::string sides
        = sideValue(s.source, valueUnit, unit) + " -> " + sideValue(s.target, valueUnit, unit);
    switch (rule.mode) {
    case GateMode::TargetValue:
        result.measured = double(s.target) * scale;
        return s.label + " in the target: " + sideValue(s.target, valueUnit, unit) + "; source "
            + sideValue(s.source, valueUnit, unit);
    case GateMode::Change:
        result.measured = (double(s.target) - double(s.source)) * scale;
        return s.label + " " + formatDiff(diff, valueUnit, unit) + ": " + sides;
    case GateMode::RelativeChange:
        result.measured = s.source ? (double(s.target) - double(s.source)) / double(s.source) * 100.0
            : s.target             ? std::numeric_limits<double>::infinity()
                                   : 0.0;
        return s.label + ' ' + relativeChangeText(diff, s.target, valueUnit, unit) + ": " + sides;
    case GateMode::ShareOfCapacity:
        result.measured = s.capacity ? double(s.target) / double(s.capacity) * 100.0 : 0.0;
        return s.label + " in the target: " + formatBytes(s.target, unit) + ", "
            + formatPercent(s.capacity ? double(s.target) / double(s.capacity) : 0.0) + " of "
            + formatBytes(s.capacity, unit);
    }
    return std::string();
}

bool holds(GateOp op, double measured, double value)
{
    switch (op) {
    case GateOp::Greater:
        return measured > value;
    case GateOp::GreaterEqual:
        return measured >= value;
    case GateOp::Less:
        return measured < value;
    case GateOp::LessEqual:
        return measured <= value;
    }
    return false;
}

} // namespace

const char* gateRuleHelp()
{
    return R"(Gate rules (--fail-if RULE, repeatable; the command fails when a rule's comparison holds):
  RULE    METRIC OP VALUE, e.g. 'memory>+5%', 'tiles-over-capacity>0', 'peak-tile>+2%'
  METRIC  memory               total memory including gaps, all tiles
          peak-tile            bytes of the most used tile
          tiles-over-capacity  tiles that need more than a tile has
          variables            number of variables
          always-live          always-live bytes, all tiles
          not-always-live      not-always-live bytes, all tiles
          category:NAME        bytes of one memory category (vertexCode, variable, internalExchangeCode, ...)
          cycles               total cycles of the execution trace (the longest IPU)
          efficiency           parallel efficiency in percent: efficiency<50 is the target's,
                               efficiency<-5 (or -5pp) a fall of 5 percentage points
  OP      >  >=  <  <=
  VALUE   +N or -N             the change (target - source); bytes may take a unit: B kB MB GB KiB MiB GiB
          +N% or -N%           the change relative to the source (a source of 0 counts as +infinity
                               unless the target is 0 too)
          N                    the target's value (tiles-over-capacity>0, memory>800MiB)
          N%                   byte metrics: the target's share of its capacity (memory>90%,
                               peak-tile>95% of one tile); not allowed on counts
)";
}

GateRule parseGateRule(const std::string& text)
{
    GateRule rule;
    rule.text = text;
    const size_t opAt = text.find_first_of("<>");
    if (opAt == std::string::npos)
        bad(text, "no comparison operator (> >= < <=)");
    const size_t valueAt = parseOperator(text, opAt, rule);
    parseMetric(text, trimmed(text.substr(0, opAt)), rule);

    std::string value = trimmed(text.substr(valueAt));
    if (value.empty())
        bad(text, "no value after the operator");
    if (value[0] == '<' || value[0] == '>' || value[0] == '=')
        bad(text, "'" + value.substr(0, 1) + "' after the operator; operators are > >= < <=");
    const bool sign = value[0] == '+' || value[0] == '-';
    const size_t end = numberEnd(text, value, sign);
    rule.value = std::strtod(value.substr(0, end).c_str(), nullptr);
    applySuffix(rule, trimmed(value.substr(end)), sign);
    return rule;
}

bool needsExecutionTraces(const GateRule& rule)
{
    return rule.metric == GateMetric::Cycles || rule.metric == GateMetric::Efficiency;
}

GateResult evaluateGateRule(const GateRule& rule, const ReportComparison& c, MemoryUnit unit)
{
    GateResult result;
    const std::string measured = measure(rule, metricSides(rule, c), unit, result);
    if (needsExecutionTraces(rule) && !c.trace.present) { // nothing to measure: the gate does not pass
        result.failed = true;
        result.message
            = rule.text + " (no execution traces to compare: the reports have none, or --no-trace)";
        return result;
    }
    result.failed = holds(rule.op, result.measured, rule.value);
    result.message = rule.text + " (" + measured + ")";
    return result;
}

} // namespace popscope
