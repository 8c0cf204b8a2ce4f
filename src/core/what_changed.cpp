// whatChanged: a comparison's headline lines, ranked by size; formatDiff / formatValue.
#include "liveness_changes.hpp"
#include "popscope/memory_categories.hpp"
#include "popscope/plural.hpp"
#include "popscope/report_comparison.hpp"
#include "table_compare.hpp"
#include "trace_changes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace popscope {

namespace {

constexpr auto* line = &makeChangeLine;

void addRows(
    std::vector<ChangeLine>& out, const TableChanges& t, const char* page, const std::string& movedMetric)
{
    for (const auto* list : { &t.grown, &t.shrunk })
        for (const RowChange& r : *list)
            out.push_back(line(page, t.table, r.name, movedMetric, r.name, r.source, r.target, t.unit));
    const std::string singular = t.table == "variables" ? "variable"
        : t.table == "vertices"                         ? "vertex type"
        : t.table == "computeSets"                      ? "compute set"
                                                        : "exchange";
    for (const RowChange& r : t.added)
        if (r.target > 0)
            out.push_back(line(page, t.table, r.name,
                "new " + singular + (t.table == "variables" ? "" : " (" + t.metric + ")"), r.name, 0,
                r.target, t.unit));
    for (const RowChange& r : t.removed)
        if (r.source > 0)
            out.push_back(line(page, t.table, r.name,
                "removed " + singular + (t.table == "variables" ? "" : " (" + t.metric + ")"), r.name,
                r.source, 0, t.unit));
}

// Basis points as percent without the sign: 9416 -> "94.16".
std::string pointsText(uint64_t basisPoints)
{
    return formatCount(basisPoints / 100) + (basisPoints % 100 < 10 ? ".0" : ".")
        + std::to_string(basisPoints % 100);
}

} // namespace

ChangeLine makeChangeLine(std::string page, std::string table, std::string rowKey, std::string metric,
    std::string subject, uint64_t source, uint64_t target, std::string unit)
{
    const auto clamped = [](uint64_t value) {
        return value > uint64_t(std::numeric_limits<int64_t>::max()) ? std::numeric_limits<int64_t>::max()
                                                                     : int64_t(value);
    };
    ChangeLine l;
    l.page = std::move(page);
    l.table = std::move(table);
    l.rowKey = std::move(rowKey);
    l.metric = std::move(metric);
    l.subject = std::move(subject);
    l.sourceValue = clamped(source);
    l.targetValue = clamped(target);
    l.diff = signedDiff(source, target);
    l.unit = std::move(unit);
    return l;
}

std::vector<ChangeLine> whatChanged(const ReportComparison& c)
{
    std::vector<ChangeLine> lines;
    lines.push_back(line("summary", "", "", "total memory", "Total memory (including gaps)",
        c.totalMemory.source, c.totalMemory.target, "bytes"));
    lines.push_back(line("insights", "", "", "peak-tile memory",
        "Most used tile (tile " + std::to_string(c.source.peakTile) + " -> tile "
            + std::to_string(c.target.peakTile) + ")",
        c.peakTileMemory.source, c.peakTileMemory.target, "bytes"));
    lines.push_back(line("insights", "", "", "tiles over capacity", "Tiles over capacity",
        c.tilesOverCapacity.source, c.tilesOverCapacity.target, "tiles"));
    std::vector<ChangeLine> bytes;
    addLivenessChangeLines(c.liveness, lines, bytes);
    std::vector<ChangeLine> shares;
    addTraceChangeLines(c.trace, lines, shares);
    const size_t headline = lines.size();

    for (const RowChange& r : c.categories)
        bytes.push_back(line("memory", "categories", r.name, "category memory", categoryLabel(r.name),
            r.source, r.target, "bytes"));
    bytes.push_back(line("memory", "", "", "always-live memory", "Always-live memory", c.alwaysLive.source,
        c.alwaysLive.target, "bytes"));
    bytes.push_back(line("memory", "", "", "not-always-live memory", "Not-always-live memory",
        c.notAlwaysLive.source, c.notAlwaysLive.target, "bytes"));
    addRows(bytes, c.variables, "memory", "variable size");
    addRows(bytes, c.vertexState, "memory", "vertex state");
    addRows(bytes, c.vertexCode, "memory", "vertex code");
    addRows(bytes, c.exchangeCode, "memory", "exchange code");
    std::erase_if(bytes, [](const ChangeLine& l) { return l.diff.absolute == 0; });
    // |diff| relative to the source's total memory: the same order as |diff| for byte figures.
    std::stable_sort(bytes.begin(), bytes.end(), [](const ChangeLine& a, const ChangeLine& b) {
        return diffMagnitude(a.diff.absolute) > diffMagnitude(b.diff.absolute);
    });

    std::vector<ChangeLine> counts;
    counts.push_back(line("memory", "variables", "", "variable count", "Number of variables",
        c.variables.sourceRows, c.variables.targetRows, "count"));
    addRows(counts, c.computeSets, "memory", "compute-set vertices");
    std::erase_if(counts, [](const ChangeLine& l) { return l.diff.absolute == 0; });
    std::stable_sort(counts.begin(), counts.end(), [](const ChangeLine& a, const ChangeLine& b) {
        return diffMagnitude(a.diff.absolute) > diffMagnitude(b.diff.absolute);
    });

    lines.insert(lines.begin() + long(headline), bytes.begin(), bytes.end());
    lines.insert(lines.end(), counts.begin(), counts.end());
    appendOperationChanges(c, lines); // Operations report: cycles, FLOPs, code size
    lines.insert(lines.end(), shares.begin(), shares.end());
    return lines;
}

std::string formatValue(int64_t value, const std::string& unit, MemoryUnit memoryUnit)
{
    const uint64_t size = value < 0 ? uint64_t(-(value + 1)) + 1 : uint64_t(value);
    const std::string sign(value < 0 ? 1 : 0, '-');
    if (unit == "bytes")
        return sign + formatBytes(size, memoryUnit);
    if (unit == "tiles")
        return sign + countOf(size, "tile");
    if (unit == "cycles")
        return sign + countOf(size, "cycle");
    if (unit == "flops")
        return sign + formatCount(size) + " FLOPs";
    if (unit == "percent")
        return sign + pointsText(size) + "%";
    return sign + formatCount(size);
}

std::string formatDiff(const SignedDiff& diff, const std::string& unit, MemoryUnit memoryUnit)
{
    if (unit == "percent") // a relative change of a share says little: the change in points, "+94.07 pp"
    {
        std::string text(diff.absolute > 0 ? "+" : diff.absolute < 0 ? "-" : "");
        text += pointsText(diffMagnitude(diff.absolute));
        text += " pp";
        return text;
    }
    std::string text;
    if (diff.absolute > 0)
        text += '+';
    text += formatValue(diff.absolute, unit, memoryUnit);
    if (diff.fraction) {
        text += " (";
        if (*diff.fraction > 0)
            text += '+';
        text += formatPercent(*diff.fraction);
        text += ')';
    } else if (diff.absolute != 0) {
        text += " (new)";
    }
    return text;
}

std::string describeChange(const ChangeLine& l, MemoryUnit memoryUnit)
{
    const bool bytes = l.unit == "bytes";
    const auto startsWith = [&](const char* prefix) { return l.metric.rfind(prefix, 0) == 0; };
    const auto capitalised = [](std::string text) {
        if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
            text[0] = char(text[0] - 'a' + 'A');
        return text;
    };
    if (startsWith("new "))
        return capitalised(l.metric) + ": " + l.subject + ", "
            + formatValue(l.targetValue, l.unit, memoryUnit);
    if (startsWith("removed "))
        return capitalised(l.metric) + ": " + l.subject + ", was "
            + formatValue(l.sourceValue, l.unit, memoryUnit);
    // Totals name themselves, a category is "<category> memory", a row "<measure> of <name>".
    const std::string what = l.table == "categories" ? l.subject + " memory"
        : l.rowKey.empty()                           ? l.subject
                                                     : capitalised(l.metric) + " of " + l.subject;
    if (l.diff.absolute == 0)
        return what + " is unchanged (" + formatValue(l.sourceValue, l.unit, memoryUnit) + ")";
    const bool up = l.diff.absolute > 0;
    if (l.unit == "percent")
        return what + (up ? " rose by " : " fell by ") + pointsText(diffMagnitude(l.diff.absolute))
            + " percentage points (" + formatValue(l.sourceValue, l.unit, memoryUnit) + " -> "
            + formatValue(l.targetValue, l.unit, memoryUnit) + ")";
    const char* verb = bytes ? (up ? " grew by " : " shrank by ") : (up ? " rose by " : " fell by ");
    std::string share = " (from none)";
    if (l.diff.fraction && up && *l.diff.fraction >= 10.0) // past 1,000%, a factor reads better
        share = " (x" + formatCount(uint64_t(std::llround(1.0 + *l.diff.fraction))) + ")";
    else if (l.diff.fraction)
        share = " (" + formatPercent(std::abs(*l.diff.fraction)) + ")";
    const uint64_t size
        = std::min<uint64_t>(diffMagnitude(l.diff.absolute), uint64_t(std::numeric_limits<int64_t>::max()));
    return what + verb + formatValue(int64_t(size), l.unit, memoryUnit) + share;
}

} // namespace popscope
