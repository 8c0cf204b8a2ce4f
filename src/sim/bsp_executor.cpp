#include "bsp_executor.hpp"

#include "popscope/errors.hpp"
#include "popscope/units.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace popscope::sim {

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
    , m_computeSetCycles(target)
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
    if ((doc.steps.size() & 255) == 0 && m_checkpoint)
        m_checkpoint();
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
    std::vector<IpuTileCycles> ipus
        = m_computeSetCycles.run(m_workload.computeSets[csIndex], csIndex, m_seed);
    if (ipus.empty())
        return;
    ExecutionStep step;
    step.run = m_run;
    step.type = "OnTileExecute";
    step.program = program;
    step.computeSet = csIndex;
    for (IpuTileCycles& ipu : ipus) {
        StepIpu s = stepIpu(ipu.ipu, std::move(ipu.cycles), std::max<uint64_t>(ipu.slowest, 1));
        m_clock[ipu.ipu] += s.cycles;
        step.ipus.push_back(std::move(s));
    }
    pushStep(std::move(step), doc);
}

void BspExecutor::executeExchange(uint32_t program, uint32_t exIndex, ProfileDocument& doc)
{
    const auto& ex = m_workload.exchanges[exIndex];
    const bool global = ex.kind == ExchangeKind::Global;
    std::vector<IpuTileCycles> ipus = exchangeTileCycles(m_target, ex, exIndex, m_seed);
    if (ipus.empty())
        return;
    ExecutionStep step;
    step.run = m_run;
    step.type = global ? "GlobalExchange" : "DoExchange";
    step.program = program;
    for (IpuTileCycles& ipu : ipus) {
        uint64_t slowest = ipu.slowest;
        if (global) // IPU-Link bound: the IPU's bytes over the links it uses
            slowest = std::max<uint64_t>(slowest,
                exchangeOverhead(m_target, ex)
                    + transferCycles(double(ipu.bytes), m_target.ipuLinkBytesPerCycle()));
        StepIpu s = stepIpu(ipu.ipu, std::move(ipu.cycles), slowest);
        s.dataIn = s.dataOut = ipu.bytes;
        m_clock[ipu.ipu] += s.cycles;
        step.ipus.push_back(std::move(s));
    }
    pushStep(std::move(step), doc);
}

// A host stream copy is a sync point for every IPU of the replica (ipu.md §3-§4): all of them
// take part in each phase, including the IPUs with nothing to copy.
void BspExecutor::executeStreamCopy(uint32_t program, uint32_t scIndex, ProfileDocument& doc)
{
    const auto& sc = m_workload.streamCopies[scIndex];
    const std::map<uint32_t, std::vector<uint32_t>> tilesByIpu = streamCopyTiles(m_target, sc);
    if (tilesByIpu.empty())
        return;
    const uint64_t wait = streamCopyBeginCycles(m_target, sc);
    const uint64_t finish = streamCopyEndCycles(m_target, sc);
    auto phaseStep = [&](StreamPhase phase, const char* type) {
        ExecutionStep step;
        step.run = m_run;
        step.type = type;
        step.program = m_layout.phaseProgram(program, phase);
        return step;
    };
    if (!sc.overlap) {
        for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu)
            settle(ipu);
        hostSync(phaseStep(StreamPhase::Begin, "StreamCopyBegin"), wait, doc);
    }
    ExecutionStep mid = phaseStep(StreamPhase::Mid, "StreamCopyMid");
    streamCopyMid(sc, tilesByIpu, mid);
    pushStep(std::move(mid), doc);
    if (!sc.overlap)
        hostSync(phaseStep(StreamPhase::End, "StreamCopyEnd"), finish, doc);
}

void BspExecutor::hostSync(ExecutionStep step, uint64_t hostCycles, ProfileDocument& doc)
{
    const uint64_t latest = *std::max_element(m_clock.begin(), m_clock.end());
    if (hostCycles == 0 && latest == *std::min_element(m_clock.begin(), m_clock.end()))
        return; // every IPU is already there and the host needs no time: nothing to wait for
    for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu) {
        const uint64_t cycles = latest - m_clock[ipu] + hostCycles;
        step.ipus.push_back(stepIpu(ipu, {}, cycles));
        m_clock[ipu] += cycles;
    }
    pushStep(std::move(step), doc);
}

StepIpu BspExecutor::waitingIpu(uint32_t ipu, uint64_t cycles) const
{
    StepIpu s;
    s.ipu = ipu;
    s.cycles = cycles;
    s.cyclesBase = m_clock[ipu];
    return s;
}

void BspExecutor::streamCopyMid(
    const StreamCopyDesc& sc, const std::map<uint32_t, std::vector<uint32_t>>& tilesByIpu, ExecutionStep& mid)
{
    std::vector<uint64_t> copyCycles(m_target.numIpus, 0);
    for (const auto& [ipu, tiles] : tilesByIpu)
        copyCycles[ipu] = streamCopyMidCycles(m_target, sc, tiles.size());
    // Between the host syncs the copy is one superstep: it lasts as long as the slowest IPU's copy.
    // On I/O tiles it runs beside the compute that follows, and the wait moves to the next
    // external sync, so an IPU with nothing to copy spends no cycles in it.
    const uint64_t slowest = *std::max_element(copyCycles.begin(), copyCycles.end());
    for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu) {
        const auto found = tilesByIpu.find(ipu);
        if (found == tilesByIpu.end()) {
            mid.ipus.push_back(waitingIpu(ipu, sc.overlap ? 0 : slowest));
            m_clock[ipu] += sc.overlap ? 0 : slowest;
            continue;
        }
        std::vector<uint32_t> byTile(m_target.tilesPerIpu, 0);
        for (uint32_t t : found->second)
            byTile[t] = clamp32(copyCycles[ipu]);
        StepIpu s = stepIpu(ipu, std::move(byTile), sc.overlap ? copyCycles[ipu] : slowest);
        (sc.toDevice ? s.dataIn : s.dataOut) = sc.bytesPerTile * found->second.size();
        if (sc.overlap)
            m_pending[ipu] = std::max(m_pending[ipu], m_clock[ipu] + copyCycles[ipu]);
        else
            m_clock[ipu] += slowest;
        mid.ipus.push_back(std::move(s));
    }
}

void BspExecutor::executeSync(uint32_t program, const ProgramDesc& p, ProfileDocument& doc)
{
    // An external or global sync holds every IPU of the replica; an internal one the IPUs listed.
    std::vector<uint32_t> ipus = p.sync == SyncKind::Internal ? p.ipus : std::vector<uint32_t>();
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
