#include "bsp_executor.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/cost_model.hpp"
#include "popscope/units.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace popscope::sim {

namespace {
// Scales `value` by 1 + jitterPercent/100 x u, u in [0, 1) from the hash.
uint64_t jitter(uint64_t value, uint32_t jitterPercent, uint64_t hash)
{
    if (jitterPercent == 0 || value == 0)
        return value;
    const uint64_t u = hash % 10000; // 1/10000 resolution
    return value + (value * jitterPercent * u) / 1000000;
}
constexpr uint32_t kCyclesPerRegion = 3; // per contiguous region an exchange copies (our estimate)
constexpr uint32_t kRemoteWaitCycles = 300; // Streaming Memory: no host to wait for (our estimate)
constexpr uint64_t kMaxRunCycles = uint64_t(1) << 48; // what a profile records (docs/profile-format.md)
// Cycles of a transfer at a rate; saturates past the limit (a double beyond 2^64 has no uint64_t
// value) so pushStep reports the run as too long.
uint64_t transferCycles(double bytes, double bytesPerCycle)
{
    const double cycles = std::ceil(bytes / bytesPerCycle);
    return cycles < double(kMaxRunCycles) ? uint64_t(cycles) : kMaxRunCycles + 1;
}
} // namespace

BspExecutor::BspExecutor(const Workload& workload, const TargetConfig& target, const ProgramLayout& layout,
    uint64_t seed, uint64_t maxSteps, uint64_t maxTileCycleCells)
    : m_workload(workload)
    , m_target(target)
    , m_layout(layout)
    , m_seed(seed)
    , m_maxSteps(maxSteps)
    , m_maxTileCycleCells(maxTileCycleCells)
    , m_clock(target.numIpus, 0)
    , m_pending(target.numIpus, 0)
    , m_work(target.totalTiles(), 0)
    , m_super(target.totalTiles(), 0)
    , m_mark(target.totalTiles(), 0)
{
}

uint32_t BspExecutor::clamp32(uint64_t v)
{
    return uint32_t(std::min<uint64_t>(v, std::numeric_limits<uint32_t>::max()));
}

void BspExecutor::run(ProfileDocument& doc)
{
    m_cyclesByProgram.assign(doc.programs.size(), 0);
    std::vector<RunDesc> runs = m_workload.runs;
    if (runs.empty())
        for (uint32_t i = 0; i < m_workload.controlPrograms.size(); ++i)
            runs.push_back({ m_workload.programs[m_workload.controlPrograms[i]].name, i });
    uint64_t microseconds = 0;
    for (m_run = 0; m_run < runs.size(); ++m_run) {
        const uint64_t start = *std::max_element(m_clock.begin(), m_clock.end());
        exec(m_workload.controlPrograms[runs[m_run].controlProgram], doc);
        for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu)
            settle(ipu);
        const uint64_t end = *std::max_element(m_clock.begin(), m_clock.end());
        const auto us = uint64_t(std::llround(double(end - start) / m_target.clockHz * 1e6));
        doc.runs.push_back({ runs[m_run].name, microseconds, microseconds + us });
        microseconds += us;
    }
}

void BspExecutor::exec(uint32_t program, ProfileDocument& doc)
{
    const auto& p = m_workload.programs[program];
    switch (p.kind) {
    case ProgramKind::Sequence:
        for (uint32_t c : p.children)
            exec(c, doc);
        break;
    case ProgramKind::Repeat:
        for (uint32_t i = 0; i < p.repeatCount; ++i)
            for (uint32_t c : p.children)
                exec(c, doc);
        break;
    case ProgramKind::Call:
        exec(uint32_t(p.ref), doc);
        break;
    case ProgramKind::Execute:
        executeComputeSet(program, uint32_t(p.ref), doc);
        break;
    case ProgramKind::DoExchange:
        executeExchange(program, uint32_t(p.ref), doc);
        break;
    case ProgramKind::StreamCopy:
        executeStreamCopy(program, uint32_t(p.ref), doc);
        break;
    case ProgramKind::Sync:
        executeSync(program, p, doc);
        break;
    }
}

StepIpu BspExecutor::stepIpu(uint32_t ipu, std::vector<uint32_t> cyclesByTile, uint64_t stepCycles) const
{
    StepIpu s;
    s.ipu = ipu;
    s.cycles = stepCycles;
    s.cyclesBase = m_clock[ipu];
    uint64_t toMin = std::numeric_limits<uint64_t>::max(), toMax = 0;
    uint32_t active = 0;
    for (uint32_t c : cyclesByTile) {
        if (c == 0)
            continue;
        ++active;
        toMin = std::min<uint64_t>(toMin, c);
        toMax = std::max<uint64_t>(toMax, c);
    }
    if (cyclesByTile.empty()) {
        active = m_target.tilesPerIpu;
        toMin = toMax = stepCycles;
    }
    s.activeTiles = active;
    s.activeCyclesToMin = active ? toMin : 0;
    s.activeCyclesToMax = active ? toMax : 0;
    s.cyclesByTile = std::move(cyclesByTile);
    return s;
}

void BspExecutor::pushStep(ExecutionStep step, ProfileDocument& doc)
{
    if (doc.steps.size() >= m_maxSteps)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "the execution exceeds " + std::to_string(m_maxSteps)
                + " steps; lower the Repeat counts or device iterations");
    uint64_t slowest = 0;
    for (const auto& s : step.ipus) {
        slowest = std::max(slowest, s.cycles);
        m_tileCycleCells += s.cyclesByTile.size();
        if (s.cycles > kMaxRunCycles || s.cyclesBase > kMaxRunCycles - s.cycles)
            throw ProfileError(ErrorKind::InvalidInput, "",
                "the simulated run lasts more than 2^48 cycles (58 hours at 1.33 GHz), more than a profile "
                "records; "
                "check the target's rates and the Repeat counts");
    }
    if (m_tileCycleCells > m_maxTileCycleCells)
        throw ProfileError(ErrorKind::InvalidInput, "",
            "the execution records per-tile cycles for more than " + formatCount(m_maxTileCycleCells)
                + " tile-steps (a profile of over 0.5 GB); lower the Repeat counts, iterations or device "
                  "iterations");
    m_cyclesByProgram[step.program] += slowest;
    doc.steps.push_back(std::move(step));
}

void BspExecutor::settle(uint32_t ipu)
{
    m_clock[ipu] = std::max(m_clock[ipu], m_pending[ipu]);
}

void BspExecutor::executeComputeSet(uint32_t program, uint32_t csIndex, ProfileDocument& doc)
{
    const auto& cs = m_workload.computeSets[csIndex];
    std::vector<uint32_t> touched;
    for (size_t gi = 0; gi < cs.groups.size(); ++gi) {
        const auto& g = cs.groups[gi];
        const TileCost cost = vertexGroupCost(m_target, g.cost, g.perTile);
        for (const auto& span : g.tiles.spans) {
            for (uint32_t k = 0; k < span.count; ++k) {
                const uint32_t t = span.first + k * span.stride;
                const uint64_t h = g.jitterPercent ? mixHash(m_seed, csIndex, gi, t) : 0;
                if (!m_mark[t]) {
                    m_mark[t] = 1;
                    touched.push_back(t);
                }
                m_super[t] += jitter(cost.supervisorCycles, g.jitterPercent, h);
                m_work[t] += jitter(cost.workerCycles, g.jitterPercent, h >> 20);
            }
        }
    }
    if (touched.empty())
        return;
    std::sort(touched.begin(), touched.end());
    ExecutionStep step;
    step.run = m_run;
    step.type = "OnTileExecute";
    step.program = program;
    step.computeSet = csIndex;
    const uint32_t tpi = m_target.tilesPerIpu;
    size_t i = 0;
    while (i < touched.size()) {
        const uint32_t ipu = touched[i] / tpi;
        std::vector<uint32_t> cycles(tpi, 0);
        uint64_t slowest = 0;
        for (; i < touched.size() && touched[i] / tpi == ipu; ++i) {
            const uint32_t t = touched[i];
            const uint64_t c = m_super[t] + uint64_t(m_target.workers) * m_work[t];
            cycles[t - ipu * tpi] = clamp32(std::max<uint64_t>(c, 1));
            slowest = std::max(slowest, c);
            m_super[t] = m_work[t] = 0;
            m_mark[t] = 0;
        }
        StepIpu s = stepIpu(ipu, std::move(cycles), std::max<uint64_t>(slowest, 1));
        m_clock[ipu] += s.cycles;
        step.ipus.push_back(std::move(s));
    }
    pushStep(std::move(step), doc);
}

void BspExecutor::executeExchange(uint32_t program, uint32_t exIndex, ProfileDocument& doc)
{
    const auto& ex = m_workload.exchanges[exIndex];
    const bool global = ex.kind == ExchangeKind::Global;
    const uint32_t tpi = m_target.tilesPerIpu;
    std::map<uint32_t, std::vector<uint32_t>> cyclesByIpu;
    std::map<uint32_t, uint64_t> bytesByIpu;
    const uint64_t rounds = global ? std::max<uint32_t>(1, ex.ringSteps) : 1;
    const uint64_t overhead = rounds * m_target.exchangeOverheadCycles;
    for (const auto& span : ex.tiles.spans) {
        for (uint32_t k = 0; k < span.count; ++k) {
            const uint32_t t = span.first + k * span.stride;
            const uint32_t ipu = t / tpi;
            auto& cycles = cyclesByIpu[ipu];
            if (cycles.empty())
                cycles.assign(tpi, 0);
            const uint64_t bytes = jitter(
                ex.bytesPerTile, ex.jitterPercent, ex.jitterPercent ? mixHash(m_seed, 0x45, exIndex, t) : 0);
            bytesByIpu[ipu] += bytes;
            cycles[t - ipu * tpi] = clamp32(
                overhead + exchangeCycles(m_target, bytes) + uint64_t(kCyclesPerRegion) * ex.regionsPerTile);
        }
    }
    if (cyclesByIpu.empty())
        return;
    ExecutionStep step;
    step.run = m_run;
    step.type = global ? "GlobalExchange" : "DoExchange";
    step.program = program;
    for (auto& [ipu, cycles] : cyclesByIpu) {
        uint64_t slowest = *std::max_element(cycles.begin(), cycles.end());
        if (global) // IPU-Link bound: the IPU's bytes over the links it uses
            slowest = std::max<uint64_t>(
                slowest, overhead + transferCycles(double(bytesByIpu[ipu]), m_target.ipuLinkBytesPerCycle()));
        StepIpu s = stepIpu(ipu, std::move(cycles), slowest);
        s.dataIn = s.dataOut = bytesByIpu[ipu];
        m_clock[ipu] += s.cycles;
        step.ipus.push_back(std::move(s));
    }
    pushStep(std::move(step), doc);
}

void BspExecutor::executeStreamCopy(uint32_t program, uint32_t scIndex, ProfileDocument& doc)
{
    const auto& sc = m_workload.streamCopies[scIndex];
    const uint32_t tpi = m_target.tilesPerIpu;
    std::map<uint32_t, std::vector<uint32_t>> tilesByIpu;
    for (const auto& span : sc.tiles.spans)
        for (uint32_t k = 0; k < span.count; ++k) {
            const uint32_t t = span.first + k * span.stride;
            tilesByIpu[t / tpi].push_back(t - (t / tpi) * tpi);
        }
    if (tilesByIpu.empty())
        return;
    const uint64_t wait = sc.hostWaitCycles >= 0 ? uint64_t(sc.hostWaitCycles)
        : sc.remote                              ? kRemoteWaitCycles
                                                 : m_target.hostWaitCycles;
    const uint64_t finish = sc.hostFinishCycles >= 0 ? uint64_t(sc.hostFinishCycles)
        : sc.remote                                  ? kRemoteWaitCycles
                                                     : m_target.hostFinishCycles;
    auto phaseStep = [&](StreamPhase phase, const char* type) {
        ExecutionStep step;
        step.run = m_run;
        step.type = type;
        step.program = m_layout.phaseProgram(program, phase);
        return step;
    };
    if (!sc.overlap) {
        for (const auto& [ipu, _] : tilesByIpu)
            settle(ipu);
        if (wait > 0) {
            ExecutionStep begin = phaseStep(StreamPhase::Begin, "StreamCopyBegin");
            for (const auto& [ipu, _] : tilesByIpu) {
                begin.ipus.push_back(stepIpu(ipu, {}, wait));
                m_clock[ipu] += wait;
            }
            pushStep(std::move(begin), doc);
        }
    }
    ExecutionStep mid = phaseStep(StreamPhase::Mid, "StreamCopyMid");
    for (const auto& [ipu, tiles] : tilesByIpu) {
        const uint64_t ipuBytes = sc.bytesPerTile * tiles.size();
        const uint64_t cycles = m_target.streamCopyMidOverheadCycles
            + std::max<uint64_t>(exchangeCycles(m_target, sc.bytesPerTile),
                transferCycles(double(ipuBytes), m_target.hostBytesPerCycle()));
        std::vector<uint32_t> byTile(tpi, 0);
        for (uint32_t t : tiles)
            byTile[t] = clamp32(cycles);
        StepIpu s = stepIpu(ipu, std::move(byTile), cycles);
        (sc.toDevice ? s.dataIn : s.dataOut) = ipuBytes;
        if (sc.overlap) // on I/O tiles, concurrently with the compute that follows
            m_pending[ipu] = std::max(m_pending[ipu], m_clock[ipu] + cycles);
        else
            m_clock[ipu] += cycles;
        mid.ipus.push_back(std::move(s));
    }
    pushStep(std::move(mid), doc);
    if (!sc.overlap && finish > 0) {
        ExecutionStep end = phaseStep(StreamPhase::End, "StreamCopyEnd");
        for (const auto& [ipu, _] : tilesByIpu) {
            end.ipus.push_back(stepIpu(ipu, {}, finish));
            m_clock[ipu] += finish;
        }
        pushStep(std::move(end), doc);
    }
}

void BspExecutor::executeSync(uint32_t program, const ProgramDesc& p, ProfileDocument& doc)
{
    std::vector<uint32_t> ipus = p.ipus;
    if (ipus.empty())
        for (uint32_t i = 0; i < m_target.numIpus; ++i)
            ipus.push_back(i);
    ExecutionStep step;
    step.run = m_run;
    step.type = "Sync";
    step.program = program;
    // Internal syncs do not wait for overlapped I/O-tile work; external and global syncs do: the
    // wait shows as sync cycles (clock to the latest IPU or pending copy, plus the latency).
    const bool crossIpu = p.sync != SyncKind::Internal;
    uint64_t latest = 0;
    for (uint32_t ipu : ipus)
        latest = std::max(latest, crossIpu ? std::max(m_clock[ipu], m_pending[ipu]) : m_clock[ipu]);
    for (uint32_t ipu : ipus) {
        uint64_t cycles = m_target.internalSyncCycles;
        if (p.sync == SyncKind::External)
            cycles = (latest - m_clock[ipu]) + m_target.globalSyncCycles(m_target.numIpus);
        else if (p.sync == SyncKind::Global)
            cycles = (latest - m_clock[ipu]) + m_target.globalSyncCycles(m_target.totalIpus());
        step.ipus.push_back(stepIpu(ipu, {}, cycles));
        m_clock[ipu] += cycles;
        if (crossIpu)
            m_pending[ipu] = 0;
    }
    pushStep(std::move(step), doc);
}

} // namespace popscope::sim
