#pragma once
// The series the memory-by-tile chart stacks for each breakdown, and the tile display order.
#include "popscope/tile_memory.hpp"

#include <QString>

#include <cstdint>
#include <vector>

namespace popscope {

enum class MemoryBreakdown { None, Category, Region, Liveness };
enum class TileOrder { Software, Physical };

struct MemorySeries1D {
    QString key; // stable key for the colour ("variable", "region:interleaved", "gaps", ...)
    QString label; // legend text
    std::vector<uint32_t> bytesByTile; // per global tile
};

struct MemorySeriesSet {
    std::vector<MemorySeries1D> series; // stacked bottom to top
    std::vector<uint32_t> total; // sum of the series per global tile
    uint64_t maxTotal = 0;
};

MemorySeriesSet buildMemorySeries(const TileMemory& memory, MemoryBreakdown breakdown, bool includeGaps);
// Display position -> global tile id: all tiles (ipu < 0) or one IPU, in software or physical order.
std::vector<uint32_t> tileDisplayOrder(const TileMemory& memory, TileOrder order, int ipu);
QString breakdownName(MemoryBreakdown breakdown);

} // namespace popscope
