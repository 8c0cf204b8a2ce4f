// pipeline: one stage per IPU; grouped / interleaved / sequential schedules (ipu.md §6).
#include "ceil_div.hpp"
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

} // namespace

// FIFO depth between forward stage s and its backward stage: multiplier x (last stage - s),
// multiplier 2 grouped, 1 interleaved, 0 sequential (TensorFlow pipeline_util.cc).
uint32_t pipelineFifoDepth(const std::string& schedule, uint32_t stages, uint32_t stage)
{
    const uint32_t multiplier = schedule == "grouped" ? 2 : schedule == "interleaved" ? 1 : 0;
    return multiplier * (stages - 1 - stage);
}

namespace {

// Builds the pipeline: each stage's layers on its IPU, the exchanges between stages, then the
// schedule unrolled into slots, each running some stages and ending in an external sync.
class PipelineBuilder {
public:
    PipelineBuilder(const GeneratorParams& p, TargetConfig& t)
        : m_t(t)
        , m_schedule(p.choice("schedule"))
        , m_n(uint32_t(p.integer("stages")))
        , m_ga(uint32_t(p.integer("gradientAccumulation")))
        , m_iterations(uint32_t(p.integer("deviceIterations")))
        , m_batch(uint32_t(p.integer("batch")))
        , m_hidden(p.integer("hidden"))
        , m_seq(p.integer("sequence"))
        , m_layersPerStage(uint32_t(p.integer("layersPerStage")))
        , m_b("pipeline-" + m_schedule)
    {
        if (m_schedule != "sequential" && m_ga < 2 * m_n - 1)
            throw ProfileError(ErrorKind::InvalidInput, "",
                "parameter 'gradientAccumulation' of workload 'pipeline': training a " + std::to_string(m_n)
                    + "-stage pipeline needs at least 2 x stages - 1 = " + std::to_string(2 * m_n - 1)
                    + " micro-batches (PopART pipeline.cpp), got " + std::to_string(m_ga));
        m_t.numIpus = m_n;
        m_b.workload().engineOptions
            = { { "pipelineSchedule", m_schedule }, { "gradientAccumulation", std::to_string(m_ga) },
                  { "deviceIterations", std::to_string(m_iterations) } };
    }

    Workload build()
    {
        ModelOptions o;
        o.optimizer = "sgd";
        for (uint32_t s = 0; s < m_n; ++s)
            o.stashDepthByIpu.push_back(pipelineFifoDepth(m_schedule, m_n, s));
        ModelBuilder m(m_b, m_t, o);
        m_stages.resize(m_n);
        m_stageInput.resize(m_n);
        for (uint32_t s = 0; s < m_n; ++s)
            buildStage(m, s);
        linkStages();
        m_step = m_b.sequence("pipeline/" + m_schedule);
        if (m_schedule == "grouped")
            scheduleGrouped();
        else if (m_schedule == "interleaved")
            scheduleInterleaved();
        else
            scheduleSequential();
        const uint32_t update = m_b.sequence("weightUpdate");
        for (uint32_t s = 0; s < m_n; ++s)
            m_b.append(update, m_b.call(m_stages[s].update));
        m_b.append(update, m_b.sync(SyncKind::External));
        m_b.append(m_step, update);
        m_b.controlProgram(
            m_b.sequence("main", { m_b.repeat("deviceIterations", m_iterations, { m_step }) }));
        m_b.run("training", 0);
        return m_b.take();
    }

private:
    using Work = std::vector<std::pair<uint32_t, bool>>; // (stage, forward) run in one slot

    uint64_t rows() const { return uint64_t(m_batch) * m_seq; }

    // Stage 0 reads its input from the host; the last stage copies the loss back.
    uint32_t hostCopy(uint32_t s, const TileSet& tiles, int64_t output)
    {
        StreamCopyDesc copy;
        if (s == 0) {
            copy.name = "input/fromHost";
            copy.tiles = tiles;
            copy.bytesPerTile = ceilDiv(rows() * m_hidden * 2, tiles.size());
            copy.hostWaitCycles = 3000; // buffered ahead (depth 1)
            copy.writes = { m_stageInput[s] };
        } else {
            copy.name = "loss/toHost";
            copy.toDevice = false;
            copy.tiles = TileSet::single(tiles.spans.front().first);
            copy.bytesPerTile = 64;
            copy.hostWaitCycles = 1000;
            copy.reads = { uint32_t(output) };
        }
        return m_b.doStreamCopy(m_b.streamCopy(std::move(copy)));
    }

    void buildStage(ModelBuilder& m, uint32_t s)
    {
        const TileSet tiles = TileSet::list(m_t.computeTiles(s));
        const std::string prefix = "stage" + std::to_string(s);
        const int64_t dc = m_b.debugContext("poptorch", "model." + prefix, -1,
            "{\"pipelineStage\":" + std::to_string(s) + ",\"ipu\":" + std::to_string(s) + "}");
        m_stageInput[s] = m_b.variable(prefix + "/input", "half", rows() * m_hidden, tiles, false, dc);
        std::vector<uint32_t> fwd, bwd, upd;
        if (s == 0)
            fwd.push_back(hostCopy(s, tiles, -1));
        int64_t prev = m_stageInput[s];
        std::vector<LayerPrograms> layers;
        for (uint32_t l = 0; l < m_layersPerStage; ++l) {
            LayerSpec spec = denseLayer(
                prefix + "/layer" + std::to_string(l) + "/dense", m_batch, m_hidden, m_hidden, s, tiles);
            spec.flops *= m_seq;
            spec.activations = rows() * m_hidden * 4; // intermediate activations kept for the backward pass
            layers.push_back(m.addLayer(spec, prev, rows() * m_hidden));
            prev = layers.back().output;
            fwd.push_back(layers.back().forward);
        }
        if (s == m_n - 1)
            fwd.push_back(hostCopy(s, tiles, prev));
        for (uint32_t l = m_layersPerStage; l-- > 0;)
            bwd.push_back(layers[l].backward);
        for (const auto& l : layers)
            upd.push_back(l.update);
        m_stages[s].forward = m_b.sequence(prefix + "/forward", fwd, dc);
        m_stages[s].backward = m_b.sequence(prefix + "/backward", bwd, dc);
        m_stages[s].update = m_b.sequence(prefix + "/weightUpdate", upd, dc);
        m_b.function(m_stages[s].forward);
        m_b.function(m_stages[s].backward);
        m_b.function(m_stages[s].update);
    }

    // Activations go forward, gradients backward, over the IPU-Links.
    void linkStages()
    {
        for (uint32_t s = 0; s + 1 < m_n; ++s) {
            ExchangeDesc act;
            act.name = "stage" + std::to_string(s) + "/activationsToIpu" + std::to_string(s + 1);
            act.kind = ExchangeKind::Global;
            act.tiles = TileSet::list(m_t.computeTiles(s + 1));
            act.bytesPerTile = ceilDiv(rows() * m_hidden * 2, act.tiles.size());
            act.writes = { m_stageInput[s + 1] };
            m_stages[s].toNext = m_b.exchange(std::move(act));
            ExchangeDesc grad;
            grad.name = "stage" + std::to_string(s + 1) + "/gradientsToIpu" + std::to_string(s);
            grad.kind = ExchangeKind::Global;
            grad.tiles = TileSet::list(m_t.computeTiles(s));
            grad.bytesPerTile = ceilDiv(rows() * m_hidden * 2, grad.tiles.size());
            m_stages[s + 1].toPrevious = m_b.exchange(std::move(grad));
        }
    }

    // One slot of the schedule: the stages' work, an external sync, then their exchanges.
    void slot(const std::string& name, const Work& work)
    {
        const uint32_t seq = m_b.sequence(name);
        for (const auto& [s, forward] : work)
            m_b.append(seq, m_b.call(forward ? m_stages[s].forward : m_stages[s].backward));
        m_b.append(seq, m_b.sync(SyncKind::External));
        for (const auto& [s, forward] : work) {
            if (forward && s + 1 < m_n)
                m_b.append(seq, m_b.doExchange(m_stages[s].toNext));
            if (!forward && s > 0)
                m_b.append(seq, m_b.doExchange(m_stages[s].toPrevious));
        }
        m_b.append(m_step, seq);
    }

    void scheduleGrouped()
    {
        const auto N = int64_t(m_n), GA = int64_t(m_ga);
        for (int64_t c = 0; c < GA + 2 * N - 2; ++c) {
            Work fwd, bwd;
            for (uint32_t s = 0; s < m_n; ++s) {
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
    }

    void scheduleInterleaved()
    {
        const auto N = int64_t(m_n), GA = int64_t(m_ga);
        for (int64_t t2 = 0; t2 < 2 * GA + 2 * N - 2; ++t2) {
            Work work;
            for (uint32_t s = 0; s < m_n; ++s) {
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
    }

    void scheduleSequential()
    {
        for (uint32_t mb = 0; mb < m_ga; ++mb) {
            for (uint32_t s = 0; s < m_n; ++s)
                slot("microBatch" + std::to_string(mb) + "/stage" + std::to_string(s) + "/forward",
                    { { s, true } });
            for (uint32_t s = m_n; s-- > 0;)
                slot("microBatch" + std::to_string(mb) + "/stage" + std::to_string(s) + "/backward",
                    { { s, false } });
        }
    }

    TargetConfig& m_t;
    std::string m_schedule;
    uint32_t m_n, m_ga, m_iterations, m_batch;
    uint64_t m_hidden, m_seq;
    uint32_t m_layersPerStage;
    WorkloadBuilder m_b;
    std::vector<Stage> m_stages;
    std::vector<uint32_t> m_stageInput;
    uint32_t m_step = 0;
};

} // namespace

Workload generatePipeline(const GeneratorParams& p, TargetConfig& t, uint64_t)
{
    return PipelineBuilder(p, t).build();
}

} // namespace popscope::sim
