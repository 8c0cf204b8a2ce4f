#include "models/insights.hpp"

#include "models/tile_scope.hpp"

#include <algorithm>
#include <numeric>

namespace popscope {

namespace {

// Largest vertex state (instances × state) and code (tiles × code) over the tiles in `scope`.
void largestVertices(const LoadedReport& r, const TileScope& scope, InsightsLevel& level)
{
    const size_t types = r.vertexTypes.size();
    std::vector<uint64_t> instances(types, 0);
    std::vector<std::vector<uint8_t>> onTile(types);
    std::vector<uint32_t> tiles(types, 0);
    std::vector<QStringList> sets(types);
    const uint32_t numTiles = r.numTiles();
    for (const ComputeSet& cs : r.computeSets)
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
                    sets[v.vertexType] << QString::fromStdString(cs.name);
            }
        }
    for (size_t t = 0; t < types; ++t) {
        const VertexType& vt = r.vertexTypes[t];
        const uint64_t state = instances[t] * vt.stateBytes;
        if (state > level.vertexState.bytes) {
            QStringList names = sets[t];
            if (names.size() > 3) {
                names = names.mid(0, 3);
                names << QStringLiteral("…");
            }
            level.vertexState = {QString::fromStdString(vt.name), state,
                                 QStringLiteral("%1 instances; compute sets: %2")
                                     .arg(countText(instances[t]), names.join(QStringLiteral(", ")))};
        }
        const uint64_t code = uint64_t(tiles[t]) * vt.codeBytes;
        if (code > level.vertexCode.bytes)
            level.vertexCode = {QString::fromStdString(vt.name), code,
                                QStringLiteral("on %1 tiles").arg(countText(tiles[t]))};
    }
}

void largestVariables(const LoadedReport& r, const TileScope& scope, InsightsLevel& level, MemoryUnit unit)
{
    std::vector<std::pair<uint64_t, uint32_t>> sizes;
    sizes.reserve(r.variables.size());
    for (size_t i = 0; i < r.variables.size(); ++i) {
        const Variable& v = r.variables[i];
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
        const Variable& v = r.variables[sizes[i].second];
        QString detail = QString::fromStdString(v.elementType.empty() ? v.category : v.elementType + ", " + v.category);
        if (!scope.all())
            detail += QStringLiteral("; whole variable %1").arg(bytesText(v.sizeBytes, unit));
        level.variables.push_back({QString::fromStdString(v.name), sizes[i].first, detail});
    }
}

} // namespace

InsightsData computeInsights(const LoadedReport& r, MemoryUnit unit, int histogramBuckets)
{
    InsightsData d;
    const TileMemory& m = r.memory;
    const uint32_t numTiles = m.numTiles();
    d.bytesPerTile = m.bytesPerTile;
    d.used = r.summary.totalUsedIncludingGaps;
    d.capacity = r.summary.totalCapacity;
    d.fits = r.summary.fits;
    d.tilesOverCapacity = r.summary.tilesOverCapacity;
    const auto& totals = m.totalIncludingGaps;

    // Top 5 tiles.
    std::vector<uint32_t> order(numTiles);
    std::iota(order.begin(), order.end(), 0u);
    const size_t top = std::min<size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + long(top), order.end(), [&](uint32_t a, uint32_t b) {
        return totals[a] != totals[b] ? totals[a] > totals[b] : a < b;
    });
    for (size_t i = 0; i < top; ++i)
        d.topTiles.push_back({order[i], order[i] / std::max(m.tilesPerIpu, 1u), totals[order[i]]});

    // Histogram over [0, max(max tile, capacity)].
    const uint64_t maxTile = d.topTiles.empty() ? 0 : d.topTiles.front().bytes;
    const uint64_t range = std::max<uint64_t>({maxTile + 1, m.bytesPerTile, 1});
    histogramBuckets = std::max(histogramBuckets, 1);
    d.bucketWidth = std::max<uint64_t>(1, (range + uint64_t(histogramBuckets) - 1) / uint64_t(histogramBuckets));
    d.bucketCount.assign(size_t(histogramBuckets), 0);
    for (int b = 0; b < histogramBuckets; ++b)
        d.bucketStart.push_back(uint64_t(b) * d.bucketWidth);
    uint64_t sum = 0;
    for (uint32_t t = 0; t < numTiles; ++t) {
        const size_t b = std::min<size_t>(totals[t] / d.bucketWidth, size_t(histogramBuckets - 1));
        ++d.bucketCount[b];
        sum += totals[t];
    }
    d.meanTileBytes = numTiles ? sum / numTiles : 0;

    // Levels: model, the most used IPU, the most used tile.
    d.model.title = QStringLiteral("Model");
    largestVertices(r, TileScope{}, d.model);
    largestVariables(r, TileScope{}, d.model, unit);
    uint32_t worstIpu = 0;
    uint64_t worstIpuBytes = 0;
    for (const auto& ipu : r.summary.ipus)
        if (ipu.usedIncludingGaps > worstIpuBytes) {
            worstIpuBytes = ipu.usedIncludingGaps;
            worstIpu = ipu.ipu;
        }
    std::vector<uint32_t> ipuTiles(m.tilesPerIpu);
    std::iota(ipuTiles.begin(), ipuTiles.end(), worstIpu * m.tilesPerIpu);
    const TileScope ipuScope = TileScope::fromSelection(ipuTiles, numTiles);
    d.ipu.title = QStringLiteral("IPU %1 (most used)").arg(worstIpu);
    largestVertices(r, ipuScope, d.ipu);
    largestVariables(r, ipuScope, d.ipu, unit);
    if (!d.topTiles.empty()) {
        const uint32_t worstTile = d.topTiles.front().tile;
        const TileScope tileScope = TileScope::fromSelection({worstTile}, numTiles);
        d.tile.title = QStringLiteral("Tile %1 (most used)").arg(worstTile);
        largestVertices(r, tileScope, d.tile);
        largestVariables(r, tileScope, d.tile, unit);
    }

    // Tips.
    if (!d.fits)
        d.tips << QStringLiteral("%1 %2 more than the %3 a tile has. Reduce the batch size, enable recomputation, "
                                 "or spread the largest variables on those tiles over more tiles.")
                      .arg(countText(d.tilesOverCapacity),
                           d.tilesOverCapacity == 1 ? QStringLiteral("tile needs") : QStringLiteral("tiles need"),
                           bytesText(m.bytesPerTile, unit));
    std::vector<uint32_t> worst;
    for (const auto& t : d.topTiles)
        worst.push_back(t.tile);
    const TileScope worstScope = TileScope::fromSelection(worst, numTiles);
    uint64_t fp32Bytes = 0;
    QStringList fp32Names;
    std::vector<std::pair<uint64_t, QString>> fp32;
    for (const Variable& v : r.variables) {
        if (v.elementType != "float")
            continue;
        uint64_t bytes = 0;
        for (const TileBytes& tb : v.tiles)
            if (worstScope.contains(tb.tile))
                bytes += tb.bytes;
        if (bytes > 0) {
            fp32Bytes += bytes;
            fp32.emplace_back(bytes, QString::fromStdString(v.name));
        }
    }
    if (!worst.empty() && fp32Bytes > 0) {
        std::sort(fp32.begin(), fp32.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t i = 0; i < fp32.size() && i < 3; ++i)
            fp32Names << fp32[i].second;
        d.tips << QStringLiteral("FP16 candidates: %1 FP32 variables hold %2 on the 5 most used tiles (e.g. %3). "
                                 "Storing them as FP16 would save about %4 there.")
                      .arg(countText(fp32.size()), bytesText(fp32Bytes, unit), fp32Names.join(QStringLiteral(", ")),
                           bytesText(fp32Bytes / 2, unit));
    }
    if (d.meanTileBytes > 0 && maxTile > 2 * d.meanTileBytes)
        d.tips << QStringLiteral("Memory is unbalanced: the most used tile holds %1, %2× the mean of %3. "
                                 "Look at what sits on it in the Memory report (select tile %4).")
                      .arg(bytesText(maxTile, unit), QString::number(double(maxTile) / double(d.meanTileBytes), 'f', 1),
                           bytesText(d.meanTileBytes, unit), QString::number(d.topTiles.front().tile));
    if (!d.tile.title.isEmpty() && d.tile.vertexState.bytes > 0 && maxTile > 0 &&
        d.tile.vertexState.bytes * 4 > maxTile)
        d.tips << QStringLiteral("Vertex state of %1 is over a quarter of the most used tile. Fewer, larger "
                                 "vertices (or a different partitioning of that operation) would shrink it.")
                      .arg(d.tile.vertexState.name);
    if (d.fits && d.capacity > 0)
        d.tips << QStringLiteral("The model fits with %1 spare (%2 of the memory free). The most used tile has %3 left.")
                      .arg(bytesText(d.capacity - std::min(d.used, d.capacity), unit),
                           QString::fromStdString(formatPercent(1.0 - double(d.used) / double(d.capacity))),
                           bytesText(m.bytesPerTile - std::min<uint64_t>(maxTile, m.bytesPerTile), unit));
    return d;
}

} // namespace popscope
