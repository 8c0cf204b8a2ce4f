#pragma once
// Reports side by side, in the order given (a sweep's values, a batch-size or SDK-version run): one
// row of headline figures each, the largest that fits marked, and where a figure jumps most.
// `popscope-cli series`, `simulate --sweep` and the window's Sweep page all show this table.
#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

class Report;

struct SeriesRow {
    std::string path;
    std::string label; // the swept value ("8"), or the file's name
    uint64_t totalMemory = 0; // bytes used over all tiles, gaps included (summary's figure)
    uint64_t capacity = 0; // bytes over all tiles
    uint64_t mostUsedTileBytes = 0;
    uint32_t mostUsedTile = 0; // global tile id
    uint32_t tilesOverCapacity = 0;
    bool fits = true;
    uint64_t peakNotAlwaysLive = 0; // bytes, over all IPUs, at the liveness peak
    uint64_t totalCycles = 0; // the execution's span over all IPUs (0: no execution recorded)
    double parallelEfficiency = 0; // busy tile-cycles ÷ all (0: no execution recorded)
};

struct SeriesTable {
    std::string parameter; // what the labels are ("batch"), or "report"
    std::vector<SeriesRow> rows;
    int largestFitting = -1; // the last row, in order, that fits; -1 when none does
    int jumpRow = -1; // the row whose figure changed most from the row before it; -1 for < 2 rows
    std::string jumpFigure; // that figure's name ("peak not-always-live memory")
    double jumpRatio = 0; // that figure's value over the row before's (2.0: doubled)
};

// One report's row (reads its summary, liveness curve and execution trace summary).
SeriesRow seriesRow(const Report& report, std::string label);
// Rows in order, with the largest fitting row and the largest jump found.
SeriesTable seriesTable(std::string parameter, std::vector<SeriesRow> rows);
// Reads every report of `paths` in order; labels default to the files' names. Throws ProfileError
// naming the report that cannot be read.
SeriesTable readSeries(const std::vector<std::string>& paths, std::vector<std::string> labels = {},
    std::string parameter = "report");

std::string formatSeriesText(const SeriesTable& table);
std::string formatSeriesJson(const SeriesTable& table);

} // namespace popscope
