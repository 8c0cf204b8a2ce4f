#pragma once
// Memory-by-tile query: dense, columnar per-tile arrays over all tiles of all IPUs.
#include "popscope/profile_document.hpp"

#include <array>
#include <string>
#include <vector>

namespace popscope {

class Profile;

struct TileMemory {
    uint32_t numIpus = 0;
    uint32_t tilesPerIpu = 0;
    uint64_t bytesPerTile = 0;
    std::vector<uint32_t> physicalTileIds; // per global tile
    // Categories present, ordered by categoryOrder(); byCategory[c][tile] = non-overlapped bytes.
    std::vector<std::string> categories;
    std::vector<std::vector<uint32_t>> byCategory;
    std::vector<std::vector<uint32_t>> overlappedByCategory;
    std::array<std::vector<uint32_t>, kMemoryRegionCount> byRegion; // non-overlapped
    std::array<std::vector<uint32_t>, kMemoryRegionCount> gapsByRegion;
    std::vector<uint32_t> alwaysLive;
    std::vector<uint32_t> notAlwaysLive;
    std::vector<uint32_t> totalExcludingGaps; // = sum over categories of byCategory
    std::vector<uint32_t> totalIncludingGaps; // + gaps
    // The full cube, for Details: index [category][region][overlapped] -> per-tile bytes
    // (empty vector = all zero).
    std::vector<std::array<std::array<std::vector<uint32_t>, 2>, kMemoryRegionCount>> cube;

    uint32_t numTiles() const { return numIpus * tilesPerIpu; }
};

TileMemory queryTileMemory(const Profile& profile);
TileMemory tileMemoryFromDocument(const ProfileDocument& doc);

} // namespace popscope
