#pragma once
// Which tiles a table covers: all tiles, or the current selection (a mask for O(1) lookup).
#include "popscope/units.hpp"

#include <QString>

#include <cstdint>
#include <vector>

namespace popscope {

struct TileScope {
    std::vector<uint8_t> mask; // empty = all tiles
    uint32_t selectedCount = 0;

    bool all() const { return mask.empty(); }
    bool contains(uint32_t tile) const { return mask.empty() || (tile < mask.size() && mask[tile]); }
    static TileScope fromSelection(const std::vector<uint32_t>& tiles, uint32_t numTiles);
};

QString bytesText(uint64_t bytes, MemoryUnit unit);
QString countText(uint64_t value);
// "1 tile", "1,472 tiles" (popscope/plural.hpp's countOf).
QString countOfText(uint64_t count, const char* singular, const char* plural = "");
// "tile" for 1, else "tiles" (pluralWord).
QString pluralText(uint64_t count, const char* singular, const char* plural = "");
// Signed figures of compare mode: "+1.50 MiB", "−3", "+12.5%"; zero as "0" / "0%".
QString signedBytesText(int64_t bytes, MemoryUnit unit);
QString signedCountText(int64_t value);
QString signedPercentText(double fraction);

} // namespace popscope
