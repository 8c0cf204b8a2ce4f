// pipeline: one stage per IPU; grouped / interleaved / sequential schedules (ipu.md §6).
#include "generator_params.hpp"
#include "model_builder.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/workload_builder.hpp"

namespace popscope::sim {

namespace {

struct Stage {
    uint32_t forward = 0, backward = 0, update = 0; // function roots
    uint32_t toNext = 0, toPrevious = 0; // global exchanges (valid when they exist)
};

uint64_t ceilDiv(uint64_t a, uint64_t b)
{
    return b == 0 ? 0 : (a + b - 1) / b;
}

} // namespace

// FIFO depth between forward stage s and its backward stage: multiplier x (last stage - s),
// multiplier 2 grouped, 1 interleaved, 0 sequential (TensorFlow pipeline_util.cc).
uint32_t pipelineFifoDepth(const std::string& schedule, uint32_t stages, uint32_t stage)
{
    const uint32_t multiplier = schedule == "grouped" ? 2 : schedule == "interleaved" ? 1 : 0;
    return multiplier * (stages - 1 - stage);
}

Workload generatePipeline(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    const std::string schedule = p.choice("schedule", { "grouped", "interleaved", "sequential" });
    const auto n = uint32_t(p.integer("stages", 2, 16));
    const auto ga = uint32_t(p.integer("gradientAccumulation", 1, 1024));
    const auto iterations = uint32_t(p.integer("deviceIterations", 1, 1000));
    const auto batch = uint32_t(p.integer("batch", 1, 256));
    const uint64_t hidden = p.integer("hidden", 8, 16384);
    const uint64_t seq = p.integer("sequence", 1, 4096);
    const auto layersPerStage = uint32_t(p.integer("layersPerStage", 1, 64));
    if (schedule != "sequential" && ga < 2 * n - 1)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "parameter 'gradientAccumulation' of workload 'pipeline': training a " + std::to_string(n)
                + "-stage pipeline needs at least 2 x stages - 1 = " + std::to_string(2 * n - 1)
                + " micro-batches (PopART pipeline.cpp), got " + std::to_string(ga));
    t.numIpus = n;
    WorkloadBuilder b("pipeline-" + schedule);
    b.workload().engineOptions = { { "pipelineSchedule", schedule },
        { "gradientAccumulation", std::to_string(ga) }, { "deviceIterations", std::to_string(iterations) } };
    ModelOptions o;
    o.optimizer = "sgd";
    for (uint32_t s = 0; s < n; ++s)
        o.stashDepthByIpu.push_back(pipelineFifoDepth(schedule, n, s));
    ModelBuilder m(b, t, o);

    const uint64_t rows = uint64_t(batch) * seq;
    std::vector<Stage> stages(n);
    std::vector<uint32_t> stageInput(n);
    for (uint32_t s = 0; s < n; ++s) {
        const TileSet tiles = TileSet::list(t.computeTiles(s));
        const std::string prefix = "stage" + std::to_string(s);
        const int64_t dc = b.debugContext("poptorch", "model." + prefix, -1,
            "{\"pipelineStage\":" + std::to_string(s) + ",\"ipu\":" + std::to_string(s) + "}");
        stageInput[s] = b.variable(prefix + "/input", "half", rows * hidden, tiles, false, dc);
        std::vector<uint32_t> fwd, bwd, upd;
        if (s == 0) {
            StreamCopyDesc in;
            in.name = "input/fromHost";
            in.tiles = tiles;
            in.bytesPerTile = ceilDiv(rows * hidden * 2, tiles.size());
            in.hostWaitCycles = 3000; // buffered ahead (depth 1)
            in.writes = { stageInput[s] };
            fwd.push_back(b.doStreamCopy(b.streamCopy(std::move(in))));
        }
        int64_t prev = stageInput[s];
        std::vector<LayerPrograms> layers;
        for (uint32_t l = 0; l < layersPerStage; ++l) {
            LayerSpec spec = denseLayer(
                prefix + "/layer" + std::to_string(l) + "/dense", batch, hidden, hidden, s, tiles);
            spec.flops *= seq;
            spec.activations = rows * hidden * 4; // intermediate activations kept for the backward pass
            layers.push_back(m.addLayer(spec, prev, rows * hidden));
            prev = layers.back().output;
            fwd.push_back(layers.back().forward);
        }
        if (s == n - 1) {
            StreamCopyDesc out;
            out.name = "loss/toHost";
            out.toDevice = false;
            out.tiles = TileSet::single(tiles.spans.front().first);
            out.bytesPerTile = 64;
            out.hostWaitCycles = 1000;
            out.reads = { uint32_t(prev) };
            fwd.push_back(b.doStreamCopy(b.streamCopy(std::move(out))));
        }
        for (uint32_t l = layersPerStage; l-- > 0;)
            bwd.push_back(layers[l].backward);
        for (const auto& l : layers)
            upd.push_back(l.update);
        stages[s].forward = b.sequence(prefix + "/forward", fwd, dc);
        stages[s].backward = b.sequence(prefix + "/backward", bwd, dc);
        stages[s].update = b.sequence(prefix + "/weightUpdate", upd, dc);
        b.function(stages[s].forward);
        b.function(stages[s].backward);
        b.function(stages[s].update);
    }
    for (uint32_t s = 0; s + 1 < n; ++s) { // activations forward, gradients backward
        ExchangeDesc act;
        act.name = "stage" + std::to_string(s) + "/activationsToIpu" + std::to_string(s + 1);
        act.kind = ExchangeKind::Global;
        act.tiles = TileSet::list(t.computeTiles(s + 1));
        act.bytesPerTile = ceilDiv(rows * hidden * 2, act.tiles.size());
        act.writes = { stageInput[s + 1] };
        stages[s].toNext = b.exchange(std::move(act));
        ExchangeDesc grad;
        grad.name = "stage" + std::to_string(s + 1) + "/gradientsToIpu" + std::to_string(s);
        grad.kind = ExchangeKind::Global;
        grad.tiles = TileSet::list(t.computeTiles(s));
        grad.bytesPerTile = ceilDiv(rows * hidden * 2, grad.tiles.size());
        stages[s + 1].toPrevious = b.exchange(std::move(grad));
    }

    // The schedule, unrolled: each slot runs some stages, then an external sync and the copies.
    const uint32_t step = b.sequence("pipeline/" + schedule);
    auto slot = [&](const std::string& name, const std::vector<std::pair<uint32_t, bool>>& work) {
        const uint32_t seq = b.sequence(name);
        for (const auto& [s, forward] : work)
            b.append(seq, b.call(forward ? stages[s].forward : stages[s].backward));
        b.append(seq, b.sync(SyncKind::External));
        for (const auto& [s, forward] : work) {
            if (forward && s + 1 < n)
                b.append(seq, b.doExchange(stages[s].toNext));
            if (!forward && s > 0)
                b.append(seq, b.doExchange(stages[s].toPrevious));
        }
        b.append(step, seq);
    };
    const auto N = int64_t(n), GA = int64_t(ga);
    if (schedule == "grouped") {
        for (int64_t c = 0; c < GA + 2 * N - 2; ++c) {
            std::vector<std::pair<uint32_t, bool>> fwd, bwd;
            for (uint32_t s = 0; s < n; ++s) {
                if (c - s >= 0 && c - s < GA)
                    fwd.push_back({ s, true });
                if (c - (2 * N - 2 - s) >= 0 && c - (2 * N - 2 - s) < GA)
                    bwd.push_back({ s, false });
            }
            if (!fwd.empty())
                slot("cycle" + std::to_string(c) + "/forward", fwd);
            if (!bwd.empty())
                slot("cycle" + std::to_string(c) + "/backward", bwd);
        }
    } else if (schedule == "interleaved") {
        for (int64_t t2 = 0; t2 < 2 * GA + 2 * N - 2; ++t2) {
            std::vector<std::pair<uint32_t, bool>> work;
            for (uint32_t s = 0; s < n; ++s) {
                const int64_t f = t2 - s; // forward of mb f/2 at slot 2 mb + s
                const int64_t g = t2 - (2 * N - 1 - s); // backward of mb g/2 at slot 2 mb + 2N - 1 - s
                if (f >= 0 && f % 2 == 0 && f / 2 < GA)
                    work.push_back({ s, true });
                else if (g >= 0 && g % 2 == 0 && g / 2 < GA)
                    work.push_back({ s, false });
            }
            if (!work.empty())
                slot("slot" + std::to_string(t2), work);
        }
    } else {
        for (uint32_t mb = 0; mb < ga; ++mb) {
            for (uint32_t s = 0; s < n; ++s)
                slot("microBatch" + std::to_string(mb) + "/stage" + std::to_string(s) + "/forward",
                    { { s, true } });
            for (uint32_t s = n; s-- > 0;)
                slot("microBatch" + std::to_string(mb) + "/stage" + std::to_string(s) + "/backward",
                    { { s, false } });
        }
    }
    const uint32_t update = b.sequence("weightUpdate");
    for (uint32_t s = 0; s < n; ++s)
        b.append(update, b.call(stages[s].update));
    b.append(update, b.sync(SyncKind::External));
    b.append(step, update);
    b.controlProgram(b.sequence("main", { b.repeat("deviceIterations", iterations, { step }) }));
    b.run("training", 0);
    return b.take();
}

} // namespace popscope::sim
