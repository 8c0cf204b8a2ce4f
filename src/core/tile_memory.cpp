#include "popscope/tile_memory.hpp"

#include "popscope/memory_categories.hpp"
#include "popscope/profile.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace popscope {

namespace {

// Adds one IPU's slice into a dense array over all tiles.
void addSlice(
    std::vector<uint32_t>& all, uint32_t ipu, uint32_t tilesPerIpu, const std::vector<uint32_t>& slice)
{
    const size_t base = size_t(ipu) * tilesPerIpu;
    for (size_t t = 0; t < slice.size(); ++t)
        all[base + t] += slice[t];
}

// The categories the series hold, in the categories' order, into categories; returns each one's place.
std::map<std::string, size_t> sortCategories(
    const std::vector<MemorySeries>& memory, std::vector<std::string>& categories)
{
    for (const MemorySeries& s : memory) {
        if (std::find(categories.begin(), categories.end(), s.category) == categories.end())
            categories.push_back(s.category);
    }
    std::stable_sort(categories.begin(), categories.end(),
        [](const std::string& a, const std::string& b) { return categoryOrder(a) < categoryOrder(b); });
    std::map<std::string, size_t> index;
    for (size_t i = 0; i < categories.size(); ++i)
        index[categories[i]] = i;
    return index;
}

// Each tile's total over the regions, without and with the gaps.
void addTotals(TileMemory& m)
{
    const size_t n = m.numTiles();
    m.totalExcludingGaps.assign(n, 0);
    for (const auto& region : m.byRegion) {
        for (size_t t = 0; t < n; ++t)
            m.totalExcludingGaps[t] += region[t];
    }
    m.totalIncludingGaps = m.totalExcludingGaps;
    for (const auto& region : m.gapsByRegion) {
        for (size_t t = 0; t < n; ++t)
            m.totalIncludingGaps[t] += region[t];
    }
}

TileMemory build(const Target& target, std::vector<uint32_t> physicalIds,
    const std::vector<MemorySeries>& memory, const std::vector<GapSeries>& gaps,
    const std::vector<LivenessSplit>& liveness)
{
    TileMemory m;
    m.numIpus = target.numIpus;
    m.tilesPerIpu = target.tilesPerIpu;
    m.bytesPerTile = target.bytesPerTile;
    const size_t n = m.numTiles();
    if (physicalIds.size() == n) {
        m.physicalTileIds = std::move(physicalIds);
    } else {
        m.physicalTileIds.resize(n);
        std::iota(m.physicalTileIds.begin(), m.physicalTileIds.end(), 0u);
    }

    const std::map<std::string, size_t> index = sortCategories(memory, m.categories);

    const std::vector<uint32_t> zeros(n, 0);
    m.byCategory.assign(m.categories.size(), zeros);
    m.overlappedByCategory.assign(m.categories.size(), zeros);
    m.cube.resize(m.categories.size());
    for (auto& r : m.byRegion)
        r = zeros;
    for (auto& r : m.gapsByRegion)
        r = zeros;
    m.alwaysLive = zeros;
    m.notAlwaysLive = zeros;

    for (const MemorySeries& s : memory) {
        const size_t c = index.at(s.category);
        auto& cell = m.cube[c][size_t(s.region)][s.overlapped ? 1 : 0];
        if (cell.empty())
            cell = zeros;
        addSlice(cell, s.ipu, m.tilesPerIpu, s.bytesByTile);
        addSlice(
            s.overlapped ? m.overlappedByCategory[c] : m.byCategory[c], s.ipu, m.tilesPerIpu, s.bytesByTile);
        if (!s.overlapped)
            addSlice(m.byRegion[size_t(s.region)], s.ipu, m.tilesPerIpu, s.bytesByTile);
    }
    for (const GapSeries& g : gaps)
        addSlice(m.gapsByRegion[size_t(g.region)], g.ipu, m.tilesPerIpu, g.bytesByTile);
    for (const LivenessSplit& l : liveness) {
        addSlice(m.alwaysLive, l.ipu, m.tilesPerIpu, l.alwaysLiveBytesByTile);
        addSlice(m.notAlwaysLive, l.ipu, m.tilesPerIpu, l.notAlwaysLiveBytesByTile);
    }
    addTotals(m);
    return m;
}

} // namespace

TileMemory queryTileMemory(const Profile& profile)
{
    return build(profile.target(), profile.readPhysicalTileIds(), profile.readMemory(), profile.readGaps(),
        profile.readLivenessSplit());
}

TileMemory tileMemoryFromDocument(const ProfileDocument& doc)
{
    return build(doc.target, doc.physicalTileIds, doc.memory, doc.gaps, doc.liveness);
}

} // namespace popscope
