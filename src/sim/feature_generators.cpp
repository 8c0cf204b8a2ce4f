// replicas, offload, io-tiles, strided: one feature on or off over a small model.
#include "generator_params.hpp"
#include "model_builder.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/workload_builder.hpp"

namespace popscope::sim {

namespace {

TileSet computeTiles(const TargetConfig& t)
{
    return TileSet::list(t.computeTiles(0));
}

Workload finish(WorkloadBuilder& b, std::vector<uint32_t> prologue, uint32_t step, uint32_t iterations)
{
    const uint32_t loop = iterations > 1 ? b.repeat("deviceIterations", iterations, { step }) : step;
    prologue.push_back(loop);
    b.controlProgram(b.sequence("main", prologue));
    b.run("main", 0);
    return b.take();
}

std::vector<LayerSpec> denseStack(const TargetConfig& t, uint32_t layers, uint32_t batch, uint64_t hidden)
{
    std::vector<LayerSpec> specs;
    for (uint32_t i = 0; i < layers; ++i)
        specs.push_back(denseLayer(
            "layer" + std::to_string(i + 1) + "/dense", batch, hidden, hidden, 0, computeTiles(t)));
    return specs;
}

} // namespace

Workload generateReplicas(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const auto replicas = uint32_t(p.integer("replicas"));
    const auto batch = uint32_t(p.integer("batch"));
    const uint64_t hidden = p.integer("hidden");
    const auto layers = uint32_t(p.integer("layers"));
    t.numIpus = 1;
    t.replicas = replicas;
    WorkloadBuilder b("replicas-" + std::to_string(replicas));
    b.workload().engineOptions = { { "replicationFactor", std::to_string(replicas) } };
    ModelOptions o;
    o.optimizer = "sgd";
    ModelBuilder m(b, t, o);
    const auto specs = denseStack(t, layers, batch, hidden);
    StackOptions so;
    so.beforeUpdate = [&](uint32_t step) {
        if (replicas == 1)
            return;
        // Ring all-reduce of every layer's weight gradients across the replicas: 2 (R - 1) steps,
        // each moving 1/R of the gradients over the IPU-Links (GCL).
        for (const auto& s : specs) {
            const int64_t dc = b.debugContext("poplar", s.name + "/gradients/allReduce", -1,
                "{\"collective\":\"allReduce\",\"method\":\"clockwise_ring\"}");
            const uint64_t gradBytes = s.weights * 4;
            const uint64_t ntiles = s.tiles.size();
            ExchangeDesc rearrange;
            rearrange.name = s.name + "/gradients/allReduce/rearrange";
            rearrange.debugContext = dc;
            rearrange.tiles = s.tiles;
            rearrange.bytesPerTile = gradBytes / ntiles / replicas;
            rearrange.regionsPerTile = replicas;
            ExchangeDesc ring;
            ring.name = s.name + "/gradients/allReduce/ring";
            ring.kind = ExchangeKind::Global;
            ring.debugContext = dc;
            ring.tiles = s.tiles;
            ring.ringSteps = 2 * (replicas - 1);
            ring.bytesPerTile = gradBytes * 2 * (replicas - 1) / replicas / ntiles;
            ring.regionsPerTile = 2 * (replicas - 1);
            const uint32_t r1 = b.exchange(std::move(rearrange));
            const uint32_t r2 = b.exchange(std::move(ring));
            b.append(step,
                b.sequence(s.name + "/gradients/allReduce",
                    { b.sync(SyncKind::Internal), b.doExchange(r1), b.sync(SyncKind::Global),
                        b.doExchange(r2) },
                    dc));
            OperationDesc op;
            op.name = s.name + "/allReduce";
            op.layer = "popart";
            op.debugContext = dc;
            op.exchanges = { r1, r2 };
            op.flops = s.weights * uint64_t(replicas - 1);
            b.operation(std::move(op));
        }
    };
    const uint32_t step = buildStack(b, m, specs, uint64_t(batch) * hidden, so);
    return finish(b, {}, step, 1);
}

Workload generateOffload(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const bool offload = p.flag("offload");
    const auto batch = uint32_t(p.integer("batch"));
    const uint64_t hidden = p.integer("hidden");
    const auto layers = uint32_t(p.integer("layers"));
    t.numIpus = 1;
    WorkloadBuilder b(offload ? "offload-on" : "offload-off");
    b.workload().engineOptions
        = { { "optimizerStateTensorLocation", offload ? "OffChip (remote buffers)" : "OnChip" } };
    ModelOptions o;
    o.optimizer = "adam";
    o.offloadOptimizer = offload;
    ModelBuilder m(b, t, o);
    const uint32_t step
        = buildStack(b, m, denseStack(t, layers, batch, hidden), uint64_t(batch) * hidden, StackOptions {});
    return finish(b, {}, step, 1);
}

Workload generateIoTiles(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const auto io = uint32_t(p.integer("ioTiles", 0, t.tilesPerIpu / 2));
    if (io % 2 != 0)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "parameter 'ioTiles' of workload 'io-tiles': I/O tiles are allocated in pairs, got "
                + std::to_string(io));
    const uint64_t inputBytes = p.integer("inputBytes");
    const auto batch = uint32_t(p.integer("batch"));
    const auto layers = uint32_t(p.integer("layers"));
    const auto iterations = uint32_t(p.integer("iterations"));
    t.numIpus = 1;
    t.ioTilesPerIpu = io;
    WorkloadBuilder b("io-tiles-" + std::to_string(io));
    b.workload().engineOptions = { { "numIOTiles", std::to_string(io) },
        { "exchange.streamBufferOverlap", io ? "hostRearrangeOnly" : "none" } };
    ModelOptions o;
    o.training = false;
    ModelBuilder m(b, t, o);
    // Feature maps sized so the input of the first layer is `inputBytes` of half values.
    const uint64_t channels = 64;
    uint64_t image = 8;
    while ((image + 8) * (image + 8) * 4 * batch * 2 <= inputBytes)
        image += 8;
    std::vector<LayerSpec> specs;
    for (uint32_t i = 0; i < layers; ++i)
        specs.push_back(convLayer("layer" + std::to_string(i + 1) + "/conv", batch, image,
            i == 0 ? 4 : channels, channels, 3, 0, computeTiles(t)));
    StackOptions so;
    so.training = false;
    so.ioTiles = t.ioTiles();
    const uint32_t step = buildStack(b, m, specs, inputBytes / 2, so);
    std::vector<uint32_t> prologue;
    if (io > 0) { // the first batch is fetched before the loop
        const auto& scs = b.workload().streamCopies;
        for (uint32_t i = 0; i < scs.size(); ++i)
            if (scs[i].name == "input/fromHost")
                prologue.push_back(b.doStreamCopy(i));
    }
    return finish(b, prologue, step, iterations);
}

Workload generateStrided(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const bool strided = p.flag("strided");
    const auto batch = uint32_t(p.integer("batch"));
    const uint64_t hidden = p.integer("hidden");
    const auto layers = uint32_t(p.integer("layers"));
    t.numIpus = 1;
    WorkloadBuilder b(strided ? "strided" : "contiguous");
    ModelOptions o;
    o.optimizer = "sgd";
    o.poorLayout = strided;
    ModelBuilder m(b, t, o);
    const uint32_t step
        = buildStack(b, m, denseStack(t, layers, batch, hidden), uint64_t(batch) * hidden, StackOptions {});
    return finish(b, {}, step, 1);
}

} // namespace popscope::sim
