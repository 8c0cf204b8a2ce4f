#include "models/memory/tile_map_layout.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr uint32_t kFloorPlanColumn = 64; // tiles per column on Mk1 and Mk2
} // namespace

TileMapLayout TileMapLayout::build(
    uint32_t numIpus, uint32_t tilesPerIpu, const std::vector<uint32_t>& physicalIds)
{
    TileMapLayout layout;
    layout.numIpus = numIpus;
    layout.tilesPerIpu = tilesPerIpu;
    if (tilesPerIpu >= 2 * kFloorPlanColumn && tilesPerIpu % kFloorPlanColumn == 0) {
        layout.columnLength = kFloorPlanColumn;
        layout.exchangeGap = true;
    } else {
        layout.columnLength = std::max(1u, uint32_t(std::ceil(std::sqrt(double(tilesPerIpu)))));
    }
    layout.columnsPerIpu = (tilesPerIpu + layout.columnLength - 1) / layout.columnLength;
    const uint64_t numTiles = uint64_t(numIpus) * tilesPerIpu;
    layout.places.resize(size_t(numTiles));
    layout.tileAtPlace.assign(size_t(uint64_t(numIpus) * layout.columnsPerIpu * layout.columnLength), -1);
    for (uint64_t tile = 0; tile < numTiles; ++tile) {
        const uint32_t ipu = uint32_t(tile / tilesPerIpu);
        uint32_t position = uint32_t(tile % tilesPerIpu);
        if (physicalIds.size() == numTiles && physicalIds[size_t(tile)] < tilesPerIpu)
            position = physicalIds[size_t(tile)];
        const Place place { ipu, position / layout.columnLength, position % layout.columnLength };
        layout.places[size_t(tile)] = place;
        layout.tileAtPlace[(size_t(ipu) * layout.columnsPerIpu + place.column) * layout.columnLength
            + place.index]
            = int32_t(tile);
    }
    return layout;
}

int32_t TileMapLayout::tileAt(uint32_t ipu, uint32_t column, uint32_t index) const
{
    if (ipu >= numIpus || column >= columnsPerIpu || index >= columnLength)
        return -1;
    return tileAtPlace[(size_t(ipu) * columnsPerIpu + column) * columnLength + index];
}

std::vector<uint32_t> tileMapValues(const TileMemory& memory, const std::string& category, bool includeGaps)
{
    const size_t n = memory.numTiles();
    std::vector<uint32_t> values;
    if (category.empty()) {
        values = includeGaps ? memory.totalIncludingGaps : memory.totalExcludingGaps;
    } else {
        const auto it = std::find(memory.categories.begin(), memory.categories.end(), category);
        const size_t c = size_t(it - memory.categories.begin());
        if (c < memory.byCategory.size())
            values = memory.byCategory[c];
    }
    values.resize(n, 0);
    return values;
}

} // namespace popscope
