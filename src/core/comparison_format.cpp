// Renderings of a ReportComparison: aligned text (the figures What changed shows) and JSON.
#include "liveness_changes.hpp"
#include "popscope/errors.hpp"
#include "popscope/memory_categories.hpp"
#include "popscope/report_comparison.hpp"
#include "shown_text.hpp"
#include "trace_changes.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace popscope {

namespace {

std::string paddedLabel(const std::string& text, size_t width)
{
    return text.size() + 2 <= width ? text + std::string(width - text.size(), ' ') : text + "  ";
}

// "   131 MiB -> 229 MiB   +98.1 MiB (+74.6%)"
std::string change(
    int64_t source, int64_t target, const SignedDiff& diff, const std::string& unit, MemoryUnit u)
{
    return formatValue(source, unit, u) + " -> " + formatValue(target, unit, u) + "   "
        + formatDiff(diff, unit, u);
}

std::string sideText(const ComparedSide& s)
{
    return shownText(s.path) + "  (" + shownText(s.architecture) + ", " + formatCount(s.numIpus)
        + (s.numIpus == 1 ? " IPU x " : " IPUs x ") + formatCount(s.tilesPerIpu) + " tiles)";
}

void rowList(std::ostringstream& out, const char* title, const std::vector<RowChange>& rows,
    const std::string& unit, MemoryUnit u, bool bothSides)
{
    if (rows.empty())
        return;
    if (*title)
        out << "  " << title << "\n";
    for (const RowChange& r : rows) {
        out << "    " << paddedLabel(shownText(r.name), 48);
        if (bothSides)
            out << change(int64_t(r.source), int64_t(r.target), r.diff, unit, u) << "\n";
        else
            out << formatValue(int64_t(r.inTarget() ? r.target : r.source), unit, u) << "\n";
    }
}

void tableSection(std::ostringstream& out, const std::string& title, const TableChanges& t, MemoryUnit u)
{
    out << title << ": " << formatCount(t.sourceRows) << " -> " << formatCount(t.targetRows) << " ("
        << formatCount(t.matchedRows) << " in both, " << formatCount(t.addedRows) << " new, "
        << formatCount(t.removedRows) << " removed; " << formatCount(t.grownRows) << " grew, "
        << formatCount(t.shrunkRows) << " shrank)\n";
    out << "  "
        << paddedLabel("Total " + t.metric
                   + (t.table == "variables" ? " (declared sizes; not-always-live ones share memory)" : ""),
               50)
        << change(int64_t(t.total.source), int64_t(t.total.target), t.total.diff, t.unit, u) << "\n";
    rowList(out, "Grew most", t.grown, t.unit, u, true);
    rowList(out, "Shrank most", t.shrunk, t.unit, u, true);
    if (!t.added.empty())
        out << "  New (" << formatCount(t.addedRows) << ", " << formatValue(int64_t(t.addedTotal), t.unit, u)
            << " in all)\n";
    rowList(out, "", t.added, t.unit, u, false);
    if (!t.removed.empty())
        out << "  Removed (" << formatCount(t.removedRows) << ", "
            << formatValue(int64_t(t.removedTotal), t.unit, u) << " in all)\n";
    rowList(out, "", t.removed, t.unit, u, false);
}

nlohmann::json diffJson(const SignedDiff& d)
{
    return { { "absolute", d.absolute },
        { "fraction", d.fraction ? nlohmann::json(*d.fraction) : nlohmann::json(nullptr) } };
}

nlohmann::json figureJson(const ComparedFigure& f)
{
    return { { "source", f.source }, { "target", f.target }, { "diff", diffJson(f.diff) } };
}

nlohmann::json rowChangeJson(const RowChange& r)
{
    return { { "name", r.name },
        { "source", r.inSource() ? nlohmann::json(r.source) : nlohmann::json(nullptr) },
        { "target", r.inTarget() ? nlohmann::json(r.target) : nlohmann::json(nullptr) },
        { "diff", diffJson(r.diff) } };
}

nlohmann::json tableJson(const TableChanges& t)
{
    auto rows = [](const std::vector<RowChange>& list) {
        nlohmann::json a = nlohmann::json::array();
        for (const RowChange& r : list)
            a.push_back(rowChangeJson(r));
        return a;
    };
    return { { "table", t.table }, { "metric", t.metric }, { "unit", t.unit }, { "sourceRows", t.sourceRows },
        { "targetRows", t.targetRows }, { "matchedRows", t.matchedRows }, { "addedRows", t.addedRows },
        { "removedRows", t.removedRows }, { "grownRows", t.grownRows }, { "shrunkRows", t.shrunkRows },
        { "total", figureJson(t.total) }, { "addedTotal", t.addedTotal }, { "removedTotal", t.removedTotal },
        { "grown", rows(t.grown) }, { "shrunk", rows(t.shrunk) }, { "added", rows(t.added) },
        { "removed", rows(t.removed) } };
}

nlohmann::json sideJson(const ComparedSide& s)
{
    return { { "path", s.path }, { "architecture", s.architecture }, { "numIPUs", s.numIpus },
        { "tilesPerIpu", s.tilesPerIpu }, { "numTiles", s.numTiles }, { "bytesPerTile", s.bytesPerTile },
        { "capacity", s.capacity }, { "peakTile", s.peakTile } };
}

// The figures that changed, one line each: the "What changed" list.
void whatChangedSection(std::ostringstream& out, const ReportComparison& c, MemoryUnit u)
{
    out << "What changed (target - source)\n";
    const auto lines = whatChanged(c);
    if (std::none_of(lines.begin(), lines.end(), [](const ChangeLine& l) { return l.diff.absolute != 0; }))
        out << "  No differences in the figures compared.\n";
    for (const ChangeLine& l : lines) {
        const std::string subject
            = l.table.empty() || l.table == "categories" ? l.subject : l.metric + ": " + l.subject;
        out << "  " << paddedLabel(shownText(subject), 56)
            << change(l.sourceValue, l.targetValue, l.diff, l.unit, u) << "\n";
    }
}

// Total and peak-tile memory, the tiles compared one to one, and memory by category.
void memorySection(std::ostringstream& out, const ReportComparison& c, MemoryUnit u)
{
    out << "Memory\n";
    auto figure = [&](const std::string& label, const ComparedFigure& f, const std::string& unit) {
        out << "  " << paddedLabel(label, 50) << change(int64_t(f.source), int64_t(f.target), f.diff, unit, u)
            << "\n";
    };
    figure("Total (including gaps)", c.totalMemory, "bytes");
    figure("Total (excluding gaps)", c.totalMemoryExcludingGaps, "bytes");
    figure("Most used tile (" + std::to_string(c.source.peakTile) + " -> " + std::to_string(c.target.peakTile)
            + ")",
        c.peakTileMemory, "bytes");
    figure("Tiles over capacity", c.tilesOverCapacity, "tiles");
    figure("Always-live", c.alwaysLive, "bytes");
    figure("Not-always-live", c.notAlwaysLive, "bytes");
    out << "  Tiles compared one to one: " << formatCount(c.commonTiles) << "; " << formatCount(c.tilesGrown)
        << " use more, " << formatCount(c.tilesShrunk) << " use less\n";
    if (c.tilesGrown)
        figure("  Largest increase: tile " + std::to_string(c.tileLargestIncrease), c.tileIncrease, "bytes");
    if (c.tilesShrunk)
        figure("  Largest decrease: tile " + std::to_string(c.tileLargestDecrease), c.tileDecrease, "bytes");
    out << "Memory by category (excluding gaps)\n";
    for (const RowChange& r : c.categories)
        out << "  " << paddedLabel(shownText(categoryLabel(r.name)), 50)
            << change(int64_t(r.source), int64_t(r.target), r.diff, "bytes", u) << "\n";
}

} // namespace

std::string formatComparisonText(const ReportComparison& c, MemoryUnit u)
{
    std::ostringstream out;
    out << "Source  " << sideText(c.source) << "\n";
    out << "Target  " << sideText(c.target) << "\n";
    if (!c.tilesNote.empty())
        out << "Note: " << c.tilesNote << "\n";
    whatChangedSection(out, c, u);
    memorySection(out, c, u);
    formatLivenessComparisonText(out, c.liveness, u);
    tableSection(out, "Variables (size)", c.variables, u);
    if (c.becameNotAlwaysLive || c.becameAlwaysLive)
        out << "  Always-live flag: " << formatCount(c.becameNotAlwaysLive) << " became not-always-live ("
            << formatBytes(c.becameNotAlwaysLiveBytes, u) << "), " << formatCount(c.becameAlwaysLive)
            << " became always-live (" << formatBytes(c.becameAlwaysLiveBytes, u) << ")\n";
    tableSection(out, "Vertex types (state: instances x state bytes)", c.vertexState, u);
    tableSection(out, "Vertex types (code: tiles x code bytes)", c.vertexCode, u);
    tableSection(out, "Compute sets (vertex instances)", c.computeSets, u);
    tableSection(out, "Exchanges (code bytes)", c.exchangeCode, u);
    tableSection(out, "Exchanges (bytes exchanged)", c.exchangeBytes, u);
    tableSection(out, "Operations (cycles)", c.operationCycles, u);
    tableSection(out, "Operations (FLOPs)", c.operationFlops, u);
    tableSection(out, "Operations (code size)", c.operationCode, u);
    formatTraceComparisonText(out, c.trace);
    out << "Engine options that differ: "
        << (c.engineOptions.empty() ? "none" : formatCount(c.engineOptions.size())) << "\n";
    for (const OptionDifference& o : c.engineOptions)
        out << "  " << paddedLabel(shownText(o.name), 40) << (o.inSource ? shownText(o.source) : "(not set)")
            << " -> " << (o.inTarget ? shownText(o.target) : "(not set)") << "\n";
    return out.str();
}

std::string formatComparisonJson(const ReportComparison& c, MemoryUnit u)
{
    using nlohmann::json;
    json lines = json::array();
    for (const ChangeLine& l : whatChanged(c))
        lines.push_back(
            { { "page", l.page }, { "table", l.table }, { "rowKey", l.rowKey }, { "metric", l.metric },
                { "subject", l.subject }, { "source", l.sourceValue }, { "target", l.targetValue },
                { "diff", diffJson(l.diff) }, { "unit", l.unit }, { "worse", l.worse },
                { "text", formatDiff(l.diff, l.unit, u) }, { "sentence", describeChange(l, u) } });
    json categories = json::array();
    for (const RowChange& r : c.categories)
        categories.push_back(rowChangeJson(r));
    json options = json::array();
    for (const OptionDifference& o : c.engineOptions)
        options.push_back({ { "name", o.name }, { "source", o.inSource ? json(o.source) : json(nullptr) },
            { "target", o.inTarget ? json(o.target) : json(nullptr) } });
    json j = { { "source", sideJson(c.source) }, { "target", sideJson(c.target) },
        { "commonTiles", c.commonTiles }, { "tilesNote", c.tilesNote }, { "whatChanged", lines },
        { "memory",
            { { "totalIncludingGaps", figureJson(c.totalMemory) },
                { "totalExcludingGaps", figureJson(c.totalMemoryExcludingGaps) },
                { "peakTile", figureJson(c.peakTileMemory) },
                { "tilesOverCapacity", figureJson(c.tilesOverCapacity) },
                { "alwaysLive", figureJson(c.alwaysLive) }, { "notAlwaysLive", figureJson(c.notAlwaysLive) },
                { "tilesGrown", c.tilesGrown }, { "tilesShrunk", c.tilesShrunk },
                { "largestIncrease",
                    { { "tile", c.tileLargestIncrease }, { "bytes", figureJson(c.tileIncrease) } } },
                { "largestDecrease",
                    { { "tile", c.tileLargestDecrease }, { "bytes", figureJson(c.tileDecrease) } } },
                { "byCategory", categories } } },
        { "variables", tableJson(c.variables) },
        { "alwaysLiveFlips",
            { { "becameNotAlwaysLive", c.becameNotAlwaysLive },
                { "becameNotAlwaysLiveBytes", c.becameNotAlwaysLiveBytes },
                { "becameAlwaysLive", c.becameAlwaysLive },
                { "becameAlwaysLiveBytes", c.becameAlwaysLiveBytes } } },
        { "vertexState", tableJson(c.vertexState) }, { "vertexCode", tableJson(c.vertexCode) },
        { "computeSets", tableJson(c.computeSets) }, { "exchangeCode", tableJson(c.exchangeCode) },
        { "exchangeBytes", tableJson(c.exchangeBytes) }, { "engineOptions", options },
        { "liveness", livenessComparisonJson(c.liveness) },
        { "operationCycles", tableJson(c.operationCycles) },
        { "operationFlops", tableJson(c.operationFlops) }, { "operationCode", tableJson(c.operationCode) },
        { "executionTrace", traceComparisonJson(c.trace) } };
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace popscope
