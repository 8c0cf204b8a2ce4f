#include "model_builder.hpp"

#include "popscope/sim/cost_model.hpp"

#include <algorithm>

namespace popscope::sim {

namespace {
uint64_t ceilDiv(uint64_t a, uint64_t b)
{
    return b == 0 ? 0 : (a + b - 1) / b;
}
const char* kindName(LayerKind k)
{
    return k == LayerKind::Conv ? "Conv" : "MatMul";
}
} // namespace

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

uint32_t ModelBuilder::ampEfficiency(uint32_t batch)
{
    return std::clamp<uint32_t>(100 * batch / (batch + 4), 10, 100);
}

uint32_t ModelBuilder::matmulSet(const std::string& name, const LayerSpec& spec, uint64_t flops, int64_t dc,
    std::vector<uint32_t> reads, std::vector<uint32_t> writes)
{
    const bool conv = spec.kind == LayerKind::Conv;
    const uint32_t vt = conv
        ? m_b.vertexType("poplin::ConvPartialHorizontalMac<half,float,true>", 4200, 56, 32)
        : m_b.vertexType("poplin::ConvPartial1x1Out<half,float,true,false>", 3400, 48, 24);
    ComputeSetDesc cs;
    cs.name = name;
    cs.debugContext = dc;
    cs.flops = flops;
    VertexGroup g;
    g.vertexType = vt;
    g.tiles = spec.tiles;
    g.perTile = 1;
    g.cost.kind = CostKind::MatMul;
    g.cost.flops = ceilDiv(flops, std::max<uint64_t>(1, spec.tiles.size()));
    g.cost.half = true;
    g.cost.efficiencyPercent = ampEfficiency(spec.batch);
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

LayerPrograms ModelBuilder::addLayer(const LayerSpec& spec, int64_t input, uint64_t inputElements)
{
    const std::string& n = spec.name;
    const std::string kind = kindName(spec.kind);
    const TileSet& tiles = spec.tiles;
    const std::vector<uint32_t> ipus { spec.ipu };
    const uint64_t ntiles = std::max<uint64_t>(1, tiles.size());

    const int64_t dcTorch = m_b.debugContext("poptorch", "model." + n, -1,
        "{\"module\":\"" + n + "\",\"class\":\"" + (spec.kind == LayerKind::Conv ? "Conv2d" : "Linear")
            + "\"}");
    const int64_t dcFwd
        = m_b.debugContext("popart", kind + ":" + n, dcTorch, "{\"opType\":\"" + kind + "\"}");
    const int64_t dcBwd
        = m_b.debugContext("popart", kind + "Grad:" + n, dcTorch, "{\"opType\":\"" + kind + "Grad\"}");
    const int64_t dcUpd
        = m_b.debugContext("popart", "SGD:" + n, dcTorch, "{\"opType\":\"" + m_options.optimizer + "\"}");

    // Variables.
    const uint32_t weights = tensor(n + "/weights", "half", spec.weights, tiles, true, dcFwd, true);
    const uint32_t bias = m_b.variable(n + "/bias", "float", std::max<uint64_t>(1, spec.weights / 512),
        TileSet::range(tiles.spans.front().first, uint32_t(std::min<uint64_t>(8, ntiles))), true, dcFwd);
    std::vector<uint32_t> state;
    const bool offload = m_options.offloadOptimizer && m_options.training;
    if (m_options.training && m_options.optimizer == "momentum")
        state.push_back(tensor(n + "/optimizer/momentum", "float", spec.weights, tiles, !offload, dcUpd));
    if (m_options.training && m_options.optimizer == "adam") {
        state.push_back(tensor(n + "/optimizer/adam/m", "float", spec.weights, tiles, !offload, dcUpd));
        state.push_back(tensor(n + "/optimizer/adam/v", "float", spec.weights, tiles, !offload, dcUpd));
    }
    const uint32_t partials = tensor(n + "/partials", "float", spec.activations, tiles, false, dcFwd, true);
    const uint32_t output = tensor(n + "/output", "half", spec.activations, tiles, false, dcFwd);
    std::vector<uint32_t> constants;
    for (uint32_t j = 0; j < spec.extraVariables; ++j) {
        const uint32_t tile = tiles.spans.front().first + uint32_t((j * 7919u) % ntiles);
        constants.push_back(m_b.variable(n + "/constants/c" + std::to_string(j), "half", 24 + (j % 5) * 8,
            TileSet::single(tile), true, dcFwd, "constant"));
    }
    int64_t fifo = -1;
    const uint32_t depth
        = spec.ipu < m_options.stashDepthByIpu.size() ? m_options.stashDepthByIpu[spec.ipu] : 0;
    if (m_options.training && depth > 0)
        fifo = tensor(
            n + "/fifo/activations", "half", uint64_t(depth) * spec.activations, tiles, false, dcFwd);

    // Detailed variables (demo): worklists, bias / normalisation parameters and their state.
    const bool conv = spec.kind == LayerKind::Conv;
    const bool detailed = m_options.detailedVariables;
    const bool momentum = m_options.training && m_options.optimizer == "momentum" && !offload;
    const uint64_t channels = std::max<uint64_t>(1, spec.weights / 512);
    const TileSet head = TileSet::range(tiles.spans.front().first, uint32_t(std::min<uint64_t>(8, ntiles)));
    int64_t normMean = -1, normInvStd = -1;
    std::vector<uint32_t> normParams;
    if (detailed) {
        // One worklist per group of tiles: the AMP vertices' partition of the output.
        const std::vector<uint32_t> all = tiles.expand();
        const uint32_t lists = uint32_t(std::min<uint64_t>(conv ? 48 : 16, all.size()));
        for (uint32_t k = 0; k < lists; ++k) {
            const size_t from = size_t(k) * all.size() / lists, to = size_t(k + 1) * all.size() / lists;
            const TileSet group
                = TileSet::list(std::vector<uint32_t>(all.begin() + long(from), all.begin() + long(to)));
            const uint64_t perTile = 48 + hashBelow(mixHash(0x776f726b6c697374ull, weights, k), 96);
            constants.push_back(m_b.variable(n + "/worklists/" + std::to_string(k), "unsigned short",
                perTile * group.size(), group, true, dcFwd, "constant"));
            m_b.workload().variables.back().unevenPercent = 25;
        }
        if (momentum)
            constants.push_back(
                m_b.variable(n + "/optimizer/bias/momentum", "float", channels, head, true, dcUpd));
        if (conv) {
            for (const char* p : { "gamma", "beta", "runningMean", "runningVar" })
                normParams.push_back(m_b.variable(n + "/norm/" + p, "float", channels, head, true, dcFwd));
            if (momentum)
                for (const char* p : { "gamma", "beta" })
                    constants.push_back(m_b.variable(n + "/optimizer/norm/" + std::string(p) + "/momentum",
                        "float", channels, head, true, dcUpd));
            normMean = m_b.variable(n + "/norm/batchMean", "float", channels, head, false, dcFwd);
            normInvStd = m_b.variable(n + "/norm/batchInvStdDev", "float", channels, head, false, dcFwd);
        }
    }

    // Forward: exchange inputs, partial products, reduce, non-linearity.
    std::vector<uint32_t> inReads;
    if (input >= 0)
        inReads.push_back(uint32_t(input));
    std::vector<uint32_t> fwdPre;
    int64_t preArrange = -1;
    if (m_options.poorLayout) {
        const uint32_t copyVt
            = m_b.vertexType("poplar_rt::DstStridedCopyDA32", 420, 12, 0, 64, "copyDescriptor");
        ComputeSetDesc cs;
        cs.name = n + "/PreArrange";
        cs.debugContext = dcFwd;
        VertexGroup g;
        g.vertexType = copyVt;
        g.tiles = tiles;
        g.perTile = 8;
        g.cost.kind = CostKind::Copy;
        g.cost.elements = ceilDiv(2 * inputElements * 2, ntiles * 8);
        g.jitterPercent = m_options.jitterPercent;
        cs.groups.push_back(g);
        cs.reads = inReads;
        preArrange = m_b.computeSet(std::move(cs));
    }
    const int64_t exFwd = exchangeOnto(n + "/fwd/ExchangePre", spec, inputElements * 2, dcFwd, inReads, {});
    std::vector<uint32_t> mmReads = inReads;
    mmReads.push_back(weights);
    std::vector<uint32_t> mmWrites { partials };
    if (fifo >= 0)
        mmWrites.push_back(uint32_t(fifo));
    mmReads.insert(mmReads.end(), constants.begin(), constants.end());
    const uint32_t csFwd = matmulSet(n + "/" + kind, spec, spec.flops, dcFwd, mmReads, mmWrites);
    std::vector<uint32_t> reduceWrites { output };
    std::vector<uint32_t> reluReads { output, bias };
    reluReads.insert(reluReads.end(), normParams.begin(), normParams.end());
    if (normMean >= 0) {
        reduceWrites.push_back(uint32_t(normMean));
        reduceWrites.push_back(uint32_t(normInvStd));
        reluReads.push_back(uint32_t(normMean));
        reluReads.push_back(uint32_t(normInvStd));
    }
    const uint32_t csReduce
        = elementwiseSet(n + "/Reduce", "popops::reduction::ReduceAdd<float,half,false,false>", spec,
            spec.activations, 2, dcFwd, { partials }, reduceWrites);
    const uint32_t csRelu = elementwiseSet(n + "/Relu", "popops::UnaryOp1DInPlaceSupervisor<RELU,half>", spec,
        spec.activations, 1, dcFwd, reluReads, { output });
    LayerPrograms out;
    out.output = output;
    std::vector<uint32_t> fwd;
    if (preArrange >= 0)
        fwd.push_back(
            m_b.superstep(n + "/fwd/preArrange", -1, uint32_t(preArrange), SyncKind::Internal, ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/" + kind, exFwd, csFwd, SyncKind::Internal, ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/reduce", -1, csReduce, SyncKind::Internal, ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/relu", -1, csRelu, SyncKind::Internal, ipus));
    out.forward = m_b.sequence(n + "/forward", fwd, dcFwd);
    std::vector<uint32_t> fwdSets { csFwd, csReduce, csRelu };
    if (preArrange >= 0)
        fwdSets.insert(fwdSets.begin(), uint32_t(preArrange));
    operation(
        n + "/" + kind, "popart", dcFwd, fwdSets, { uint32_t(exFwd) }, {}, spec.flops + 2 * spec.activations);

    if (!m_options.training) {
        out.backward = m_b.sequence(n + "/backward", {}, dcBwd);
        out.update = m_b.sequence(n + "/update", {}, dcUpd);
        return out;
    }
    // Backward: non-linearity gradient, gradient of the input, gradient of the weights.
    const uint32_t gradOut = tensor(n + "/gradients/output", "half", spec.activations, tiles, false, dcBwd);
    const uint32_t gradIn
        = tensor(n + "/gradients/input", "half", std::max<uint64_t>(1, inputElements), tiles, false, dcBwd);
    const uint32_t gradW = tensor(n + "/gradients/weights", "float", spec.weights, tiles, false, dcBwd);
    std::vector<uint32_t> smallGrads; // bias / normalisation gradients (detailed)
    if (detailed) {
        smallGrads.push_back(m_b.variable(n + "/gradients/bias", "float", channels, head, false, dcBwd));
        if (conv)
            for (const char* p : { "gamma", "beta" })
                smallGrads.push_back(m_b.variable(
                    n + "/gradients/norm/" + std::string(p), "float", channels, head, false, dcBwd));
    }
    std::vector<uint32_t> reluGradReads { output };
    if (fifo >= 0)
        reluGradReads.push_back(uint32_t(fifo));
    if (normMean >= 0) {
        reluGradReads.push_back(uint32_t(normMean));
        reluGradReads.push_back(uint32_t(normInvStd));
    }
    std::vector<uint32_t> reluGradWrites { gradOut };
    reluGradWrites.insert(reluGradWrites.end(), smallGrads.begin(), smallGrads.end());
    const uint32_t csReluGrad
        = elementwiseSet(n + "/ReluGrad", "popops::NonLinearityGradSupervisor<half,RELU>", spec,
            spec.activations, 2, dcBwd, reluGradReads, reluGradWrites);
    const int64_t exBwd
        = exchangeOnto(n + "/bwd/ExchangePre", spec, spec.activations * 2, dcBwd, { gradOut }, {});
    const uint32_t csGradIn
        = matmulSet(n + "/" + kind + "GradInput", spec, spec.flops, dcBwd, { gradOut, weights }, { gradIn });
    std::vector<uint32_t> gwReads { gradOut };
    gwReads.insert(gwReads.end(), inReads.begin(), inReads.end());
    const uint32_t csGradW
        = matmulSet(n + "/" + kind + "GradWeights", spec, spec.flops, dcBwd, gwReads, { gradW });
    out.backward = m_b.sequence(n + "/backward",
        { m_b.superstep(n + "/bwd/reluGrad", -1, csReluGrad, SyncKind::Internal, ipus),
            m_b.superstep(n + "/bwd/gradInput", exBwd, csGradIn, SyncKind::Internal, ipus),
            m_b.superstep(n + "/bwd/gradWeights", -1, csGradW, SyncKind::Internal, ipus) },
        dcBwd);
    operation(n + "/" + kind + "Grad", "popart", dcBwd, { csReluGrad, csGradIn, csGradW },
        { uint32_t(exBwd) }, {}, 2 * spec.flops + 2 * spec.activations);

    // Weight update, with the optimiser state streamed from / to remote buffers when offloaded.
    const uint32_t perElement = m_options.optimizer == "adam" ? 12
        : m_options.optimizer == "momentum"                   ? 4
                                                              : 2;
    std::vector<uint32_t> updReads { gradW, weights };
    updReads.insert(updReads.end(), smallGrads.begin(), smallGrads.end());
    updReads.insert(updReads.end(), state.begin(), state.end());
    std::vector<uint32_t> updWrites { weights };
    updWrites.insert(updWrites.end(), state.begin(), state.end());
    const uint32_t csUpd
        = elementwiseSet(n + "/" + (m_options.optimizer == "adam" ? "AdamUpdate" : "ScaledAdd"),
            m_options.optimizer == "adam" ? "popops::AdamUpdate<half,float>"
                                          : "popops::ScaledAddSupervisor<half,half,float,true>",
            spec, spec.weights, perElement, dcUpd, updReads, updWrites);
    std::vector<uint32_t> upd;
    std::vector<uint32_t> copies;
    if (offload && !state.empty()) {
        StreamCopyDesc load;
        load.name = n + "/optimizer/remoteLoad";
        load.remote = true;
        load.toDevice = true;
        load.tiles = tiles;
        load.bytesPerTile = ceilDiv(spec.weights * 4 * state.size(), ntiles);
        load.debugContext = dcUpd;
        load.writes = state;
        StreamCopyDesc store = load;
        store.name = n + "/optimizer/remoteStore";
        store.toDevice = false;
        store.writes.clear();
        store.reads = state;
        copies.push_back(m_b.streamCopy(std::move(load)));
        copies.push_back(m_b.streamCopy(std::move(store)));
        upd.push_back(m_b.doStreamCopy(copies[0]));
    }
    upd.push_back(m_b.superstep(n + "/update", -1, csUpd, SyncKind::Internal, ipus));
    if (!copies.empty())
        upd.push_back(m_b.doStreamCopy(copies[1]));
    out.update = m_b.sequence(n + "/update", upd, dcUpd);
    operation(n + "/Update", "popart", dcUpd, { csUpd }, {}, copies, spec.weights * perElement);
    return out;
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

} // namespace popscope::sim

namespace popscope::sim {

LayerSpec denseLayer(const std::string& name, uint32_t batch, uint64_t inputs, uint64_t outputs, uint32_t ipu,
    const TileSet& tiles)
{
    LayerSpec s;
    s.name = name;
    s.kind = LayerKind::MatMul;
    s.flops = 2 * uint64_t(batch) * inputs * outputs;
    s.weights = inputs * outputs;
    s.activations = uint64_t(batch) * outputs;
    s.ipu = ipu;
    s.tiles = tiles;
    s.batch = batch;
    return s;
}

LayerSpec convLayer(const std::string& name, uint32_t batch, uint64_t image, uint64_t inChannels,
    uint64_t outChannels, uint64_t kernel, uint32_t ipu, const TileSet& tiles)
{
    LayerSpec s;
    s.name = name;
    s.kind = LayerKind::Conv;
    s.flops = 2 * uint64_t(batch) * image * image * inChannels * outChannels * kernel * kernel;
    s.weights = inChannels * outChannels * kernel * kernel;
    s.activations = uint64_t(batch) * image * image * outChannels;
    s.ipu = ipu;
    s.tiles = tiles;
    s.batch = batch;
    return s;
}

uint32_t buildStack(WorkloadBuilder& b, ModelBuilder& m, const std::vector<LayerSpec>& layers,
    uint64_t inputElements, const StackOptions& options)
{
    const bool training = options.training;
    const LayerSpec& first = layers.front();
    const int64_t dcIn = b.debugContext("poptorch", "input", -1, "{\"tensor\":\"input\"}");
    const uint32_t input = b.variable("input/data", "half", inputElements, first.tiles, false, dcIn);
    b.workload().variables[input].unevenPercent = m.options().unevenPercent;
    auto perTile = [](uint64_t bytes, const TileSet& tiles) {
        return (bytes + tiles.size() - 1) / std::max<uint64_t>(1, tiles.size());
    };
    StreamCopyDesc in;
    in.name = "input/fromHost";
    in.debugContext = dcIn;
    const uint32_t step = b.sequence(training ? "trainingStep" : "inferenceStep");
    if (options.ioTiles.empty()) {
        in.tiles = first.tiles;
        in.bytesPerTile = perTile(inputElements * 2, first.tiles);
        in.writes = { input };
        b.append(step, b.doStreamCopy(b.streamCopy(std::move(in))));
    } else {
        // Prefetch: the next batch streams onto the I/O tiles while this one is computed.
        const TileSet io = TileSet::list(options.ioTiles);
        const uint32_t buffer = b.variable("input/ioBuffer", "half", inputElements, io, true, dcIn);
        in.tiles = io;
        in.bytesPerTile = perTile(inputElements * 2, io);
        in.overlap = true;
        in.writes = { buffer };
        const uint32_t sc = b.streamCopy(std::move(in));
        ExchangeDesc ex;
        ex.name = "input/ioTilesToCompute";
        ex.debugContext = dcIn;
        ex.tiles = first.tiles;
        ex.bytesPerTile = perTile(inputElements * 2, first.tiles);
        ex.reads = { buffer };
        ex.writes = { input };
        const uint32_t e = b.exchange(std::move(ex));
        b.append(step, b.sync(SyncKind::External));
        b.append(step, b.doExchange(e));
        b.append(step, b.doStreamCopy(sc));
    }

    std::vector<LayerPrograms> progs;
    int64_t prev = input;
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
    const TileSet outTiles = TileSet::range(last.tiles.spans.front().first, 1);
    out.tiles = outTiles;
    out.bytesPerTile = training ? 64 : uint64_t(last.batch) * 1000 * 2; // loss, or the logits
    out.reads = { uint32_t(prev) };
    b.append(step, b.doStreamCopy(b.streamCopy(std::move(out))));
    if (!training)
        return step;
    b.append(step, b.sync(SyncKind::External));
    for (size_t i = layers.size(); i-- > 0;) {
        if (i + 1 < layers.size() && layers[i].ipu != layers[i + 1].ipu) {
            const uint32_t grads
                = b.variable(layers[i].name + "/gradients/fromIpu" + std::to_string(layers[i + 1].ipu),
                    "half", layers[i].activations, layers[i].tiles, false);
            b.workload().variables[grads].unevenPercent = m.options().unevenPercent;
            b.append(step,
                m.interIpuCopy(layers[i + 1].name + "/gradToIpu" + std::to_string(layers[i].ipu),
                    layers[i].tiles, layers[i].activations, { progs[i].output }, { grads }));
        }
        b.append(step, progs[i].backward);
    }
    if (options.beforeUpdate)
        options.beforeUpdate(step);
    for (size_t i = 0; i < layers.size(); ++i)
        b.append(step, progs[i].update);
    return step;
}

} // namespace popscope::sim
