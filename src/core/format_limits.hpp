#pragma once
#include <cstdint>
#include <string>

#include "popscope/units.hpp"

// Bounds every reader and the writer enforce (docs/profile-format.md, "How a reader must open a
// file", step 5). They are far beyond any real IPU system and exist so a hostile or damaged file
// cannot make popscope allocate absurd amounts or print nonsense.
namespace popscope::limits {

constexpr uint32_t kMaxIpus = 1024;
constexpr uint32_t kMaxTilesPerIpu = 65536;
constexpr uint64_t kMaxBytesPerTile = 1ull << 31;
constexpr uint32_t kMaxReplicas = 65536;
// 2^48 cycles is 58 hours at 1.33 GHz: longer than any profiled run. It bounds each step's end
// (start + duration) and each operation; sums over many steps are taken as doubles.
constexpr int64_t kMaxCycles = int64_t(1) << 48;

// Per-tile tables (memory by tile and its breakdowns, ~50 bytes a tile) are sized by the tile count
// before any row is read. Up to this many tiles that is always allowed; beyond it the profile must
// store at least one per-tile value (memory by tile, gaps or liveness split) for every tile it
// claims, so a small file cannot make popscope allocate gigabytes for tiles it holds nothing about.
constexpr uint64_t kTilesWithoutPerTileData = 65536;

// "" when `tiles` is backed by `storedPerTileValues`, else the problem in words.
inline std::string unbackedTilesProblem(uint64_t tiles, uint64_t storedPerTileValues)
{
    if (tiles <= kTilesWithoutPerTileData || storedPerTileValues >= tiles)
        return {};
    return "the target claims " + formatCount(tiles)
        + " tiles but the profile stores per-tile memory for only " + formatCount(storedPerTileValues)
        + " tile values; refused before allocating tables for them";
}

} // namespace popscope::limits
