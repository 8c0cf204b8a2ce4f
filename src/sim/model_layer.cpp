// ModelBuilder::addLayer: one layer's variables, then its forward, backward and update passes,
// each a sequence of supersteps with the operation it belongs to (docs/simulator.md §3).
#include "ceil_div.hpp"
#include "model_builder.hpp"

#include "popscope/sim/cost_model.hpp"

#include <algorithm>
#include <utility>

namespace popscope::sim {

namespace {

void appendAll(std::vector<uint32_t>& to, const std::vector<uint32_t>& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

} // namespace

// What every pass of one layer shares: its names, tiles and debug contexts, and its variables.
struct ModelBuilder::Layer {
    Layer(const LayerSpec& layerSpec, std::string kindName)
        : spec(layerSpec)
        , kind(std::move(kindName))
    {
    }
    const LayerSpec& spec;
    std::string kind; // "Conv" or "MatMul"
    std::vector<uint32_t> ipus;
    uint64_t ntiles = 1;
    int64_t dcFwd = -1, dcBwd = -1, dcUpd = -1;
    bool offload = false; // the optimiser state lives in remote buffers
    bool momentum = false; // momentum state on chip (the detailed variables' bias momentum)
    uint64_t channels = 1;
    TileSet head; // the first few tiles: small per-channel tensors
    uint32_t weights = 0, bias = 0, partials = 0, output = 0;
    std::vector<uint32_t> state; // optimiser state
    std::vector<uint32_t> constants;
    std::vector<uint32_t> normParams;
    int64_t fifo = -1, normMean = -1, normInvStd = -1;
    std::vector<uint32_t> inReads; // the input, when there is one
    std::vector<uint32_t> smallGrads; // bias / normalisation gradients (detailed)
    uint32_t gradW = 0;
};

LayerPrograms ModelBuilder::addLayer(const LayerSpec& spec, int64_t input, uint64_t inputElements)
{
    Layer layer { spec, spec.kind == LayerKind::Conv ? "Conv" : "MatMul" };
    layer.ipus = { spec.ipu };
    layer.ntiles = std::max<uint64_t>(1, spec.tiles.size());
    const std::string& n = spec.name;
    const int64_t dcTorch = m_b.debugContext("poptorch", "model." + n, -1,
        "{\"module\":\"" + n + "\",\"class\":\"" + (spec.kind == LayerKind::Conv ? "Conv2d" : "Linear")
            + "\"}");
    layer.dcFwd
        = m_b.debugContext("popart", layer.kind + ":" + n, dcTorch, "{\"opType\":\"" + layer.kind + "\"}");
    layer.dcBwd = m_b.debugContext(
        "popart", layer.kind + "Grad:" + n, dcTorch, "{\"opType\":\"" + layer.kind + "Grad\"}");
    layer.dcUpd
        = m_b.debugContext("popart", "SGD:" + n, dcTorch, "{\"opType\":\"" + m_options.optimizer + "\"}");
    addLayerVariables(layer);
    if (m_options.detailedVariables)
        addDetailedVariables(layer);
    if (input >= 0)
        layer.inReads.push_back(uint32_t(input));
    LayerPrograms out;
    out.output = layer.output;
    out.forward = forwardPass(layer, inputElements);
    if (!m_options.training) {
        out.backward = m_b.sequence(n + "/backward", {}, layer.dcBwd);
        out.update = m_b.sequence(n + "/update", {}, layer.dcUpd);
        return out;
    }
    out.backward = backwardPass(layer, inputElements);
    out.update = updatePass(layer);
    return out;
}

void ModelBuilder::addLayerVariables(Layer& layer)
{
    const LayerSpec& spec = layer.spec;
    const std::string& n = spec.name;
    const TileSet& tiles = spec.tiles;
    layer.weights = tensor(n + "/weights", "half", spec.weights, tiles, true, layer.dcFwd, true);
    layer.bias = m_b.variable(n + "/bias", "float", std::max<uint64_t>(1, spec.weights / 512),
        TileSet::range(tiles.spans.front().first, uint32_t(std::min<uint64_t>(8, layer.ntiles))), true,
        layer.dcFwd);
    layer.offload = m_options.offloadOptimizer && m_options.training;
    const bool onChip = !layer.offload;
    if (m_options.training && m_options.optimizer == "momentum")
        layer.state.push_back(
            tensor(n + "/optimizer/momentum", "float", spec.weights, tiles, onChip, layer.dcUpd));
    if (m_options.training && m_options.optimizer == "adam") {
        layer.state.push_back(
            tensor(n + "/optimizer/adam/m", "float", spec.weights, tiles, onChip, layer.dcUpd));
        layer.state.push_back(
            tensor(n + "/optimizer/adam/v", "float", spec.weights, tiles, onChip, layer.dcUpd));
    }
    layer.partials = tensor(n + "/partials", "float", spec.activations, tiles, false, layer.dcFwd, true);
    layer.output = tensor(n + "/output", "half", spec.activations, tiles, false, layer.dcFwd);
    for (uint32_t j = 0; j < spec.extraVariables; ++j) {
        const uint32_t tile = tiles.spans.front().first + uint32_t((j * 7919u) % layer.ntiles);
        layer.constants.push_back(m_b.variable(n + "/constants/c" + std::to_string(j), "half",
            24 + (j % 5) * 8, TileSet::single(tile), true, layer.dcFwd, "constant"));
    }
    const uint32_t depth
        = spec.ipu < m_options.stashDepthByIpu.size() ? m_options.stashDepthByIpu[spec.ipu] : 0;
    if (m_options.training && depth > 0)
        layer.fifo = tensor(
            n + "/fifo/activations", "half", uint64_t(depth) * spec.activations, tiles, false, layer.dcFwd);
    layer.momentum = m_options.training && m_options.optimizer == "momentum" && !layer.offload;
    layer.channels = std::max<uint64_t>(1, spec.weights / 512);
    layer.head = TileSet::range(tiles.spans.front().first, uint32_t(std::min<uint64_t>(8, layer.ntiles)));
}

// The demo's detailed variables: worklists, bias / normalisation parameters and their state.
void ModelBuilder::addDetailedVariables(Layer& layer)
{
    const std::string& n = layer.spec.name;
    const bool conv = layer.spec.kind == LayerKind::Conv;
    // One worklist per group of tiles: the AMP vertices' partition of the output.
    const std::vector<uint32_t> all = layer.spec.tiles.expand();
    const uint32_t lists = uint32_t(std::min<uint64_t>(conv ? 48 : 16, all.size()));
    for (uint32_t k = 0; k < lists; ++k) {
        const size_t from = size_t(k) * all.size() / lists, to = size_t(k + 1) * all.size() / lists;
        const TileSet group
            = TileSet::list(std::vector<uint32_t>(all.begin() + long(from), all.begin() + long(to)));
        const uint64_t perTile = 48 + hashBelow(mixHash(0x776f726b6c697374ull, layer.weights, k), 96);
        layer.constants.push_back(m_b.variable(n + "/worklists/" + std::to_string(k), "unsigned short",
            perTile * group.size(), group, true, layer.dcFwd, "constant"));
        m_b.workload().variables.back().unevenPercent = 25;
    }
    if (layer.momentum)
        layer.constants.push_back(m_b.variable(
            n + "/optimizer/bias/momentum", "float", layer.channels, layer.head, true, layer.dcUpd));
    if (!conv)
        return;
    for (const char* p : { "gamma", "beta", "runningMean", "runningVar" })
        layer.normParams.push_back(
            m_b.variable(n + "/norm/" + p, "float", layer.channels, layer.head, true, layer.dcFwd));
    if (layer.momentum)
        for (const char* p : { "gamma", "beta" })
            layer.constants.push_back(m_b.variable(n + "/optimizer/norm/" + std::string(p) + "/momentum",
                "float", layer.channels, layer.head, true, layer.dcUpd));
    layer.normMean
        = m_b.variable(n + "/norm/batchMean", "float", layer.channels, layer.head, false, layer.dcFwd);
    layer.normInvStd
        = m_b.variable(n + "/norm/batchInvStdDev", "float", layer.channels, layer.head, false, layer.dcFwd);
}

// With a poor layout (strided inputs), a copy rearranges the input before the matmul.
int64_t ModelBuilder::preArrange(const Layer& layer, uint64_t inputElements)
{
    if (!m_options.poorLayout)
        return -1;
    const uint32_t copyVt = m_b.vertexType("poplar_rt::DstStridedCopyDA32", 420, 12, 0, 64, "copyDescriptor");
    ComputeSetDesc cs;
    cs.name = layer.spec.name + "/PreArrange";
    cs.debugContext = layer.dcFwd;
    VertexGroup g;
    g.vertexType = copyVt;
    g.tiles = layer.spec.tiles;
    g.perTile = 8;
    g.cost.kind = CostKind::Copy;
    g.cost.elements = ceilDiv(2 * inputElements * 2, layer.ntiles * 8);
    g.jitterPercent = m_options.jitterPercent;
    cs.groups.push_back(g);
    cs.reads = layer.inReads;
    return m_b.computeSet(std::move(cs));
}

// Forward: exchange inputs, partial products, reduce, non-linearity.
uint32_t ModelBuilder::forwardPass(const Layer& layer, uint64_t inputElements)
{
    const LayerSpec& spec = layer.spec;
    const std::string& n = spec.name;
    const int64_t arrange = preArrange(layer, inputElements);
    const int64_t exFwd
        = exchangeOnto(n + "/fwd/ExchangePre", spec, inputElements * 2, layer.dcFwd, layer.inReads, {});
    std::vector<uint32_t> mmReads = layer.inReads;
    mmReads.push_back(layer.weights);
    std::vector<uint32_t> mmWrites { layer.partials };
    if (layer.fifo >= 0)
        mmWrites.push_back(uint32_t(layer.fifo));
    appendAll(mmReads, layer.constants);
    const uint32_t csFwd = matmulSet(
        n + "/" + layer.kind, spec, LayerPass::Forward, spec.flops, layer.dcFwd, mmReads, mmWrites);
    std::vector<uint32_t> reduceWrites { layer.output };
    std::vector<uint32_t> reluReads { layer.output, layer.bias };
    appendAll(reluReads, layer.normParams);
    if (layer.normMean >= 0) {
        for (int64_t v : { layer.normMean, layer.normInvStd }) {
            reduceWrites.push_back(uint32_t(v));
            reluReads.push_back(uint32_t(v));
        }
    }
    const uint32_t csReduce
        = elementwiseSet(n + "/Reduce", "popops::reduction::ReduceAdd<float,half,false,false>", spec,
            spec.activations, 2, layer.dcFwd, { layer.partials }, reduceWrites);
    const uint32_t csRelu = elementwiseSet(n + "/Relu", "popops::UnaryOp1DInPlaceSupervisor<RELU,half>", spec,
        spec.activations, 1, layer.dcFwd, reluReads, { layer.output });
    std::vector<uint32_t> fwd;
    if (arrange >= 0)
        fwd.push_back(
            m_b.superstep(n + "/fwd/preArrange", -1, uint32_t(arrange), SyncKind::Internal, layer.ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/" + layer.kind, exFwd, csFwd, SyncKind::Internal, layer.ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/reduce", -1, csReduce, SyncKind::Internal, layer.ipus));
    fwd.push_back(m_b.superstep(n + "/fwd/relu", -1, csRelu, SyncKind::Internal, layer.ipus));
    const uint32_t forward = m_b.sequence(n + "/forward", fwd, layer.dcFwd);
    std::vector<uint32_t> fwdSets { csFwd, csReduce, csRelu };
    if (arrange >= 0)
        fwdSets.insert(fwdSets.begin(), uint32_t(arrange));
    operation(n + "/" + layer.kind, "popart", layer.dcFwd, fwdSets, { uint32_t(exFwd) }, {},
        spec.flops + 2 * spec.activations);
    return forward;
}

// Backward: non-linearity gradient, gradient of the input, gradient of the weights.
uint32_t ModelBuilder::backwardPass(Layer& layer, uint64_t inputElements)
{
    const LayerSpec& spec = layer.spec;
    const std::string& n = spec.name;
    const TileSet& tiles = spec.tiles;
    const uint32_t gradOut
        = tensor(n + "/gradients/output", "half", spec.activations, tiles, false, layer.dcBwd);
    const uint32_t gradIn = tensor(
        n + "/gradients/input", "half", std::max<uint64_t>(1, inputElements), tiles, false, layer.dcBwd);
    layer.gradW = tensor(n + "/gradients/weights", "float", spec.weights, tiles, false, layer.dcBwd);
    if (m_options.detailedVariables) {
        layer.smallGrads.push_back(
            m_b.variable(n + "/gradients/bias", "float", layer.channels, layer.head, false, layer.dcBwd));
        if (spec.kind == LayerKind::Conv)
            for (const char* p : { "gamma", "beta" })
                layer.smallGrads.push_back(m_b.variable(n + "/gradients/norm/" + std::string(p), "float",
                    layer.channels, layer.head, false, layer.dcBwd));
    }
    std::vector<uint32_t> reluGradReads { layer.output };
    if (layer.fifo >= 0)
        reluGradReads.push_back(uint32_t(layer.fifo));
    if (layer.normMean >= 0) {
        reluGradReads.push_back(uint32_t(layer.normMean));
        reluGradReads.push_back(uint32_t(layer.normInvStd));
    }
    std::vector<uint32_t> reluGradWrites { gradOut };
    appendAll(reluGradWrites, layer.smallGrads);
    const uint32_t csReluGrad
        = elementwiseSet(n + "/ReluGrad", "popops::NonLinearityGradSupervisor<half,RELU>", spec,
            spec.activations, 2, layer.dcBwd, reluGradReads, reluGradWrites);
    const int64_t exBwd
        = exchangeOnto(n + "/bwd/ExchangePre", spec, spec.activations * 2, layer.dcBwd, { gradOut }, {});
    const uint32_t csGradIn = matmulSet(n + "/" + layer.kind + "GradInput", spec, LayerPass::GradInput,
        spec.flops, layer.dcBwd, { gradOut, layer.weights }, { gradIn });
    std::vector<uint32_t> gwReads { gradOut };
    appendAll(gwReads, layer.inReads);
    const uint32_t csGradW = matmulSet(n + "/" + layer.kind + "GradWeights", spec, LayerPass::GradWeights,
        spec.flops, layer.dcBwd, gwReads, { layer.gradW });
    const uint32_t backward = m_b.sequence(n + "/backward",
        { m_b.superstep(n + "/bwd/reluGrad", -1, csReluGrad, SyncKind::Internal, layer.ipus),
            m_b.superstep(n + "/bwd/gradInput", exBwd, csGradIn, SyncKind::Internal, layer.ipus),
            m_b.superstep(n + "/bwd/gradWeights", -1, csGradW, SyncKind::Internal, layer.ipus) },
        layer.dcBwd);
    operation(n + "/" + layer.kind + "Grad", "popart", layer.dcBwd, { csReluGrad, csGradIn, csGradW },
        { uint32_t(exBwd) }, {}, 2 * spec.flops + 2 * spec.activations);
    return backward;
}

// The optimiser state streamed from and back to remote buffers around an offloaded update.
std::vector<uint32_t> ModelBuilder::remoteStateCopies(const Layer& layer)
{
    if (!layer.offload || layer.state.empty())
        return {};
    StreamCopyDesc load;
    load.name = layer.spec.name + "/optimizer/remoteLoad";
    load.remote = true;
    load.toDevice = true;
    load.tiles = layer.spec.tiles;
    load.bytesPerTile = ceilDiv(layer.spec.weights * 4 * layer.state.size(), layer.ntiles);
    load.debugContext = layer.dcUpd;
    load.writes = layer.state;
    StreamCopyDesc store = load;
    store.name = layer.spec.name + "/optimizer/remoteStore";
    store.toDevice = false;
    store.writes.clear();
    store.reads = layer.state;
    const uint32_t loadCopy = m_b.streamCopy(std::move(load));
    return { loadCopy, m_b.streamCopy(std::move(store)) };
}

// Weight update, with the optimiser state streamed from / to remote buffers when offloaded.
uint32_t ModelBuilder::updatePass(const Layer& layer)
{
    const LayerSpec& spec = layer.spec;
    const std::string& n = spec.name;
    const bool adam = m_options.optimizer == "adam";
    const uint32_t perElement = adam ? 12 : m_options.optimizer == "momentum" ? 4 : 2;
    std::vector<uint32_t> updReads { layer.gradW, layer.weights };
    appendAll(updReads, layer.smallGrads);
    appendAll(updReads, layer.state);
    std::vector<uint32_t> updWrites { layer.weights };
    appendAll(updWrites, layer.state);
    const uint32_t csUpd = elementwiseSet(n + "/" + (adam ? "AdamUpdate" : "ScaledAdd"),
        adam ? "popops::AdamUpdate<half,float>" : "popops::ScaledAddSupervisor<half,half,float,true>", spec,
        spec.weights, perElement, layer.dcUpd, updReads, updWrites);
    const std::vector<uint32_t> copies = remoteStateCopies(layer);
    std::vector<uint32_t> upd;
    if (!copies.empty())
        upd.push_back(m_b.doStreamCopy(copies[0]));
    upd.push_back(m_b.superstep(n + "/update", -1, csUpd, SyncKind::Internal, layer.ipus));
    if (!copies.empty())
        upd.push_back(m_b.doStreamCopy(copies[1]));
    const uint32_t update = m_b.sequence(n + "/update", upd, layer.dcUpd);
    operation(n + "/Update", "popart", layer.dcUpd, { csUpd }, {}, copies, spec.weights * perElement);
    return update;
}

} // namespace popscope::sim
