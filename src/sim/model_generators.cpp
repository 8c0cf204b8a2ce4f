// matmul, conv, demo and bench: stacks of layers built with ModelBuilder.
#include "generator_params.hpp"
#include "model_builder.hpp"

#include "popscope/sim/workload_builder.hpp"

#include <algorithm>

namespace popscope::sim {

namespace {

TileSet ipuTiles(const TargetConfig& t, uint32_t ipu)
{
    return TileSet::list(t.computeTiles(ipu));
}

// A sub-range of an IPU's compute tiles: `count` tiles starting at position `offset`.
TileSet tileSlice(const TargetConfig& t, uint32_t ipu, uint32_t offset, uint32_t count)
{
    const std::vector<uint32_t> all = t.computeTiles(ipu);
    std::vector<uint32_t> slice;
    for (uint32_t i = 0; i < count && i < all.size(); ++i)
        slice.push_back(all[(offset + i) % all.size()]);
    std::sort(slice.begin(), slice.end());
    return TileSet::list(slice);
}

Workload finish(WorkloadBuilder& b, uint32_t step, uint32_t iterations, const std::string& runName)
{
    const uint32_t loop = iterations > 1 ? b.repeat("deviceIterations", iterations, { step }) : step;
    b.controlProgram(b.sequence("main", { loop }));
    b.run(runName, uint32_t(b.workload().controlPrograms.size() - 1));
    return b.take();
}

} // namespace

Workload generateMatmul(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const auto batch = uint32_t(p.integer("batch"));
    const uint64_t inputs = p.integer("inputs");
    const uint64_t outputs = p.integer("outputs");
    const auto layers = uint32_t(p.integer("layers"));
    t.numIpus = uint32_t(p.integer("ipus"));
    const bool training = p.flag("training");
    const auto iterations = uint32_t(p.integer("iterations"));
    WorkloadBuilder b("matmul");
    ModelOptions o;
    o.training = training;
    o.optimizer = "sgd";
    ModelBuilder m(b, t, o);
    std::vector<LayerSpec> specs;
    for (uint32_t i = 0; i < layers; ++i) {
        const uint32_t ipu = i * t.numIpus / layers;
        specs.push_back(denseLayer("layer" + std::to_string(i + 1) + "/matmul", batch,
            i == 0 ? inputs : outputs, outputs, ipu, ipuTiles(t, ipu)));
    }
    const uint32_t step
        = buildStack(b, m, specs, uint64_t(batch) * inputs, StackOptions { training, {}, {} });
    return finish(b, step, iterations, training ? "training" : "inference");
}

Workload generateConv(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const auto batch = uint32_t(p.integer("batch"));
    const uint64_t image = p.integer("image");
    const uint64_t channels = p.integer("channels");
    const uint64_t kernel = p.integer("kernel");
    const auto layers = uint32_t(p.integer("layers"));
    const bool training = p.flag("training");
    const auto iterations = uint32_t(p.integer("iterations"));
    t.numIpus = 1;
    WorkloadBuilder b("conv");
    ModelOptions o;
    o.training = training;
    ModelBuilder m(b, t, o);
    std::vector<LayerSpec> specs;
    for (uint32_t i = 0; i < layers; ++i)
        specs.push_back(convLayer("layer" + std::to_string(i + 1) + "/conv", batch, image,
            i == 0 ? 4 : channels, channels, kernel, 0, ipuTiles(t, 0)));
    const uint32_t step
        = buildStack(b, m, specs, uint64_t(batch) * image * image * 4, StackOptions { training, {}, {} });
    return finish(b, step, iterations, training ? "training" : "inference");
}

namespace {

// What PopTorch would record for the demo's run: engine options, framework.json and app.json.
void describeDemoRun(WorkloadBuilder& b, uint32_t batch, uint32_t iterations, uint32_t ipus)
{
    b.workload().engineOptions = { { "autoReport.all", "true" },
        { "autoReport.directory", "./reports/demonet" }, { "debug.instrument", "true" },
        { "debug.allowOutOfMemory", "true" }, { "opt.internalExchangeOptimisationTarget", "balanced" },
        { "opt.enableMultiAccessCopies", "true" }, { "exchange.streamBufferOverlap", "hostRearrangeOnly" },
        { "exchange.enablePrefetch", "true" }, { "target.syncReplicasIndependently", "false" },
        { "profiler.format", "v3" }, { "profiler.includeFlopEstimates", "true" } };
    b.workload().frameworkJson
        = "{\"framework\":\"PopTorch\",\"version\":\"3.1.0\",\"poplarVersion\":\"3.1.0\","
          "\"model\":\"DemoNet\",\"optimizer\":\"SGD\",\"lossScaling\":1024,"
          "\"precision\":\"float16\",\"partialsType\":\"float\"}";
    b.workload().appJson
        = "{\"name\":\"train_demonet.py\",\"model\":\"DemoNet\",\"dataset\":\"ImageNet (112x112 crops)\","
          "\"batchSize\":"
        + std::to_string(batch) + ",\"deviceIterations\":" + std::to_string(iterations)
        + ",\"replicationFactor\":1,\"gradientAccumulation\":1,\"ipus\":" + std::to_string(ipus)
        + ",\"learningRate\":0.01,\"momentum\":0.9,\"epochs\":1}";
}

} // namespace

Workload generateDemo(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    t.numIpus = uint32_t(p.integer("ipus"));
    const auto batch = uint32_t(p.integer("batch"));
    const auto iterations = uint32_t(p.integer("iterations"));
    WorkloadBuilder b("demo");
    describeDemoRun(b, batch, iterations, t.numIpus);
    ModelOptions o;
    o.training = true;
    o.optimizer = "momentum";
    o.detailedVariables = true;
    ModelBuilder m(b, t, o);
    const uint32_t second = t.numIpus - 1;
    const uint32_t n = uint32_t(t.computeTiles(0).size());
    std::vector<LayerSpec> specs = {
        convLayer("layer1/conv", batch, 112, 4, 128, 3, 0, ipuTiles(t, 0)),
        convLayer("layer2/conv", batch, 112, 128, 128, 3, 0, ipuTiles(t, 0)),
        convLayer("layer3/conv", batch, 56, 128, 256, 3, 0, tileSlice(t, 0, 0, n * 3 / 4)),
        convLayer("layer4/conv", batch, 56, 256, 256, 3, 0, tileSlice(t, 0, n / 4, n * 3 / 4)),
        convLayer("layer5/conv", batch, 28, 256, 512, 3, second, ipuTiles(t, second)),
        convLayer("layer6/conv", batch, 28, 512, 512, 3, second, tileSlice(t, second, 0, n / 2)),
        denseLayer("layer7/fc", batch, 4096, 4096, second, tileSlice(t, second, n / 2, n / 4)),
        denseLayer("layer8/fc", batch, 4096, 1000, second, tileSlice(t, second, n * 3 / 4, n / 4)),
    };
    for (auto& s : specs)
        s.extraVariables = 100; // per-layer constants (scales, padding values, index tables)
    // Model-wide small tensors: the random seed on every tile, optimiser hyper-parameters.
    b.variable("randomSeed", "unsigned", 2 * uint64_t(t.totalTiles()), TileSet::range(0, t.totalTiles()),
        true, -1, "constant");
    for (const char* name : { "optimizer/learningRate", "optimizer/momentumFactor", "optimizer/weightDecay",
             "loss/scale", "loss/scaleInverse", "step/count" })
        b.variable(name, "float", 1, TileSet::single(0), true, -1, "constant");
    // Weights are streamed from the host once, by their own control program.
    std::vector<uint32_t> upload;
    for (const auto& s : specs) {
        StreamCopyDesc w;
        w.name = s.name + "/weights/fromHost";
        w.tiles = s.tiles;
        w.bytesPerTile = (s.weights * 2 + s.tiles.size() - 1) / s.tiles.size();
        w.hostWaitCycles = 4000;
        upload.push_back(b.doStreamCopy(b.streamCopy(std::move(w))));
    }
    b.controlProgram(b.sequence("WeightsFromHost", upload));
    b.run("WeightsFromHost", 0);
    const uint32_t step = buildStack(b, m, specs, uint64_t(batch) * 112 * 112 * 4, StackOptions {});
    return finish(b, step, iterations, "Training");
}

Workload generateBench(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    t.numIpus = uint32_t(p.integer("ipus"));
    const auto layersPerIpu = uint32_t(p.integer("layersPerIpu"));
    const auto extra = uint32_t(p.integer("variablesPerLayer"));
    const auto perLayer = uint32_t(p.integer("tilesPerLayer", 1, t.tilesPerIpu));
    WorkloadBuilder b("bench-large");
    b.workload().controlCodeBytesPerStep = 4;
    ModelOptions o;
    o.training = true;
    o.optimizer = "momentum";
    ModelBuilder m(b, t, o);
    std::vector<LayerSpec> specs;
    const uint32_t n = uint32_t(t.computeTiles(0).size());
    for (uint32_t ipu = 0; ipu < t.numIpus; ++ipu) {
        for (uint32_t i = 0; i < layersPerIpu; ++i) {
            const uint32_t id = ipu * layersPerIpu + i;
            LayerSpec s
                = denseLayer("block" + std::to_string(id / 8) + "/layer" + std::to_string(id % 8) + "/dense",
                    4, 256, 256, ipu, tileSlice(t, ipu, (i * perLayer) % n, perLayer));
            s.extraVariables = extra;
            specs.push_back(std::move(s));
        }
    }
    const uint32_t step = buildStack(b, m, specs, 4 * 256, StackOptions {});
    return finish(b, step, 1, "training");
}

} // namespace popscope::sim
