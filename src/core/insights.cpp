// analyseInsights: the Insights report's analysis over one Report (ported from the Qt models so
// the GUI and the CLI compute the same figures).
#include "popscope/insights.hpp"

#include "popscope/report.hpp"

#include <algorithm>
#include <numeric>

namespace popscope {

namespace {

// Which tiles a level covers: all tiles, or a set (a mask for O(1) lookup).
struct Scope {
    std::vector<uint8_t> mask; // empty = all tiles

    bool all() const { return mask.empty(); }
    bool contains(uint32_t tile) const { return mask.empty() || (tile < mask.size() && mask[tile]); }
    static Scope of(const std::vector<uint32_t>& tiles, uint32_t numTiles)
    {
        Scope scope;
        if (tiles.empty())
            return scope;
        scope.mask.assign(numTiles, 0);
        for (uint32_t t : tiles)
            if (t < numTiles)
                scope.mask[t] = 1;
        return scope;
    }
};

// Largest vertex state (instances × state) and code (tiles × code) over the tiles in `scope`.
void largestVertices(const Report& r, const Scope& scope, InsightLevel& level)
{
    const auto& vertexTypes = r.vertexTypes();
    const size_t types = vertexTypes.size();
    std::vector<uint64_t> instances(types, 0);
    std::vector<std::vector<uint8_t>> onTile(types);
    std::vector<uint32_t> tiles(types, 0);
    std::vector<std::vector<std::string>> sets(types);
    const uint32_t numTiles = r.numTiles();
    for (const ComputeSet& cs : r.computeSets())
        for (const ComputeSetVertices& v : cs.vertices) {
            if (v.vertexType >= types)
                continue;
            uint64_t here = 0;
            for (const TileCount& tc : v.countByTile) {
                if (tc.tile >= numTiles || !scope.contains(tc.tile) || tc.count == 0)
                    continue;
                here += tc.count;
                auto& seen = onTile[v.vertexType];
                if (seen.empty())
                    seen.assign(numTiles, 0);
                if (!seen[tc.tile]) {
                    seen[tc.tile] = 1;
                    ++tiles[v.vertexType];
                }
            }
            if (here > 0) {
                instances[v.vertexType] += here;
                if (sets[v.vertexType].size() < 4)
                    sets[v.vertexType].push_back(cs.name);
            }
        }
    for (size_t t = 0; t < types; ++t) {
        const VertexType& vt = vertexTypes[t];
        const uint64_t state = instances[t] * vt.stateBytes;
        if (state > level.vertexState.bytes) {
            std::vector<std::string> names = sets[t];
            if (names.size() > 3) {
                names.resize(3);
                names.push_back("\xE2\x80\xA6"); // …
            }
            std::string joined;
            for (const std::string& n : names)
                joined += (joined.empty() ? "" : ", ") + n;
            level.vertexState
                = { vt.name, state, formatCount(instances[t]) + " instances; compute sets: " + joined,
                      instances[t], tiles[t], 0 };
        }
        const uint64_t code = uint64_t(tiles[t]) * vt.codeBytes;
        if (code > level.vertexCode.bytes)
            level.vertexCode
                = { vt.name, code, "on " + formatCount(tiles[t]) + " tiles", instances[t], tiles[t], 0 };
    }
}

void largestVariables(const Report& r, const Scope& scope, InsightLevel& level)
{
    const auto& variables = r.variables();
    std::vector<std::pair<uint64_t, uint32_t>> sizes;
    sizes.reserve(variables.size());
    for (size_t i = 0; i < variables.size(); ++i) {
        const VariableRow v = variables[i];
        uint64_t bytes = 0;
        if (scope.all())
            bytes = v.sizeBytes;
        else
            for (const TileBytes& tb : v.tiles)
                if (scope.contains(tb.tile))
                    bytes += tb.bytes;
        if (bytes > 0)
            sizes.emplace_back(bytes, uint32_t(i));
    }
    const size_t n = std::min<size_t>(10, sizes.size());
    std::partial_sort(sizes.begin(), sizes.begin() + long(n), sizes.end(),
        [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; i < n; ++i) {
        const VariableRow v = variables[sizes[i].second];
        InsightItem item;
        item.name = std::string(v.name);
        item.bytes = sizes[i].first;
        item.detail
            = v.elementType.empty() ? v.category.str() : v.elementType.str() + ", " + v.category.str();
        item.wholeBytes = scope.all() ? 0 : v.sizeBytes;
        level.variables.push_back(std::move(item));
    }
}

void addTips(const Report& r, InsightsAnalysis& d)
{
    const TileMemory& m = r.tileMemory();
    const uint32_t numTiles = m.numTiles();
    const uint64_t maxTile = d.topTiles.empty() ? 0 : d.topTiles.front().bytes;
    if (!d.fits) {
        InsightTip tip;
        tip.kind = TipKind::OverCapacity;
        tip.tilesOverCapacity = d.tilesOverCapacity;
        tip.bytesPerTile = m.bytesPerTile;
        d.tips.push_back(std::move(tip));
    }
    std::vector<uint32_t> worst;
    for (const auto& t : d.topTiles)
        worst.push_back(t.tile);
    const Scope worstScope = Scope::of(worst, numTiles);
    uint64_t fp32Bytes = 0;
    std::vector<std::pair<uint64_t, std::string_view>> fp32;
    for (const VariableRow v : r.variables()) {
        if (v.elementType != "float")
            continue;
        uint64_t bytes = 0;
        for (const TileBytes& tb : v.tiles)
            if (worstScope.contains(tb.tile))
                bytes += tb.bytes;
        if (bytes > 0) {
            fp32Bytes += bytes;
            fp32.emplace_back(bytes, v.name);
        }
    }
    if (!worst.empty() && fp32Bytes > 0) {
        std::sort(fp32.begin(), fp32.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        InsightTip tip;
        tip.kind = TipKind::Fp16Candidates;
        tip.fp32Variables = fp32.size();
        tip.fp32Bytes = fp32Bytes;
        for (size_t i = 0; i < fp32.size() && i < 3; ++i)
            tip.examples.emplace_back(fp32[i].second);
        tip.fp16SavingBytes = fp32Bytes / 2;
        tip.worstTileCount = uint32_t(worst.size());
        d.tips.push_back(std::move(tip));
    }
    if (d.meanTileBytes > 0 && maxTile > 2 * d.meanTileBytes) {
        InsightTip tip;
        tip.kind = TipKind::Unbalanced;
        tip.tile = d.topTiles.front().tile;
        tip.tileBytes = maxTile;
        tip.meanTileBytes = d.meanTileBytes;
        tip.ratio = double(maxTile) / double(d.meanTileBytes);
        d.tips.push_back(std::move(tip));
    }
    if (!d.tile.title.empty() && d.tile.vertexState.bytes > 0 && maxTile > 0
        && d.tile.vertexState.bytes * 4 > maxTile) {
        InsightTip tip;
        tip.kind = TipKind::LargeVertexState;
        tip.tile = d.topTiles.front().tile;
        tip.tileBytes = maxTile;
        tip.vertexType = d.tile.vertexState.name;
        tip.vertexStateBytes = d.tile.vertexState.bytes;
        d.tips.push_back(std::move(tip));
    }
    if (d.fits && d.capacity > 0) {
        InsightTip tip;
        tip.kind = TipKind::FitsWithSpare;
        tip.spareBytes = d.capacity - std::min(d.used, d.capacity);
        tip.freeFraction = 1.0 - double(d.used) / double(d.capacity);
        tip.tile = d.topTiles.empty() ? 0 : d.topTiles.front().tile;
        tip.tileBytes = maxTile;
        tip.tileSpareBytes = m.bytesPerTile - std::min<uint64_t>(maxTile, m.bytesPerTile);
        d.tips.push_back(std::move(tip));
    }
}

} // namespace

InsightsAnalysis analyseInsights(const Report& r, int histogramBuckets)
{
    InsightsAnalysis d;
    const TileMemory& m = r.tileMemory();
    const ProfileSummary& summary = r.summary();
    const uint32_t numTiles = m.numTiles();
    d.bytesPerTile = m.bytesPerTile;
    d.used = summary.totalUsedIncludingGaps;
    d.capacity = summary.totalCapacity;
    d.fits = summary.fits;
    d.tilesOverCapacity = summary.tilesOverCapacity;
    const auto& totals = m.totalIncludingGaps;

    // Top 5 tiles.
    std::vector<uint32_t> order(numTiles);
    std::iota(order.begin(), order.end(), 0u);
    const size_t top = std::min<size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + long(top), order.end(),
        [&](uint32_t a, uint32_t b) { return totals[a] != totals[b] ? totals[a] > totals[b] : a < b; });
    for (size_t i = 0; i < top; ++i)
        d.topTiles.push_back({ order[i], order[i] / std::max(m.tilesPerIpu, 1u), totals[order[i]] });

    // Histogram over [0, max(max tile, capacity)].
    const uint64_t maxTile = d.topTiles.empty() ? 0 : d.topTiles.front().bytes;
    const uint64_t range = std::max<uint64_t>({ maxTile + 1, m.bytesPerTile, 1 });
    histogramBuckets = std::max(histogramBuckets, 1);
    d.bucketWidth
        = std::max<uint64_t>(1, (range + uint64_t(histogramBuckets) - 1) / uint64_t(histogramBuckets));
    d.bucketCount.assign(size_t(histogramBuckets), 0);
    for (int b = 0; b < histogramBuckets; ++b)
        d.bucketStart.push_back(uint64_t(b) * d.bucketWidth);
    uint64_t sum = 0;
    for (uint32_t t = 0; t < numTiles; ++t) {
        const size_t b = std::min<size_t>(totals[t] / d.bucketWidth, size_t(histogramBuckets - 1));
        ++d.bucketCount[b];
        sum += totals[t];
        if (totals[t] > m.bytesPerTile)
            d.excessBytes += totals[t] - m.bytesPerTile;
    }
    d.meanTileBytes = numTiles ? sum / numTiles : 0;

    // Levels: model, the most used IPU, the most used tile.
    d.model.title = "Model";
    largestVertices(r, Scope {}, d.model);
    largestVariables(r, Scope {}, d.model);
    uint32_t worstIpu = 0;
    uint64_t worstIpuBytes = 0;
    for (const auto& ipu : summary.ipus)
        if (ipu.usedIncludingGaps > worstIpuBytes) {
            worstIpuBytes = ipu.usedIncludingGaps;
            worstIpu = ipu.ipu;
        }
    std::vector<uint32_t> ipuTiles(m.tilesPerIpu);
    std::iota(ipuTiles.begin(), ipuTiles.end(), worstIpu * m.tilesPerIpu);
    const Scope ipuScope = Scope::of(ipuTiles, numTiles);
    d.ipu.title = "IPU " + std::to_string(worstIpu) + " (most used)";
    largestVertices(r, ipuScope, d.ipu);
    largestVariables(r, ipuScope, d.ipu);
    if (!d.topTiles.empty()) {
        const uint32_t worstTile = d.topTiles.front().tile;
        const Scope tileScope = Scope::of({ worstTile }, numTiles);
        d.tile.title = "Tile " + std::to_string(worstTile) + " (most used)";
        largestVertices(r, tileScope, d.tile);
        largestVariables(r, tileScope, d.tile);
    }
    addTips(r, d);
    return d;
}

} // namespace popscope
