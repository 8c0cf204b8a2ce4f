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
    const std::string metric = trimmed(text.substr(0, opAt));
    size_t valueAt = opAt + 1;
    const bool orEqual = valueAt < text.size() && text[valueAt] == '=';
    if (orEqual)
        ++valueAt;
    rule.op = text[opAt] == '>' ? (orEqual ? GateOp::GreaterEqual : GateOp::Greater)
                                : (orEqual ? GateOp::LessEqual : GateOp::Less);

    if (metric == "memory")
        rule.metric = GateMetric::Memory;
    else if (metric == "peak-tile")
        rule.metric = GateMetric::PeakTile;
    else if (metric == "tiles-over-capacity")
        rule.metric = GateMetric::TilesOverCapacity;
    else if (metric == "variables")
        rule.metric = GateMetric::Variables;
    else if (metric == "always-live")
        rule.metric = GateMetric::AlwaysLive;
    else if (metric == "not-always-live")
        rule.metric = GateMetric::NotAlwaysLive;
    else if (metric == "cycles")
        rule.metric = GateMetric::Cycles;
    else if (metric == "efficiency")
        rule.metric = GateMetric::Efficiency;
    else if (metric.rfind("category:", 0) == 0) {
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

    std::string value = trimmed(text.substr(valueAt));
    if (value.empty())
        bad(text, "no value after the operator");
    if (value[0] == '<' || value[0] == '>' || value[0] == '=')
        bad(text, "'" + value.substr(0, 1) + "' after the operator; operators are > >= < <=");
    const bool sign = value[0] == '+' || value[0] == '-';
    // A plain decimal number: digits with at most one '.', nothing else (no exponents, no inf/nan).
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
    rule.value = std::strtod(value.substr(0, end).c_str(), nullptr);
    const std::string suffix = trimmed(value.substr(end));
    if (rule.metric == GateMetric::Efficiency) { // percent: N / N% the target's, +N / +Npp a change in points
        if (suffix == "%" && sign)
            rule.mode = GateMode::RelativeChange;
        else if (suffix.empty() || suffix == "%" || (suffix == "pp" && sign))
            rule.mode = sign ? GateMode::Change : GateMode::TargetValue;
        else
            bad(text,
                "parallel efficiency is in percent; '" + suffix
                    + "' is not allowed after it (N, N%, +Npp or +N%)");
        return rule;
    }
    if (suffix == "%") {
        if (!sign && !isByteMetric(rule.metric))
            bad(text,
                std::string("a percentage on ") + metricLabel(rule.metric)
                    + " needs a sign: write +N% or -N% for a change relative to the source");
        rule.mode = sign ? GateMode::RelativeChange : GateMode::ShareOfCapacity;
        return rule;
    }
    rule.mode = sign ? GateMode::Change : GateMode::TargetValue;
    if (suffix.empty())
        return rule;
    if (!isByteMetric(rule.metric))
        bad(text,
            std::string(metricLabel(rule.metric)) + " is a count; '" + suffix + "' is not allowed after it");
    // Case does not matter ("5kib", "5KB"); the i tells binary from decimal.
    const auto lower = [](std::string text) {
        for (char& c : text)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return text;
    };
    for (const Unit& u : kUnits)
        if (lower(suffix) == lower(u.name)) {
            rule.value *= u.bytes;
            return rule;
        }
    bad(text, "unknown unit '" + suffix + "' (one of: B kB MB GB KiB MiB GiB, or %)");
}

bool needsExecutionTraces(const GateRule& rule)
{
    return rule.metric == GateMetric::Cycles || rule.metric == GateMetric::Efficiency;
}

GateResult evaluateGateRule(const GateRule& rule, const ReportComparison& c, MemoryUnit unit)
{
    uint64_t source = 0, target = 0, capacity = c.target.capacity;
    std::string label = metricLabel(rule.metric);
    switch (rule.metric) {
    case GateMetric::Memory:
        source = c.totalMemory.source, target = c.totalMemory.target;
        break;
    case GateMetric::PeakTile:
        source = c.peakTileMemory.source, target = c.peakTileMemory.target;
        capacity = c.target.bytesPerTile;
        break;
    case GateMetric::TilesOverCapacity:
        source = c.tilesOverCapacity.source, target = c.tilesOverCapacity.target;
        break;
    case GateMetric::Variables:
        source = c.variables.sourceRows, target = c.variables.targetRows;
        break;
    case GateMetric::AlwaysLive:
        source = c.alwaysLive.source, target = c.alwaysLive.target;
        break;
    case GateMetric::NotAlwaysLive:
        source = c.notAlwaysLive.source, target = c.notAlwaysLive.target;
        break;
    case GateMetric::Cycles:
        source = c.trace.sourceTotalCycles, target = c.trace.targetTotalCycles;
        break;
    case GateMetric::Efficiency: // in basis points, as What changed carries shares
        source = uint64_t(shareInBasisPoints(c.trace.sourceEfficiency));
        target = uint64_t(shareInBasisPoints(c.trace.targetEfficiency));
        break;
    case GateMetric::Category:
        label = categoryLabel(rule.category) + " memory";
        for (const RowChange& r : c.categories)
            if (r.name == rule.category)
                source = r.source, target = r.target;
        break;
    }
    const std::string valueUnit = isByteMetric(rule.metric) ? "bytes"
        : rule.metric == GateMetric::TilesOverCapacity      ? "tiles"
        : rule.metric == GateMetric::Cycles                 ? "cycles"
        : rule.metric == GateMetric::Efficiency             ? "percent"
                                                            : "count";
    // Efficiency is held in basis points and measured in percent (points for a change).
    const double scale = rule.metric == GateMetric::Efficiency ? 0.01 : 1.0;
    const SignedDiff diff = signedDiff(source, target);
    const std::string sides = formatValue(int64_t(std::min<uint64_t>(source, INT64_MAX)), valueUnit, unit)
        + " -> " + formatValue(int64_t(std::min<uint64_t>(target, INT64_MAX)), valueUnit, unit);
    GateResult result;
    std::string measured;
    switch (rule.mode) {
    case GateMode::TargetValue:
        result.measured = double(target) * scale;
        measured = label + " in the target: "
            + formatValue(int64_t(std::min<uint64_t>(target, INT64_MAX)), valueUnit, unit) + "; source "
            + formatValue(int64_t(std::min<uint64_t>(source, INT64_MAX)), valueUnit, unit);
        break;
    case GateMode::Change:
        result.measured = (double(target) - double(source)) * scale;
        measured = label + " " + formatDiff(diff, valueUnit, unit) + ": " + sides;
        break;
    case GateMode::RelativeChange:
        result.measured = source ? (double(target) - double(source)) / double(source) * 100.0
            : target             ? std::numeric_limits<double>::infinity()
                                 : 0.0;
        measured = label;
        measured += ' ';
        if (!diff.fraction)
            measured += target == 0 ? "0.0%" : "+inf%";
        else if (*diff.fraction > 0)
            measured += '+';
        if (diff.fraction)
            measured += formatPercent(*diff.fraction);
        if (diff.absolute != 0)
            measured += " (" + signedValue(diff.absolute, valueUnit, unit) + ")";
        measured += ": " + sides;
        break;
    case GateMode::ShareOfCapacity:
        result.measured = capacity ? double(target) / double(capacity) * 100.0 : 0.0;
        measured = label + " in the target: " + formatBytes(target, unit) + ", "
            + formatPercent(capacity ? double(target) / double(capacity) : 0.0) + " of "
            + formatBytes(capacity, unit);
        break;
    }
    if (needsExecutionTraces(rule) && !c.trace.present) { // nothing to measure: the gate does not pass
        result.failed = true;
        result.message
            = rule.text + " (no execution traces to compare: the reports have none, or --no-trace)";
        return result;
    }
    switch (rule.op) {
    case GateOp::Greater:
        result.failed = result.measured > rule.value;
        break;
    case GateOp::GreaterEqual:
        result.failed = result.measured >= rule.value;
        break;
    case GateOp::Less:
        result.failed = result.measured < rule.value;
        break;
    case GateOp::LessEqual:
        result.failed = result.measured <= rule.value;
        break;
    }
    result.message = rule.text + " (" + measured + ")";
    return result;
}

} // namespace popscope
