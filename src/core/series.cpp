#include "popscope/series.hpp"

#include "popscope/execution_trace.hpp"
#include "popscope/liveness.hpp"
#include "popscope/report.hpp"
#include "popscope/summary.hpp"
#include "popscope/units.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace popscope {

namespace {

struct SeriesFigure {
    const char* name;
    double (*value)(const SeriesRow&);
};

// The figures whose jumps are looked for, in the table's column order.
constexpr SeriesFigure kJumpFigures[] = {
    { "total memory", [](const SeriesRow& r) { return double(r.totalMemory); } },
    { "most-used tile", [](const SeriesRow& r) { return double(r.mostUsedTileBytes); } },
    { "peak not-always-live memory", [](const SeriesRow& r) { return double(r.peakNotAlwaysLive); } },
    { "total cycles", [](const SeriesRow& r) { return double(r.totalCycles); } },
};

// Columns padded to their widest cell, two spaces apart: a table a terminal shows aligned.
std::string alignedTable(const std::vector<std::vector<std::string>>& cells)
{
    std::vector<size_t> widths;
    for (const auto& row : cells)
        for (size_t c = 0; c < row.size(); ++c) {
            widths.resize(std::max(widths.size(), row.size()));
            widths[c] = std::max(widths[c], row[c].size());
        }
    std::string out;
    for (const auto& row : cells) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c)
            line += row[c] + (c + 1 < row.size() ? std::string(widths[c] - row[c].size() + 2, ' ') : "");
        line.erase(line.find_last_not_of(' ') + 1);
        out += line + "\n";
    }
    return out;
}

} // namespace

SeriesRow seriesRow(const Report& report, std::string label)
{
    const ProfileSummary& summary = report.summary();
    SeriesRow row;
    row.path = report.path();
    row.label = std::move(label);
    row.totalMemory = summary.totalUsedIncludingGaps;
    row.capacity = summary.totalCapacity;
    row.tilesOverCapacity = summary.tilesOverCapacity;
    row.fits = summary.fits;
    row.totalCycles = summary.totalCycles;
    for (const IpuMemorySummary& ipu : summary.ipus)
        if (ipu.maxTileBytes > row.mostUsedTileBytes) {
            row.mostUsedTileBytes = ipu.maxTileBytes;
            row.mostUsedTile = ipu.ipu * summary.target.tilesPerIpu + ipu.maxTile;
        }
    if (summary.numLivenessSteps > 0)
        row.peakNotAlwaysLive
            = findPeak(livenessSeries(report, LivenessScope::allIpus()).notAlwaysLive).bytes;
    if (summary.numExecutionSteps > 0)
        row.parallelEfficiency = report.traceSummary().parallelEfficiency();
    return row;
}

SeriesTable seriesTable(std::string parameter, std::vector<SeriesRow> rows)
{
    SeriesTable table;
    table.parameter = std::move(parameter);
    table.rows = std::move(rows);
    for (size_t i = 0; i < table.rows.size(); ++i)
        if (table.rows[i].fits)
            table.largestFitting = int(i);
    double largest = 0;
    for (size_t i = 1; i < table.rows.size(); ++i)
        for (const SeriesFigure& figure : kJumpFigures) {
            const double before = figure.value(table.rows[i - 1]), after = figure.value(table.rows[i]);
            if (before <= 0 || after <= 0)
                continue;
            // A halving is as large a jump as a doubling.
            const double size = std::fabs(std::log(after / before));
            if (size > largest) {
                largest = size;
                table.jumpRow = int(i);
                table.jumpFigure = figure.name;
                table.jumpRatio = after / before;
            }
        }
    return table;
}

SeriesTable readSeries(
    const std::vector<std::string>& paths, std::vector<std::string> labels, std::string parameter)
{
    std::vector<SeriesRow> rows;
    for (size_t i = 0; i < paths.size(); ++i) {
        const std::string label
            = i < labels.size() ? labels[i] : std::filesystem::path(paths[i]).filename().string();
        rows.push_back(seriesRow(*Report::open(paths[i]), label));
    }
    return seriesTable(std::move(parameter), std::move(rows));
}

std::string formatSeriesText(const SeriesTable& table)
{
    std::vector<std::vector<std::string>> cells = { { table.parameter, "total memory", "most-used tile",
        "tiles over capacity", "fits", "peak not-always-live", "total cycles", "parallel efficiency", "" } };
    for (size_t i = 0; i < table.rows.size(); ++i) {
        const SeriesRow& r = table.rows[i];
        cells.push_back({ r.label, formatBytes(r.totalMemory),
            formatBytes(r.mostUsedTileBytes) + " (tile " + std::to_string(r.mostUsedTile) + ")",
            formatCount(r.tilesOverCapacity), r.fits ? "yes" : "no", formatBytes(r.peakNotAlwaysLive),
            r.totalCycles ? formatCount(r.totalCycles) : "-",
            r.totalCycles ? formatPercent(r.parallelEfficiency) : "-",
            int(i) == table.largestFitting ? "<- largest that fits" : "" });
    }
    std::string out = alignedTable(cells);
    if (table.largestFitting < 0)
        out += "none fits\n";
    if (table.jumpRow > 0) {
        std::ostringstream ratio;
        ratio.precision(2);
        ratio << std::fixed << table.jumpRatio;
        out += "largest jump: " + table.jumpFigure + " from " + table.rows[size_t(table.jumpRow) - 1].label
            + " to " + table.rows[size_t(table.jumpRow)].label + " (x" + ratio.str() + ")\n";
    }
    return out;
}

std::string formatSeriesJson(const SeriesTable& table)
{
    using nlohmann::json;
    json rows = json::array();
    for (const SeriesRow& r : table.rows)
        rows.push_back({ { "path", r.path }, { "label", r.label }, { "totalMemory", r.totalMemory },
            { "capacity", r.capacity }, { "mostUsedTile", r.mostUsedTile },
            { "mostUsedTileBytes", r.mostUsedTileBytes }, { "tilesOverCapacity", r.tilesOverCapacity },
            { "fits", r.fits }, { "peakNotAlwaysLive", r.peakNotAlwaysLive },
            { "totalCycles", r.totalCycles }, { "parallelEfficiency", r.parallelEfficiency } });
    json j = { { "parameter", table.parameter }, { "rows", rows },
        { "largestFitting", table.largestFitting < 0 ? json(nullptr) : json(table.largestFitting) } };
    if (table.jumpRow > 0)
        j["largestJump"]
            = { { "row", table.jumpRow }, { "figure", table.jumpFigure }, { "ratio", table.jumpRatio } };
    return j.dump(2) + "\n";
}

} // namespace popscope
