#pragma once
// What the Insights page shows, computed from a LoadedReport (pure, testable): whether the model
// fits, the top-5 tiles, a histogram of tile memory, the largest vertex state / code and
// variables at model, worst-IPU and worst-tile level, and tips.
#include "models/loaded_report.hpp"
#include "popscope/units.hpp"

#include <QString>
#include <QStringList>

#include <vector>

namespace popscope {

struct TileFigure {
    uint32_t tile = 0; // global
    uint32_t ipu = 0;
    uint64_t bytes = 0;
};

struct LargestItem {
    QString name;
    uint64_t bytes = 0;
    QString detail; // e.g. "3 instances in 2 compute sets: cs1, cs2"
};

struct InsightsLevel {
    QString title;          // "Model", "IPU 2 (most used)", "Tile 1234 (most used)"
    LargestItem vertexState;
    LargestItem vertexCode;
    std::vector<LargestItem> variables; // largest first, up to 10
};

struct InsightsData {
    bool fits = true;
    uint64_t used = 0;      // including gaps, all IPUs
    uint64_t capacity = 0;
    uint32_t tilesOverCapacity = 0;
    uint64_t bytesPerTile = 0;
    std::vector<TileFigure> topTiles; // up to 5, most used first
    std::vector<uint64_t> bucketStart; // histogram bucket lower bounds (bytes)
    uint64_t bucketWidth = 1;
    std::vector<uint32_t> bucketCount;
    uint64_t meanTileBytes = 0;
    InsightsLevel model, ipu, tile;
    QStringList tips;
};

InsightsData computeInsights(const LoadedReport& report, MemoryUnit unit = MemoryUnit::Binary,
                             int histogramBuckets = 16);

} // namespace popscope
