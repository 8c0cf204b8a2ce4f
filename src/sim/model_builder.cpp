#include "model_builder.hpp"
#include "ceil_div.hpp"

#include "popscope/sim/cost_model.hpp"

#include <algorithm>

namespace popscope::sim {

ModelBuilder::ModelBuilder(WorkloadBuilder& builder, const TargetConfig& target, ModelOptions options)
    : m_b(builder)
    , m_target(target)
    , m_options(std::move(options))
{
}

uint32_t ModelBuilder::tensor(const std::string& name, const std::string& type, uint64_t elements,
    const TileSet& tiles, bool alwaysLive, int64_t dc, bool interleaved)
{
    const uint32_t v = m_b.variable(name, type, elements, tiles, alwaysLive, dc);
    auto& d = m_b.workload().variables[v];
    d.unevenPercent = m_options.unevenPercent;
    if (interleaved && m_options.interleavedWeights)
        d.region = MemoryRegion::Interleaved;
    return v;
}

const ConvPlan& ModelBuilder::plan(const LayerSpec& spec, LayerPass pass)
{
    const ConvShape shape = passShape(spec, pass);
    const auto tiles = uint32_t(std::max<uint64_t>(1, spec.tiles.size()));
    auto it = m_plans.find({ shape, tiles });
    if (it == m_plans.end())
        it = m_plans.emplace(std::pair(shape, tiles), planConvolution(shape, m_target, tiles)).first;
    return it->second;
}

// The pass's vertex as poplin's planner would choose it, on the tiles the plan uses (the layer's
// first ones), each running it once for the estimate of the busiest tile.
uint32_t ModelBuilder::matmulSet(const std::string& name, const LayerSpec& spec, LayerPass pass,
    uint64_t flops, int64_t dc, std::vector<uint32_t> reads, std::vector<uint32_t> writes)
{
    const ConvPlan& p = plan(spec, pass);
    const ConvVertexInfo& v = convVertexInfo(p.vertex);
    ComputeSetDesc cs;
    cs.name = name;
    cs.debugContext = dc;
    cs.flops = flops;
    VertexGroup g;
    g.vertexType = m_b.vertexType(v.codelet, v.codeBytes, v.stateBytes, v.fieldBytes);
    std::vector<uint32_t> tiles = spec.tiles.expand();
    tiles.resize(std::min<size_t>(tiles.size(), std::max<uint32_t>(1, p.tiles)));
    g.tiles = TileSet::list(tiles);
    g.perTile = 1;
    g.cost.kind = CostKind::ConvPartial;
    g.cost.cycles = p.computeCycles;
    g.jitterPercent = m_options.jitterPercent;
    cs.groups.push_back(g);
    cs.reads = std::move(reads);
    cs.writes = std::move(writes);
    return m_b.computeSet(std::move(cs));
}

uint32_t ModelBuilder::elementwiseSet(const std::string& name, const std::string& vertex,
    const LayerSpec& spec, uint64_t elements, uint32_t cyclesPerElement, int64_t dc,
    std::vector<uint32_t> reads, std::vector<uint32_t> writes)
{
    const uint32_t vt = m_b.vertexType(vertex, 640, 16, 8);
    ComputeSetDesc cs;
    cs.name = name;
    cs.debugContext = dc;
    cs.flops = elements;
    VertexGroup g;
    g.vertexType = vt;
    g.tiles = spec.tiles;
    g.perTile = m_target.workers; // one worker vertex per worker
    g.cost.kind = CostKind::Elementwise;
    g.cost.elements = ceilDiv(elements, std::max<uint64_t>(1, spec.tiles.size() * m_target.workers));
    g.cost.cyclesPerElement = cyclesPerElement;
    g.jitterPercent = m_options.jitterPercent;
    cs.groups.push_back(g);
    cs.reads = std::move(reads);
    cs.writes = std::move(writes);
    return m_b.computeSet(std::move(cs));
}

int64_t ModelBuilder::exchangeOnto(const std::string& name, const LayerSpec& spec, uint64_t bytes, int64_t dc,
    std::vector<uint32_t> reads, std::vector<uint32_t> writes)
{
    ExchangeDesc ex;
    ex.name = name;
    ex.debugContext = dc;
    ex.tiles = spec.tiles;
    // Inputs are broadcast to about two tiles each (our estimate).
    ex.bytesPerTile = ceilDiv(2 * bytes, std::max<uint64_t>(1, spec.tiles.size()));
    if (m_options.poorLayout) // element-by-element gather: one region per half element
        ex.regionsPerTile = uint32_t(std::max<uint64_t>(1, ex.bytesPerTile / 2));
    ex.jitterPercent = m_options.jitterPercent;
    ex.reads = std::move(reads);
    ex.writes = std::move(writes);
    return m_b.exchange(std::move(ex));
}

void ModelBuilder::operation(const std::string& name, const std::string& layer, int64_t dc,
    std::vector<uint32_t> cs, std::vector<uint32_t> ex, std::vector<uint32_t> sc, uint64_t flops)
{
    OperationDesc op;
    op.name = name;
    op.layer = layer;
    op.debugContext = dc;
    op.flops = flops;
    op.computeSets = std::move(cs);
    op.exchanges = std::move(ex);
    op.streamCopies = std::move(sc);
    m_b.operation(std::move(op));
}

uint32_t ModelBuilder::interIpuCopy(const std::string& name, const TileSet& tiles, uint64_t elements,
    const std::vector<uint32_t>& reads, const std::vector<uint32_t>& writes)
{
    ExchangeDesc ex;
    ex.name = name;
    ex.kind = ExchangeKind::Global;
    ex.tiles = tiles;
    ex.bytesPerTile = ceilDiv(elements * 2, std::max<uint64_t>(1, tiles.size()));
    ex.reads = reads;
    ex.writes = writes;
    const uint32_t e = m_b.exchange(std::move(ex));
    return m_b.sequence(name, { m_b.sync(SyncKind::External), m_b.doExchange(e) });
}

namespace {

uint64_t bytesPerTile(uint64_t bytes, const TileSet& tiles)
{
    return (bytes + tiles.size() - 1) / std::max<uint64_t>(1, tiles.size());
}

// The input streamed from the host onto the first layer's tiles, or, with I/O tiles, prefetched
// onto them while the previous batch computes and exchanged to the compute tiles.
uint32_t streamInput(WorkloadBuilder& b, ModelBuilder& m, const LayerSpec& first, uint64_t inputElements,
    const StackOptions& options, uint32_t step)
{
    const int64_t dcIn = b.debugContext("poptorch", "input", -1, "{\"tensor\":\"input\"}");
    const uint32_t input = b.variable("input/data", "half", inputElements, first.tiles, false, dcIn);
    b.workload().variables[input].unevenPercent = m.options().unevenPercent;
    StreamCopyDesc in;
    in.name = "input/fromHost";
    in.debugContext = dcIn;
    if (options.ioTiles.empty()) {
        in.tiles = first.tiles;
        in.bytesPerTile = bytesPerTile(inputElements * 2, first.tiles);
        in.writes = { input };
        b.append(step, b.doStreamCopy(b.streamCopy(std::move(in))));
        return input;
    }
    const TileSet io = TileSet::list(options.ioTiles);
    const uint32_t buffer = b.variable("input/ioBuffer", "half", inputElements, io, true, dcIn);
    in.tiles = io;
    in.bytesPerTile = bytesPerTile(inputElements * 2, io);
    in.overlap = true;
    in.writes = { buffer };
    const uint32_t sc = b.streamCopy(std::move(in));
    ExchangeDesc ex;
    ex.name = "input/ioTilesToCompute";
    ex.debugContext = dcIn;
    ex.tiles = first.tiles;
    ex.bytesPerTile = bytesPerTile(inputElements * 2, first.tiles);
    ex.reads = { buffer };
    ex.writes = { input };
    const uint32_t e = b.exchange(std::move(ex));
    b.append(step, b.sync(SyncKind::External));
    b.append(step, b.doExchange(e));
    b.append(step, b.doStreamCopy(sc));
    return input;
}

// Gradients flowing back across an IPU boundary, from layer i + 1 to layer i.
void copyGradientsBack(WorkloadBuilder& b, ModelBuilder& m, const std::vector<LayerSpec>& layers, size_t i,
    uint32_t output, uint32_t step)
{
    const uint32_t grads
        = b.variable(layers[i].name + "/gradients/fromIpu" + std::to_string(layers[i + 1].ipu), "half",
            layers[i].activations, layers[i].tiles, false);
    b.workload().variables[grads].unevenPercent = m.options().unevenPercent;
    b.append(step,
        m.interIpuCopy(layers[i + 1].name + "/gradToIpu" + std::to_string(layers[i].ipu), layers[i].tiles,
            layers[i].activations, { output }, { grads }));
}

} // namespace

uint32_t buildStack(WorkloadBuilder& b, ModelBuilder& m, const std::vector<LayerSpec>& layers,
    uint64_t inputElements, const StackOptions& options)
{
    const bool training = options.training;
    const uint32_t step = b.sequence(training ? "trainingStep" : "inferenceStep");
    int64_t prev = streamInput(b, m, layers.front(), inputElements, options, step);
    std::vector<LayerPrograms> progs;
    uint64_t prevElements = inputElements;
    for (size_t i = 0; i < layers.size(); ++i) {
        if (i > 0 && layers[i].ipu != layers[i - 1].ipu) {
            const uint32_t moved
                = b.variable(layers[i].name + "/input", "half", prevElements, layers[i].tiles, false);
            b.workload().variables[moved].unevenPercent = m.options().unevenPercent;
            b.append(step,
                m.interIpuCopy(layers[i - 1].name + "/toIpu" + std::to_string(layers[i].ipu), layers[i].tiles,
                    prevElements, { uint32_t(prev) }, { moved }));
            prev = moved;
        }
        progs.push_back(m.addLayer(layers[i], prev, prevElements));
        b.append(step, progs.back().forward);
        prev = progs.back().output;
        prevElements = layers[i].activations;
    }
    const LayerSpec& last = layers.back();
    StreamCopyDesc out;
    out.name = training ? "loss/toHost" : "output/toHost";
    out.toDevice = false;
    out.tiles = TileSet::range(last.tiles.spans.front().first, 1);
    out.bytesPerTile = training ? 64 : uint64_t(last.batch) * 1000 * 2; // loss, or the logits
    out.reads = { uint32_t(prev) };
    b.append(step, b.doStreamCopy(b.streamCopy(std::move(out))));
    if (!training)
        return step;
    b.append(step, b.sync(SyncKind::External));
    for (size_t i = layers.size(); i-- > 0;) {
        if (i + 1 < layers.size() && layers[i].ipu != layers[i + 1].ipu)
            copyGradientsBack(b, m, layers, i, progs[i].output, step);
        b.append(step, progs[i].backward);
    }
    if (options.beforeUpdate)
        options.beforeUpdate(step);
    for (size_t i = 0; i < layers.size(); ++i)
        b.append(step, progs[i].update);
    return step;
}

} // namespace popscope::sim
