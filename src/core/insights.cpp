// analyseInsights: the Insights report's analysis over one Report, for the GUI and the CLI alike.
// Its per-level figures come from the variables and compute sets when the report holds them, else
// stream from the file (insights_levels.hpp): bench-huge's would take 290 MiB held as parts.
#include "popscope/insights.hpp"

#include "insights_levels.hpp"
#include "peak_liveness_pass.hpp"
#include "popscope/report.hpp"
#include "report_access.hpp"
#include "report_variable_rows.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>

namespace popscope {

namespace {

using insights::LargestVariables;
using insights::LargestVertices;
using insights::Scopes;
using insights::TopN;

// A variable's row in a level's list: its bytes there, its type and category.
InsightItem variableItem(const Variable& v, uint64_t bytes, bool wholeLevel)
{
    InsightItem item;
    item.name = v.name;
    item.bytes = bytes;
    item.detail = v.elementType.empty() ? v.category.str() : v.elementType.str() + ", " + v.category.str();
    item.wholeBytes = wholeLevel ? 0 : v.sizeBytes;
    return item;
}

// The variables' figures per level, kept from one pass over the variables' tiles and sizes (held,
// or streamed from the file) that also feeds the liveness peak.
struct VariableFigures {
    LargestVariables largest;
    std::map<uint32_t, Variable> named; // the variables the lists name
};

void gatherVariables(
    const Report& r, const Scopes& scopes, detail::PeakLivenessPass& peak, VariableFigures& out)
{
    // The levels need only their tiles' rows; the peak, when there is one, every row.
    const std::vector<Profile::TileRange> ranges
        = peak.wantsRows() ? std::vector { Profile::TileRange::everyTile() } : scopes.ranges();
    detail::forEachVariableTile(r, ranges, [&](uint32_t variable, uint32_t tile, uint32_t bytes) {
        out.largest.addTile(variable, tile, bytes);
        peak.addTile(variable, tile, bytes);
    });
    detail::forEachVariableSize(r, [&](uint32_t variable, uint64_t size, std::string_view type) {
        out.largest.addVariable(variable, size, type == "float");
        peak.addType(variable, type);
    });
    const std::vector<uint32_t> ids = out.largest.winners();
    std::vector<Variable> named = detail::variablesById(r, ids);
    for (size_t i = 0; i < ids.size(); ++i)
        out.named[ids[i]] = std::move(named[i]);
}

void fillVariables(const VariableFigures& f, const TopN& list, bool wholeLevel, InsightLevel& level)
{
    for (const auto& [bytes, id] : list.sorted())
        level.variables.push_back(variableItem(f.named.at(id), bytes, wholeLevel));
}

// The vertices' figures per level, from the compute sets when the report holds them, else
// streamed; then the level's items, naming the compute sets of the largest.
void gatherVertices(
    const Report& r, const std::vector<VertexType>& types, LargestVertices& vertices, InsightsAnalysis& d)
{
    const auto fill = [&](const std::function<std::string(uint32_t)>& setName) {
        vertices.fill(LargestVertices::kModel, types, d.model, setName);
        vertices.fill(LargestVertices::kIpu, types, d.ipu, setName);
        if (!d.tile.title.empty())
            vertices.fill(LargestVertices::kTile, types, d.tile, setName);
    };
    if (r.hasComputeSets()) {
        const std::vector<ComputeSet>& sets = r.computeSets();
        for (size_t cs = 0; cs < sets.size(); ++cs)
            for (const ComputeSetVertices& v : sets[cs].vertices)
                vertices.add(uint32_t(cs), v);
        fill([&](uint32_t cs) { return sets[cs].name; });
        return;
    }
    detail::ReportAccess::withProfile(r, [&](const Profile& p) {
        p.forEachComputeSetVertices([&](uint32_t cs, const ComputeSetVertices& v) { vertices.add(cs, v); });
        fill([&](uint32_t cs) {
            const auto set = p.readComputeSet(cs);
            return set ? set->name : std::string();
        });
    });
}

void addTips(const Report& r, const VariableFigures& variables, InsightsAnalysis& d)
{
    const TileMemory& m = r.tileMemory();
    const uint64_t maxTile = d.topTiles.empty() ? 0 : d.topTiles.front().bytes;
    if (!d.fits) {
        InsightTip tip;
        tip.kind = TipKind::OverCapacity;
        tip.tilesOverCapacity = d.tilesOverCapacity;
        tip.bytesPerTile = m.bytesPerTile;
        d.tips.push_back(std::move(tip));
    }
    const LargestVariables& largest = variables.largest;
    if (!d.topTiles.empty() && largest.fp32Bytes > 0) {
        InsightTip tip;
        tip.kind = TipKind::Fp16Candidates;
        tip.fp32Variables = largest.fp32Variables;
        tip.fp32Bytes = largest.fp32Bytes;
        for (const auto& [bytes, id] : largest.fp32.sorted())
            tip.examples.push_back(variables.named.at(id).name);
        tip.fp16SavingBytes = largest.fp32Bytes / 2;
        tip.worstTileCount = uint32_t(d.topTiles.size());
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

// The levers at the liveness peak: recomputation when it would lower the peak by 1 % or more, FP16
// for the FP32 variables live there, and the batch that fits.
void addPeakTips(const PeakLiveness& peak, InsightsAnalysis& d)
{
    if (!peak.available || peak.worstTiles.empty())
        return;
    const auto tipOf = [&](TipKind kind) {
        InsightTip tip;
        tip.kind = kind;
        tip.peakStep = peak.step;
        tip.tile = peak.worstTiles.front().tile;
        return tip;
    };
    const PeakLevers& levers = peak.levers;
    if (levers.recompute.chosen > 0 && levers.recompute.savingBytes * 100 >= peak.total()) {
        InsightTip tip = tipOf(TipKind::RecomputeAtPeak);
        tip.variables = levers.recompute;
        d.tips.push_back(std::move(tip));
    }
    if (levers.fp32.chosen > 0) {
        InsightTip tip = tipOf(TipKind::Fp16AtPeak);
        tip.variables = levers.fp32;
        d.tips.push_back(std::move(tip));
    }
    if (levers.batch.available) {
        InsightTip tip = tipOf(TipKind::BatchAtPeak);
        tip.batch = levers.batch;
        d.tips.push_back(std::move(tip));
    }
}

// The five most used tiles, most used first.
void addTopTiles(const TileMemory& m, InsightsAnalysis& d)
{
    const auto& totals = m.totalIncludingGaps;
    std::vector<uint32_t> order(m.numTiles());
    std::iota(order.begin(), order.end(), 0u);
    const size_t top = std::min<size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + long(top), order.end(),
        [&](uint32_t a, uint32_t b) { return totals[a] != totals[b] ? totals[a] > totals[b] : a < b; });
    for (size_t i = 0; i < top; ++i)
        d.topTiles.push_back({ order[i], order[i] / std::max(m.tilesPerIpu, 1u), totals[order[i]] });
}

// The tiles' histogram over [0, max(max tile, capacity)], their mean and their bytes over capacity.
void addHistogram(const TileMemory& m, int histogramBuckets, InsightsAnalysis& d)
{
    const auto& totals = m.totalIncludingGaps;
    const uint32_t numTiles = m.numTiles();
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
}

// The levels: the model, the most used IPU, the most used tile (titled in d).
Scopes levelScopes(const TileMemory& m, const ProfileSummary& summary, InsightsAnalysis& d)
{
    const uint32_t numTiles = m.numTiles();
    uint32_t worstIpu = 0;
    uint64_t worstIpuBytes = 0;
    for (const auto& ipu : summary.ipus)
        if (ipu.usedIncludingGaps > worstIpuBytes) {
            worstIpuBytes = ipu.usedIncludingGaps;
            worstIpu = ipu.ipu;
        }
    Scopes scopes;
    scopes.numTiles = numTiles;
    scopes.ipuFirst = std::min(worstIpu * m.tilesPerIpu, numTiles);
    scopes.ipuEnd = std::min(scopes.ipuFirst + m.tilesPerIpu, numTiles);
    for (const InsightTile& t : d.topTiles)
        scopes.worst.push_back(t.tile);
    d.model.title = "Model";
    d.ipu.title = "IPU " + std::to_string(worstIpu) + " (most used)";
    if (!d.topTiles.empty()) {
        scopes.hasTile = true;
        scopes.tile = d.topTiles.front().tile;
        d.tile.title = "Tile " + std::to_string(scopes.tile) + " (most used)";
    }
    return scopes;
}

} // namespace

InsightsAnalysis analyseInsights(const Report& r, int histogramBuckets)
{
    InsightsAnalysis d;
    const TileMemory& m = r.tileMemory();
    const ProfileSummary& summary = r.summary();
    d.bytesPerTile = m.bytesPerTile;
    d.used = summary.totalUsedIncludingGaps;
    d.capacity = summary.totalCapacity;
    d.fits = summary.fits;
    d.tilesOverCapacity = summary.tilesOverCapacity;
    addTopTiles(m, d);
    addHistogram(m, histogramBuckets, d);

    // The parts analysed below are asked for first: the streamed reads hold the report's connection.
    detail::PeakLivenessPass peak(r);
    const Scopes scopes = levelScopes(m, summary, d);
    const std::vector<VertexType>& types = r.vertexTypes();
    LargestVertices vertices(scopes, types.size());
    gatherVertices(r, types, vertices, d);
    VariableFigures variables { LargestVariables(scopes, detail::variableCount(r)), {} };
    gatherVariables(r, scopes, peak, variables);
    d.peakLiveness = peak.finish();
    fillVariables(variables, variables.largest.model, true, d.model);
    fillVariables(variables, variables.largest.ipu, false, d.ipu);
    if (scopes.hasTile)
        fillVariables(variables, variables.largest.tile, false, d.tile);
    addTips(r, variables, d);
    addPeakTips(d.peakLiveness, d);
    return d;
}

} // namespace popscope
