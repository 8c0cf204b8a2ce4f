#pragma once
// Where each tile sits on the Memory page's Tile Map. An IPU's tiles stand in physical-id order in
// columns of 64, as on the Mk1 and Mk2 floor plans (1,216 and 1,472 tiles: 19 and 23 columns), with
// the exchange between the two halves of 32 of each column. A target whose IPUs hold fewer tiles,
// or a count that is not a multiple of 64 (a small simulated one), gets columns of about the
// square root of its tile count, without the exchange gap.
#include "popscope/tile_memory.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

struct TileMapLayout {
    struct Place {
        uint32_t ipu = 0;
        uint32_t column = 0; // physical column on the IPU
        uint32_t index = 0; // position in the column
    };
    uint32_t numIpus = 0;
    uint32_t tilesPerIpu = 0;
    uint32_t columnLength = 1; // tiles per column
    uint32_t columnsPerIpu = 0;
    bool exchangeGap = false; // a gap after the first half of each column
    std::vector<Place> places; // per global tile
    std::vector<int32_t> tileAtPlace; // [(ipu * columnsPerIpu + column) * columnLength + index], -1 empty

    // Physical ids out of range, or none, place a tile by its id on the IPU.
    static TileMapLayout build(
        uint32_t numIpus, uint32_t tilesPerIpu, const std::vector<uint32_t>& physicalIds);
    int32_t tileAt(uint32_t ipu, uint32_t column, uint32_t index) const;
};

// The bytes the Tile Map colours each tile by: all memory (with or without gaps), or one category
// of TileMemory::categories (its non-overlapped bytes, as the chart stacks them).
std::vector<uint32_t> tileMapValues(const TileMemory& memory, const std::string& category, bool includeGaps);

} // namespace popscope
