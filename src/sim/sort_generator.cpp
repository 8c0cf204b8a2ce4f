// sort: heap sort on one tile vs bitonic compare-and-swap across all tiles (ipu.md §4-§5).
#include "ceil_div.hpp"
#include "generator_params.hpp"

#include "popscope/sim/workload_builder.hpp"

#include <algorithm>
#include <bit>

namespace popscope::sim {

namespace {

Workload singleTile(WorkloadBuilder& b, const TargetConfig& t, uint64_t n, bool keyValue, int64_t dc)
{
    const uint32_t tile = t.computeTiles(0).front();
    const uint32_t input = b.variable("sort/input/keys", "float", n, TileSet::single(tile), true, dc);
    std::vector<uint32_t> sorted { input };
    if (keyValue)
        sorted.push_back(b.variable("sort/input/values", "unsigned", n, TileSet::single(tile), true, dc));
    const uint32_t vt = keyValue ? b.vertexType("popops::HeapSortVertexKV<float,unsigned>", 1480, 24, 16)
                                 : b.vertexType("popops::HeapSortVertex<float>", 1120, 16, 8);
    ComputeSetDesc cs;
    cs.name = "sort/HeapSort";
    cs.debugContext = dc;
    cs.flops = n * uint64_t(std::max(1, int(std::bit_width(n)) - 1)); // comparisons, n log2 n
    VertexGroup g;
    g.vertexType = vt;
    g.tiles = TileSet::single(tile);
    g.cost.kind = CostKind::HeapSort;
    g.cost.elements = n;
    g.cost.keyValue = keyValue;
    cs.groups.push_back(g);
    cs.reads = sorted;
    cs.writes = sorted;
    const uint32_t heap = b.computeSet(std::move(cs));

    StreamCopyDesc in;
    in.name = "sort/input/fromHost";
    in.tiles = TileSet::single(tile);
    in.bytesPerTile = n * 4 * sorted.size();
    in.debugContext = dc;
    in.writes = sorted;
    StreamCopyDesc out = in;
    out.name = "sort/output/toHost";
    out.toDevice = false;
    out.writes.clear();
    out.reads = sorted;
    const uint32_t scIn = b.streamCopy(std::move(in));
    const uint32_t scOut = b.streamCopy(std::move(out));
    const uint32_t root = b.sequence("sort",
        { b.doStreamCopy(scIn), b.superstep("sort/heapSort", -1, heap, SyncKind::Internal),
            b.sync(SyncKind::Internal), b.doStreamCopy(scOut) },
        dc);
    b.controlProgram(root);
    b.run("sort", 0);
    OperationDesc op;
    op.name = "popops::sort";
    op.layer = "poplar";
    op.debugContext = dc;
    op.computeSets = { heap };
    op.streamCopies = { scIn, scOut };
    b.operation(std::move(op));
    return b.take();
}

// What every step of the bitonic network shares: the tiles, the comparisons each takes, the
// sorted variables and the buffer each step rearranges them into.
struct BitonicNetwork {
    std::vector<uint32_t> tiles;
    TileSet all;
    uint64_t comparisons = 0, base = 0, rem = 0; // the first `rem` tiles take base + 1 comparisons
    double elementsPerTile = 0;
    uint32_t perPair = 4; // bytes of one element (and its value)
    uint32_t vertexType = 0, rearranged = 0;
    std::vector<uint32_t> sorted;
    int64_t dc = -1;
};

// One step (distance j within stage k): the exchange that puts both elements of each comparison on
// one tile, and the compare-and-swap compute set, as one superstep appended to `root`.
void addBitonicStep(WorkloadBuilder& b, const BitonicNetwork& net, uint64_t k, uint64_t j, uint32_t stepIndex,
    uint32_t root, OperationDesc& op)
{
    const std::string name = "sort/bitonic/step" + std::to_string(stepIndex) + "_k" + std::to_string(k) + "_d"
        + std::to_string(j);
    const int64_t stepDc = b.debugContext("poplar", name, net.dc);
    ExchangeDesc ex;
    ex.name = name + "/rearrange";
    ex.debugContext = stepDc;
    ex.tiles = net.all;
    const double crossing = std::min(1.0, double(j) / std::max(1.0, net.elementsPerTile));
    ex.bytesPerTile = std::max<uint64_t>(
        net.perPair, uint64_t(2.0 * double(net.base + (net.rem ? 1 : 0)) * net.perPair * crossing));
    ex.regionsPerTile = 2; // gathered in power-of-two chunks
    ex.reads = net.sorted;
    ex.writes = { net.rearranged };
    const uint32_t e = b.exchange(std::move(ex));
    ComputeSetDesc cs;
    cs.name = name + "/CompareAndSwap";
    cs.debugContext = stepDc;
    cs.flops = net.comparisons;
    VertexGroup g;
    g.vertexType = net.vertexType;
    g.cost.kind = CostKind::CompareAndSwap;
    g.cost.distance = j;
    g.cost.orderChange = k / 2;
    const auto split = net.tiles.begin() + long(net.rem);
    if (net.rem > 0) {
        g.tiles = TileSet::list(std::vector<uint32_t>(net.tiles.begin(), split));
        g.cost.elements = net.base + 1;
        cs.groups.push_back(g);
    }
    if (net.base > 0) {
        g.tiles = TileSet::list(std::vector<uint32_t>(split, net.tiles.end()));
        g.cost.elements = net.base;
        cs.groups.push_back(g);
    }
    cs.reads = { net.rearranged };
    cs.writes = net.sorted;
    const uint32_t c = b.computeSet(std::move(cs));
    b.append(root, b.superstep(name, e, c, SyncKind::Internal));
    op.computeSets.push_back(c);
    op.exchanges.push_back(e);
}

Workload bitonic(WorkloadBuilder& b, const TargetConfig& t, uint64_t n, bool keyValue, int64_t dc)
{
    BitonicNetwork net;
    net.tiles = t.computeTiles(0);
    net.all = TileSet::list(net.tiles);
    net.dc = dc;
    const uint64_t numTiles = net.tiles.size();
    const uint64_t padded = std::bit_ceil(std::max<uint64_t>(2, n)); // built from power-of-two networks
    net.comparisons = ceilDiv(n, 2);
    net.elementsPerTile = double(n) / double(numTiles);
    net.perPair = keyValue ? 8 : 4;
    const uint32_t input = b.variable("sort/input/keys", "float", n, net.all, true, dc);
    net.sorted = { input };
    if (keyValue)
        net.sorted.push_back(b.variable("sort/input/values", "unsigned", n, net.all, true, dc));
    net.vertexType = b.vertexType(keyValue ? "popops::CompareAndSwapAtDistanceKV<float,unsigned>"
                                           : "popops::CompareAndSwapAtDistance<float>",
        1860, 32, 16, 8 * t.workers, "vectorListDescriptor");
    // At most ceil(comparisons / tiles) per tile: the first `rem` tiles take one more.
    net.base = net.comparisons / numTiles;
    net.rem = net.comparisons % numTiles;

    StreamCopyDesc in;
    in.name = "sort/input/fromHost";
    in.tiles = net.all;
    in.bytesPerTile = ceilDiv(n * net.perPair, numTiles);
    in.debugContext = dc;
    in.writes = net.sorted;
    StreamCopyDesc out = in;
    out.name = "sort/output/toHost";
    out.toDevice = false;
    out.writes.clear();
    out.reads = net.sorted;
    const uint32_t scIn = b.streamCopy(std::move(in));
    const uint32_t scOut = b.streamCopy(std::move(out));

    OperationDesc op;
    op.name = "popops::sort";
    op.layer = "poplar";
    op.debugContext = dc;
    op.streamCopies = { scIn, scOut };
    const uint32_t root = b.sequence("sort", { b.doStreamCopy(scIn) }, dc);
    // Each step's layout puts both elements of each comparison on one tile: a temporary that
    // the rearranging copy fills before every step (one buffer, reused by every step).
    net.rearranged = b.variable("sort/bitonic/rearranged", "float", n, net.all, false, dc);
    uint32_t stepIndex = 0;
    for (uint64_t k = 2; k <= padded; k *= 2)
        for (uint64_t j = k / 2; j >= 1; j /= 2, ++stepIndex)
            addBitonicStep(b, net, k, j, stepIndex, root, op);
    b.append(root, b.sync(SyncKind::Internal));
    b.append(root, b.doStreamCopy(scOut));
    b.controlProgram(root);
    b.run("sort", 0);
    b.operation(std::move(op));
    return b.take();
}

} // namespace

Workload generateSort(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const uint64_t n = p.integer("n");
    const std::string algorithm = p.choice("algorithm");
    const bool keyValue = p.flag("keyValue");
    t.numIpus = 1;
    WorkloadBuilder b("sort-" + algorithm);
    const int64_t dc = b.debugContext("poplar", "popops::sort", -1,
        "{\"algorithm\":\"" + algorithm + "\",\"n\":" + std::to_string(n) + "}");
    b.workload().engineOptions = { { "debug.instrument", "true" }, { "autoReport.all", "true" } };
    return algorithm == "single" ? singleTile(b, t, n, keyValue, dc) : bitonic(b, t, n, keyValue, dc);
}

} // namespace popscope::sim
