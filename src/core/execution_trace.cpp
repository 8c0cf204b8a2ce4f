// analyseTrace: one pass over the steps and a streamed pass over cycles_by_tile (BSP model in
// execution_trace.hpp).
#include "popscope/execution_trace.hpp"

#include "popscope/profile.hpp"

#include "popscope/free_memory.hpp"
#include "popscope/trace_overlap.hpp"

#include <algorithm>
#include <numeric>

namespace popscope {

const char* traceStateName(TraceState state)
{
    switch (state) {
    case TraceState::Computing:
        return "computing";
    case TraceState::Exchanging:
        return "exchanging";
    case TraceState::StreamCopy:
        return "stream copy";
    case TraceState::Sync:
        return "sync";
    case TraceState::WaitingForSync:
        return "waiting for sync";
    case TraceState::Idle:
        return "idle";
    }
    return "?";
}

TraceState workStateOf(std::string_view type)
{
    if (type == "DoExchange" || type == "GlobalExchange")
        return TraceState::Exchanging;
    if (type.substr(0, 10) == "StreamCopy")
        return TraceState::StreamCopy;
    if (type == "Sync" || type == "SyncAns")
        return TraceState::Sync;
    return TraceState::Computing;
}

bool isBusy(TraceState state)
{
    return state == TraceState::Computing || state == TraceState::Exchanging
        || state == TraceState::StreamCopy;
}

uint64_t IpuTrace::busyTileCycles() const
{
    uint64_t busy = 0;
    for (size_t s = 0; s < kTraceStateCount; ++s)
        if (isBusy(TraceState(s)))
            busy += tileCycles[s];
    return busy;
}

uint64_t IpuTrace::allTileCycles() const
{
    uint64_t all = 0;
    for (uint64_t c : tileCycles)
        all += c;
    return all;
}

double IpuTrace::parallelEfficiency() const
{
    const uint64_t all = allTileCycles();
    return all ? double(busyTileCycles()) / double(all) : 0.0;
}

double TraceSummary::parallelEfficiency() const
{
    uint64_t busy = 0, all = 0;
    for (const IpuTrace& ipu : ipus) {
        busy += ipu.busyTileCycles();
        all += ipu.allTileCycles();
    }
    return all ? double(busy) / double(all) : 0.0;
}

double IpuTrace::stepShare(TraceState kind) const
{
    const uint64_t span = lastCycle - firstCycle;
    return span ? double(stepCycles[size_t(kind)]) / double(span) : 0.0;
}

double IpuTrace::overlappedCopyShare() const
{
    const uint64_t span = lastCycle - firstCycle;
    return span ? double(overlappedCopyCycles) / double(span) : 0.0;
}

CopyTraffic TraceSummary::streamCopies(CopyOrigin origin) const
{
    CopyTraffic total;
    for (const IpuTrace& ipu : ipus)
        total += ipu.streamCopies[size_t(origin)];
    return total;
}

ExchangeTraffic TraceSummary::globalExchange() const
{
    ExchangeTraffic total;
    for (const IpuTrace& ipu : ipus)
        total += ipu.globalExchange;
    return total;
}

uint64_t TraceSummary::waitTileCycles() const
{
    uint64_t wait = 0;
    for (const IpuTrace& ipu : ipus)
        wait += ipu.tileCycles[size_t(TraceState::WaitingForSync)];
    return wait;
}

const std::string& TraceSummary::typeOf(const WaitingStep& wait) const
{
    static const std::string unknown = "Unknown";
    return wait.type < stepTypes.size() ? stepTypes[wait.type] : unknown;
}

std::string_view TraceSummary::programName(const WaitingStep& wait) const
{
    const auto* found = std::lower_bound(namedPrograms.begin(), namedPrograms.end(), wait.program);
    if (found == namedPrograms.end() || *found != wait.program)
        return {};
    return programNames[size_t(found - namedPrograms.begin())];
}

namespace {

uint64_t overlap(uint64_t from, uint64_t to, const CycleRange& range)
{
    const uint64_t a = std::max(from, range.first), b = std::min(to, range.last);
    return b > a ? b - a : 0;
}

class TraceBuilder {
public:
    TraceBuilder(const Profile& profile, const StepTable& steps, CycleRange range)
        : m_steps(steps)
        , m_range(range)
    {
        const Target& target = profile.target();
        m_trace.numIpus = target.numIpus;
        m_trace.tilesPerIpu = target.tilesPerIpu;
        m_trace.clockHz = target.clockHz;
        m_trace.ipus.resize(target.numIpus);
        m_trace.stepTypes = steps.types();
        for (uint32_t i = 0; i < target.numIpus; ++i)
            m_trace.ipus[i].ipu = i;
        m_firstCycle.assign(target.numIpus, UINT64_MAX);
        m_lastCycle.assign(target.numIpus, 0);
        m_busyByTile.assign(target.numIpus, std::vector<uint64_t>(target.tilesPerIpu, 0));
        m_hasRow.assign(steps.size() * target.numIpus, false);
        m_stepCounted.assign(steps.size(), false);
        m_remoteCopyPrograms = remoteCopyPrograms(profile, steps);
    }

    void addRow(uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles)
    {
        m_hasRow[size_t(step) * m_trace.numIpus + ipu] = true;
        m_trace.hasTileCycles = true;
        const StepOnIpu& si = *m_steps.onIpu(step, ipu); // rows are checked against their step
        const uint64_t length = countStep(step, si);
        const TraceState work = workStateOf(m_steps.type(step));
        if (length == 0 || work == TraceState::Sync)
            return;
        IpuTrace& trace = m_trace.ipus[ipu];
        uint64_t busy = 0;
        uint32_t slowest = 0;
        for (uint32_t tile = 0; tile < cycles.size(); ++tile) {
            const uint64_t active = overlap(si.cyclesBase, si.cyclesBase + cycles[tile], m_range);
            busy += active;
            m_busyByTile[ipu][tile] += active;
            slowest = std::max(slowest, cycles[tile]);
        }
        const uint64_t all = length * m_trace.tilesPerIpu;
        trace.tileCycles[size_t(work)] += busy;
        trace.tileCycles[size_t(TraceState::WaitingForSync)] += all - busy;
        if (all > busy) {
            WaitingStep wait = waitingStep(step, si, all - busy, all);
            wait.perTile = true;
            for (uint32_t tile = 0; tile < cycles.size(); ++tile) {
                if (cycles[tile] != slowest)
                    continue;
                if (wait.slowestTilesKept < WaitingStep::kSlowestTilesKept)
                    wait.slowestTileIds[wait.slowestTilesKept++] = ipu * m_trace.tilesPerIpu + tile;
                ++wait.slowestTileCount;
            }
            addWait(wait);
        }
    }

    // Steps without per-tile cycles: the active tiles busy for the whole step, the rest waiting.
    void addStepsWithoutRows()
    {
        for (uint32_t step = 0; step < m_steps.size(); ++step) {
            for (const StepOnIpu& si : m_steps.ipus(step)) {
                if (m_hasRow[size_t(step) * m_trace.numIpus + si.ipu])
                    continue;
                const uint64_t length = countStep(step, si);
                if (length == 0)
                    continue;
                IpuTrace& trace = m_trace.ipus[si.ipu];
                const TraceState work = workStateOf(m_steps.type(step));
                const uint64_t all = length * m_trace.tilesPerIpu;
                if (work == TraceState::Sync) {
                    trace.tileCycles[size_t(TraceState::Sync)] += all;
                    continue;
                }
                const uint64_t busy = length * std::min(si.activeTiles, m_trace.tilesPerIpu);
                trace.tileCycles[size_t(work)] += busy;
                trace.tileCycles[size_t(TraceState::WaitingForSync)] += all - busy;
                if (all > busy)
                    addWait(waitingStep(step, si, all - busy, all));
            }
        }
    }

    // The cycles within the range of each IPU's overlapped copies: one pass over the steps, each
    // IPU's in time order.
    void countOverlappedCopies()
    {
        const uint32_t numIpus = m_trace.numIpus;
        const auto count = [&](uint64_t id, bool overlapped) {
            const StepOnIpu* si = m_steps.onIpu(size_t(id / numIpus), uint32_t(id % numIpus));
            if (overlapped && si)
                m_trace.ipus[si->ipu].overlappedCopyCycles
                    += overlap(si->cyclesBase, si->cyclesBase + si->cycles, m_range);
        };
        std::vector<OverlappedCopyFinder> finders(numIpus);
        for (uint32_t step = 0; step < m_steps.size(); ++step) {
            const bool copy = workStateOf(m_steps.type(step)) == TraceState::StreamCopy;
            for (const StepOnIpu& si : m_steps.ipus(step))
                finders[si.ipu].add(uint64_t(step) * numIpus + si.ipu, copy, si.cyclesBase, si.cycles, count);
        }
        for (OverlappedCopyFinder& finder : finders)
            finder.finish(count);
    }

    TraceSummary finish(const Profile& profile)
    {
        for (IpuTrace& trace : m_trace.ipus) {
            const uint32_t ipu = trace.ipu;
            if (m_firstCycle[ipu] == UINT64_MAX)
                continue;
            trace.firstCycle = m_firstCycle[ipu];
            trace.lastCycle = m_lastCycle[ipu];
            const uint64_t span = trace.lastCycle - trace.firstCycle;
            m_trace.totalCycles = std::max(m_trace.totalCycles, span);
            uint64_t inSteps = 0, tileCyclesInSteps = 0;
            for (size_t s = 0; s < kTraceStateCount; ++s) {
                inSteps += trace.stepCycles[s];
                tileCyclesInSteps += trace.tileCycles[s];
            }
            inSteps -= std::min(inSteps, trace.overlappedCopyCycles); // overlapped I/O runs beside steps
            trace.stepCycles[size_t(TraceState::Idle)] = span > inSteps ? span - inSteps : 0;
            const uint64_t all = span * m_trace.tilesPerIpu;
            trace.tileCycles[size_t(TraceState::Idle)]
                = all > tileCyclesInSteps ? all - tileCyclesInSteps : 0;
            const auto& busy = m_busyByTile[ipu];
            const auto [least, most] = std::minmax_element(busy.begin(), busy.end());
            trace.minTileBusy = *least;
            trace.maxTileBusy = *most;
            uint64_t sum = 0;
            for (uint64_t b : busy)
                sum += b;
            trace.meanTileBusy = double(sum) / double(busy.size());
        }
        // The names of the waits' programs alone: most of a large report's programs never wait.
        std::vector<uint32_t> named;
        for (const auto& block : m_waitBlocks)
            for (const WaitingStep& wait : block)
                named.push_back(wait.program);
        std::sort(named.begin(), named.end());
        named.erase(std::unique(named.begin(), named.end()), named.end());
        m_trace.programNames = profile.readProgramNames(named);
        m_trace.namedPrograms = std::move(named);
        m_trace.namedPrograms.spill();
        writeSortedWaits();
        return std::move(m_trace);
    }

private:
    void addWait(const WaitingStep& wait)
    {
        if (m_waitBlocks.empty() || m_waitBlocks.back().size() == kWaitBlock)
            m_waitBlocks.emplace_back(); // grows to kWaitBlock (a power of two) by doubling
        m_waitBlocks.back().push_back(wait);
        ++m_waitCount;
    }
    const WaitingStep& waitAt(size_t index) const
    {
        return m_waitBlocks[index / kWaitBlock][index % kWaitBlock];
    }

    // Most wasted tile-cycles first, equal ones in the order found (as a stable sort would keep
    // them), written once at their final size: into a spill file when spilling is on.
    void writeSortedWaits()
    {
        std::vector<size_t> order(m_waitCount);
        std::iota(order.begin(), order.end(), size_t(0));
        std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
            const uint64_t waitA = waitAt(a).waitTileCycles, waitB = waitAt(b).waitTileCycles;
            return waitA != waitB ? waitA > waitB : a < b;
        });
        SpilledArray<WaitingStep>& waits = m_trace.waits;
        if (spill::enabled())
            waits.streamWhileBuilding();
        else
            waits.values().reserve(m_waitCount);
        for (size_t index : order)
            waits.push_back(waitAt(index));
        freeMemory(order);
        freeMemory(m_waitBlocks);
        waits.spill();
    }

    // Counts the step's cycles within the range into its IPU's figures; returns them.
    uint64_t countStep(uint32_t step, const StepOnIpu& si)
    {
        const uint64_t length = overlap(si.cyclesBase, si.cyclesBase + si.cycles, m_range);
        if (length == 0)
            return 0;
        if (!m_stepCounted[step]) {
            m_stepCounted[step] = true;
            ++m_trace.numSteps;
        }
        IpuTrace& trace = m_trace.ipus[si.ipu];
        const TraceState work = workStateOf(m_steps.type(step));
        trace.stepCycles[size_t(work)] += length;
        m_firstCycle[si.ipu] = std::min(m_firstCycle[si.ipu], std::max(si.cyclesBase, m_range.first));
        m_lastCycle[si.ipu]
            = std::max(m_lastCycle[si.ipu], std::min(si.cyclesBase + si.cycles, m_range.last));
        countTraffic(step, si, work, length);
        return length;
    }

    // The step's bytes (whole, once its cycles are in the range) and cycles into its traffic split.
    void countTraffic(uint32_t step, const StepOnIpu& si, TraceState work, uint64_t length)
    {
        IpuTrace& trace = m_trace.ipus[si.ipu];
        const uint64_t data = si.dataIn + si.dataOut;
        if (work == TraceState::StreamCopy) {
            trace.streamCopyBytes += data;
            const bool remote = std::binary_search(
                m_remoteCopyPrograms.begin(), m_remoteCopyPrograms.end(), m_steps.program(step));
            CopyTraffic& copy
                = trace.streamCopies[size_t(remote ? CopyOrigin::RemoteBuffer : CopyOrigin::Host)];
            copy += { si.dataIn, si.dataOut, length };
        } else if (m_steps.type(step) == "GlobalExchange") {
            trace.globalExchangeBytes += data;
            trace.globalExchange += { si.dataIn, si.dataOut, length };
        }
    }

    // The stream copy programs whose names name a remote buffer, ascending: one read of the names
    // of the copies' programs alone.
    static std::vector<uint32_t> remoteCopyPrograms(const Profile& profile, const StepTable& steps)
    {
        std::vector<uint32_t> copies;
        for (size_t step = 0; step < steps.size(); ++step)
            if (workStateOf(steps.type(step)) == TraceState::StreamCopy)
                copies.push_back(steps.program(step));
        std::sort(copies.begin(), copies.end());
        copies.erase(std::unique(copies.begin(), copies.end()), copies.end());
        const PackedNames names = profile.readProgramNames(copies);
        std::vector<uint32_t> remote;
        for (size_t i = 0; i < copies.size(); ++i)
            if (namesRemoteBuffer(names[i]))
                remote.push_back(copies[i]);
        return remote;
    }

    WaitingStep waitingStep(uint32_t step, const StepOnIpu& si, uint64_t wait, uint64_t all) const
    {
        WaitingStep w;
        w.step = step;
        w.ipu = si.ipu;
        w.program = m_steps.program(step);
        w.type = m_steps.typeIndex(step);
        w.cycles = si.cycles;
        w.cycleBase = si.cyclesBase;
        w.waitTileCycles = wait;
        w.waitShare = double(wait) / double(all);
        w.activeTiles = si.activeTiles;
        return w;
    }

    const StepTable& m_steps;
    const CycleRange m_range;
    TraceSummary m_trace;
    // The waits as found, in blocks: a vector grown by doubling held up to three times bench-huge's
    // waits while it grew, and a stable sort a copy more.
    static constexpr size_t kWaitBlock = 16384;
    std::vector<std::vector<WaitingStep>> m_waitBlocks;
    size_t m_waitCount = 0;
    std::vector<uint64_t> m_firstCycle, m_lastCycle;
    std::vector<std::vector<uint64_t>> m_busyByTile; // [ipu][tile]
    std::vector<bool> m_hasRow; // [step × numIpus + ipu]
    std::vector<bool> m_stepCounted; // [step]: counted in numSteps
    std::vector<uint32_t> m_remoteCopyPrograms; // ascending
};

} // namespace

TraceSummary analyseTrace(const Profile& profile, const StepTable& steps, CycleRange range)
{
    TraceBuilder builder(profile, steps, range);
    profile.forEachTileCycles(
        steps,
        [](void* context, uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles) {
            static_cast<TraceBuilder*>(context)->addRow(step, ipu, cycles);
        },
        &builder);
    builder.addStepsWithoutRows();
    builder.countOverlappedCopies();
    return builder.finish(profile);
}

TileMoment tileStateAt(const Profile& profile, const StepTable& steps, uint32_t globalTile, uint64_t cycle)
{
    const uint32_t tilesPerIpu = profile.target().tilesPerIpu;
    const uint32_t ipu = globalTile / tilesPerIpu, tile = globalTile % tilesPerIpu;
    TileMoment moment;
    // Steps run one after another on an IPU, in execution order: the last one starting at or before
    // `cycle` is the only candidate.
    const StepOnIpu* si = nullptr;
    for (size_t index = 0; index < steps.size(); ++index)
        if (const StepOnIpu* row = steps.onIpu(index, ipu);
            row && row->cyclesBase <= cycle && cycle < row->cyclesBase + row->cycles) {
            moment.step = int64_t(index);
            si = row;
        }
    if (!si)
        return moment;
    const TraceState work = workStateOf(steps.type(size_t(moment.step)));
    const std::vector<uint32_t> cycles = profile.readTileCycles(steps, uint32_t(moment.step), ipu);
    if (work == TraceState::Sync) {
        moment.state = TraceState::Sync;
        moment.tileCycles = si->cycles;
    } else if (cycles.empty()) { // no per-tile row: the first activeTiles tiles are taken as the active ones
        moment.tileCycles = tile < si->activeTiles ? si->cycles : 0;
        moment.state = tile < si->activeTiles ? work : TraceState::WaitingForSync;
    } else {
        moment.tileCycles = cycles[tile];
        moment.state = cycle < si->cyclesBase + cycles[tile] ? work : TraceState::WaitingForSync;
    }
    return moment;
}

TraceSummary analyseTrace(const Profile& profile, CycleRange range)
{
    return analyseTrace(profile, profile.readStepTable(), range);
}

} // namespace popscope
