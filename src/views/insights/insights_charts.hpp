#pragma once
// The two Qt Charts of the Insights page: the five most used tiles and the tile-memory histogram.
#include "popscope/insights.hpp"

#include <functional>

class QChart;

namespace popscope {

// Horizontal bars, most used tile on top; bars over the tile capacity are red and a dashed
// capacity line is drawn. `onTileClicked` gets the global tile id of a clicked bar.
QChart* makeTopTilesChart(
    const InsightsAnalysis& data, MemoryUnit unit, std::function<void(uint32_t)> onTileClicked);

// Tiles per memory bucket; buckets past the capacity are red.
QChart* makeTileHistogramChart(const InsightsAnalysis& data, MemoryUnit unit);

} // namespace popscope
