// TraceLod: building the lanes and mipmap levels, and reading cells from them.
#include "popscope/trace_lod.hpp"

#include "popscope/free_memory.hpp"
#include "popscope/profile.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace popscope {

namespace {

// The busy states a level keeps apart (the others are derived from the step cycles).
constexpr TraceState kBusyStates[]
    = { TraceState::Computing, TraceState::Exchanging, TraceState::StreamCopy };
constexpr size_t kBusyStateCount = 3;

size_t busyIndex(TraceState state)
{
    return state == TraceState::Exchanging ? 1 : state == TraceState::StreamCopy ? 2 : 0;
}

struct Cancelled { };

// A busy figure as level 0 holds it: its share of the tile-cycles it could have been.
uint16_t busyShare(double busy, double capacity)
{
    if (capacity <= 0 || busy <= 0)
        return 0;
    return uint16_t(std::lround(std::min(1.0, busy / capacity) * TraceLod::kBusyShareSteps));
}

} // namespace

uint32_t TraceLod::tilesInGroup(uint32_t group) const
{
    const uint32_t first = group * kTilesPerGroup;
    return first >= m_tilesPerIpu ? 0 : std::min(kTilesPerGroup, m_tilesPerIpu - first);
}

TraceLod TraceLod::build(
    const Profile& profile, const StepTable& steps, const std::function<bool(uint64_t, uint64_t)>& progress)
{
    TraceLod lod;
    const Target& target = profile.target();
    lod.m_tilesPerIpu = target.tilesPerIpu;
    lod.m_groupsPerIpu = (target.tilesPerIpu + kTilesPerGroup - 1) / kTilesPerGroup;
    lod.m_lanes.resize(target.numIpus);
    for (uint32_t index = 0; index < steps.size(); ++index)
        for (const StepOnIpu& si : steps.ipus(index)) {
            lod.m_lanes[si.ipu].steps.values().push_back(
                { index, workStateOf(steps.type(index)), false, si.cyclesBase, si.cycles });
            lod.m_endCycle = std::max(lod.m_endCycle, si.cyclesBase + si.cycles);
        }
    // Level 0 is filled in the file's order of rows, dense, then packed lane by lane (GroupRows).
    std::vector<std::vector<uint16_t>> shares(target.numIpus);
    const std::vector<uint32_t> laneIndex = lod.orderLanes(steps, shares);
    const uint64_t rows = profile.countRows("cycles_by_tile");
    if (!lod.readTileShares(profile, steps, laneIndex, shares, { progress, rows })) {
        TraceLod cancelled;
        cancelled.m_cancelled = true;
        return cancelled;
    }
    lod.packLevelZero(steps, shares);
    if (progress)
        progress(rows, rows);
    lod.buildLevels();
    return lod;
}

std::vector<uint32_t> TraceLod::orderLanes(const StepTable& steps, std::vector<std::vector<uint16_t>>& shares)
{
    std::vector<uint32_t> laneIndex(steps.ipuRows()); // a step's row on an IPU -> its place in the lane
    for (uint32_t ipu = 0; ipu < m_lanes.size(); ++ipu) {
        Lane& lane = m_lanes[ipu];
        std::stable_sort(lane.steps.values().begin(), lane.steps.values().end(),
            [](const LaneStep& a, const LaneStep& b) { return a.base < b.base; });
        for (uint32_t k = 0; k < lane.steps.size(); ++k)
            laneIndex[steps.rowIndex(*steps.onIpu(lane.steps[k].step, ipu))] = k;
        shares[ipu].assign(lane.steps.size() * m_groupsPerIpu, 0);
    }
    return laneIndex;
}

bool TraceLod::readTileShares(const Profile& profile, const StepTable& steps,
    const std::vector<uint32_t>& laneIndex, std::vector<std::vector<uint16_t>>& shares,
    const BuildProgress& progress)
{
    struct RowSink {
        TraceLod& lod;
        std::vector<std::vector<uint16_t>>& shares;
        const StepTable& steps;
        const std::vector<uint32_t>& laneIndex;
        const std::function<bool(uint64_t, uint64_t)>& progress;
        uint64_t done = 0, total = 0;
        std::vector<double> groupBusy;
    } sink { *this, shares, steps, laneIndex, progress.report, 0, progress.total, {} };
    try {
        if (progress.report && !progress.report(0, sink.total))
            throw Cancelled {};
        profile.forEachTileCycles(
            steps,
            [](void* context, uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles) {
                auto& s = *static_cast<RowSink*>(context);
                Lane& lane = s.lod.m_lanes[ipu];
                const uint32_t k = s.laneIndex[s.steps.rowIndex(*s.steps.onIpu(step, ipu))]; // a checked row
                LaneStep& laneStep = lane.steps.values()[k];
                laneStep.perTile = true;
                if (laneStep.work != TraceState::Sync) {
                    const uint32_t groups = s.lod.m_groupsPerIpu;
                    s.groupBusy.assign(groups, 0.0);
                    for (uint32_t tile = 0; tile < cycles.size(); ++tile)
                        s.groupBusy[tile / kTilesPerGroup] += double(cycles[tile]);
                    for (uint32_t g = 0; g < groups; ++g)
                        s.shares[ipu][size_t(k) * groups + g] = busyShare(
                            s.groupBusy[g], double(laneStep.cycles) * double(s.lod.tilesInGroup(g)));
                }
                if (++s.done % 256 == 0 && s.progress && !s.progress(s.done, s.total))
                    throw Cancelled {};
            },
            &sink);
    } catch (const Cancelled&) {
        return false;
    }
    return true;
}

void TraceLod::packLevelZero(const StepTable& steps, std::vector<std::vector<uint16_t>>& shares)
{
    const uint32_t groups = m_groupsPerIpu;
    for (uint32_t ipu = 0; ipu < m_lanes.size(); ++ipu) {
        Lane& lane = m_lanes[ipu];
        // Steps without per-tile cycles: the first activeTiles tiles busy for the whole step.
        for (uint32_t k = 0; k < lane.steps.size(); ++k) {
            if (lane.steps[k].perTile || lane.steps[k].work == TraceState::Sync)
                continue;
            const StepOnIpu* si = steps.onIpu(lane.steps[k].step, ipu);
            const uint32_t active = si ? std::min(si->activeTiles, m_tilesPerIpu) : 0;
            for (uint32_t group = 0; group < groups && group * kTilesPerGroup < active; ++group) {
                const uint32_t tiles = tilesInGroup(group);
                shares[ipu][size_t(k) * groups + group]
                    = busyShare(double(std::min(active - group * kTilesPerGroup, tiles)), double(tiles));
            }
        }
        lane.busyShare = GroupRows<uint16_t>(groups);
        lane.busyShare.reserveRows(lane.steps.size());
        for (size_t k = 0; k < lane.steps.size(); ++k)
            lane.busyShare.append(&shares[ipu][k * groups]);
        lane.busyShare.finish();
        lane.steps.spill();
        freeMemory(shares[ipu]);
        lane.levels.emplace_back(); // level 0: the steps and their busy shares
    }
}

// Level 0 holds one busy share per step and group (its state is the step's); level L ≥ 1 sums
// kFan blocks of level L-1, keeping the three busy states apart. A fan of 8 (not 2) keeps the
// levels above 0 at a seventh of level 0's blocks (each group three figures wide), and a cell reads
// at most 7 blocks per level at each end. Mostly idle blocks keep their busy groups only.
void TraceLod::buildLevels()
{
    const uint32_t groups = m_groupsPerIpu;
    std::vector<uint16_t> shares(groups);
    std::vector<BusyByState> part(groups), sum(groups);
    for (uint32_t ipu = 0; ipu < m_lanes.size(); ++ipu) {
        Lane& lane = m_lanes[ipu];
        size_t blocks = lane.steps.size();
        for (size_t level = 1; blocks > 1; ++level) {
            const size_t next = (blocks + kFan - 1) / kFan;
            Level up;
            up.busy = GroupRows<BusyByState>(groups);
            up.busy.reserveRows(next);
            std::vector<double>& stepCycles = up.stepCycles.values();
            stepCycles.assign(next * kTraceStateCount, 0.0);
            for (size_t parent = 0; parent < next; ++parent) {
                std::fill(sum.begin(), sum.end(), BusyByState {});
                for (size_t b = parent * kFan; b < std::min(blocks, (parent + 1) * kFan); ++b) {
                    for (size_t s = 0; s < kTraceStateCount; ++s)
                        stepCycles[parent * kTraceStateCount + s] += blockStepCycles(lane, level - 1, b, s);
                    if (level == 1) {
                        lane.busyShare.expand(b, shares.data());
                        const size_t state = busyIndex(lane.steps[b].work);
                        for (uint32_t g = 0; g < groups; ++g)
                            if (shares[g] != 0)
                                sum[g][state] += float(shareCycles(lane.steps[b], g, shares[g]));
                        continue;
                    }
                    lane.levels[level - 1].busy.expand(b, part.data());
                    for (uint32_t g = 0; g < groups; ++g)
                        for (size_t s = 0; s < kBusyStateCount; ++s)
                            sum[g][s] += part[g][s];
                }
                up.busy.append(sum.data());
            }
            up.busy.finish();
            up.stepCycles.spill();
            lane.levels.push_back(std::move(up));
            blocks = next;
        }
    }
}

double TraceLod::blockStepCycles(const Lane& lane, size_t level, size_t block, size_t state) const
{
    if (level > 0)
        return lane.levels[level].stepCycles[block * kTraceStateCount + state];
    const LaneStep& step = lane.steps[block];
    return size_t(step.work) == state ? double(step.cycles) : 0.0;
}

double TraceLod::shareCycles(const LaneStep& step, uint32_t group, uint16_t share) const
{
    return double(share) / kBusyShareSteps * double(step.cycles) * double(tilesInGroup(group));
}

double TraceLod::busy(uint32_t ipu, size_t k, uint32_t group) const
{
    const Lane& lane = m_lanes[ipu];
    return shareCycles(lane.steps[k], group, lane.busyShare.at(k, group));
}

double TraceLod::blockBusy(uint32_t ipu, size_t level, size_t block, uint32_t group, TraceState state) const
{
    const Lane& lane = m_lanes[ipu];
    if (level == 0)
        return lane.steps[block].work == state ? busy(ipu, block, group) : 0.0;
    return lane.levels[level].busy.at(block, group)[busyIndex(state)] * (isBusy(state) ? 1.0 : 0.0);
}

// A whole block: busy by state, the rest of the non-sync steps' tile-cycles waiting, sync as sync.
void TraceLod::addWhole(
    uint32_t ipu, size_t level, size_t block, uint32_t g0, uint32_t g1, StateTileCycles& out) const
{
    const Lane& lane = m_lanes[ipu];
    thread_local std::vector<uint16_t> shares;
    thread_local std::vector<BusyByState> row;
    if (level == 0) {
        shares.resize(m_groupsPerIpu);
        lane.busyShare.expand(block, shares.data());
    } else {
        row.resize(m_groupsPerIpu);
        lane.levels[level].busy.expand(block, row.data());
    }
    double tiles = 0, busySum = 0;
    for (uint32_t g = g0; g < g1; ++g) {
        tiles += tilesInGroup(g);
        for (TraceState state : kBusyStates) {
            const double b = level > 0            ? double(row[g][busyIndex(state)])
                : lane.steps[block].work == state ? shareCycles(lane.steps[block], g, shares[g])
                                                  : 0.0;
            out[size_t(state)] += b;
            busySum += b;
        }
    }
    double working = 0;
    for (size_t s = 0; s < kTraceStateCount; ++s)
        if (TraceState(s) != TraceState::Sync)
            working += blockStepCycles(lane, level, block, s);
    out[size_t(TraceState::Sync)] += blockStepCycles(lane, level, block, size_t(TraceState::Sync)) * tiles;
    out[size_t(TraceState::WaitingForSync)] += std::max(0.0, working * tiles - busySum);
}

// Part of step k, prorated: its busy tile-cycles spread evenly over the step.
void TraceLod::addPart(
    uint32_t ipu, size_t k, uint64_t from, uint64_t to, uint32_t g0, uint32_t g1, StateTileCycles& out) const
{
    const Lane& lane = m_lanes[ipu];
    const LaneStep& step = lane.steps[k];
    const uint64_t a = std::max(from, step.base), b = std::min(to, step.base + step.cycles);
    if (b <= a || step.cycles == 0)
        return;
    const double fraction = double(b - a) / double(step.cycles);
    thread_local std::vector<uint16_t> shares;
    shares.resize(m_groupsPerIpu);
    lane.busyShare.expand(k, shares.data());
    double tiles = 0, busySum = 0;
    for (uint32_t g = g0; g < g1; ++g) {
        tiles += tilesInGroup(g);
        busySum += shareCycles(step, g, shares[g]) * fraction;
    }
    if (step.work == TraceState::Sync) {
        out[size_t(TraceState::Sync)] += double(b - a) * tiles;
        return;
    }
    out[size_t(step.work)] += busySum;
    out[size_t(TraceState::WaitingForSync)] += std::max(0.0, double(b - a) * tiles - busySum);
}

void TraceLod::piecesOf(uint32_t ipu, uint64_t from, uint64_t to, std::vector<Piece>& pieces) const
{
    pieces.clear();
    const Lane& lane = m_lanes[ipu];
    const auto& steps = lane.steps;
    // The first step that ends after `from`.
    size_t k = size_t(std::partition_point(steps.begin(), steps.end(), [from](const LaneStep& s) {
        return s.base + s.cycles <= from;
    }) - steps.begin());
    while (k < steps.size() && steps[k].base < to) {
        if (steps[k].base < from || steps[k].base + steps[k].cycles > to) {
            pieces.push_back({ SIZE_MAX, k++ });
            continue;
        }
        // The largest aligned block starting at k that lies inside [from, to).
        size_t level = 0, width = 1; // width: the steps of a block of `level`
        while (level + 1 < lane.levels.size()) {
            const size_t span = width * kFan;
            const size_t last = k + span - 1;
            if (k % span != 0 || last >= steps.size() || steps[last].base + steps[last].cycles > to)
                break;
            ++level;
            width = span;
        }
        pieces.push_back({ level, k / width });
        k += width;
    }
}

StateTileCycles TraceLod::cell(uint32_t ipu, uint64_t from, uint64_t to, uint32_t g0, uint32_t g1) const
{
    StateTileCycles out {};
    if (ipu >= m_lanes.size() || to <= from)
        return out;
    g1 = std::min(g1, m_groupsPerIpu);
    std::vector<Piece> pieces;
    piecesOf(ipu, from, to, pieces);
    for (const Piece& piece : pieces) {
        if (piece.level == SIZE_MAX)
            addPart(ipu, piece.index, from, to, g0, g1, out);
        else
            addWhole(ipu, piece.level, piece.index, g0, g1, out);
    }
    double tiles = 0, counted = 0;
    for (uint32_t g = g0; g < g1; ++g)
        tiles += tilesInGroup(g);
    for (double c : out)
        counted += c;
    out[size_t(TraceState::Idle)] = std::max(0.0, double(to - from) * tiles - counted);
    return out;
}

void TraceLod::column(uint32_t ipu, uint64_t from, uint64_t to, std::vector<StateTileCycles>& perGroup) const
{
    perGroup.assign(m_groupsPerIpu, StateTileCycles {});
    if (ipu >= m_lanes.size() || to <= from)
        return;
    thread_local std::vector<Piece> pieces;
    piecesOf(ipu, from, to, pieces);
    const Lane& lane = m_lanes[ipu];
    const uint32_t groups = m_groupsPerIpu;
    constexpr size_t kWait = size_t(TraceState::WaitingForSync), kSync = size_t(TraceState::Sync);
    // Piece by piece, every group at once: the step-level figures are read once per piece.
    for (const Piece& piece : pieces) {
        if (piece.level == SIZE_MAX || piece.level == 0) {
            const LaneStep& step = lane.steps[piece.index];
            const uint64_t a = std::max(from, step.base), b = std::min(to, step.base + step.cycles);
            if (b <= a || step.cycles == 0)
                continue;
            const double length = double(b - a);
            thread_local std::vector<uint16_t> shares;
            shares.resize(groups);
            lane.busyShare.expand(piece.index, shares.data());
            for (uint32_t g = 0; g < groups; ++g) {
                const double tiles = tilesInGroup(g);
                if (step.work == TraceState::Sync) {
                    perGroup[g][kSync] += length * tiles;
                    continue;
                }
                const double done = double(shares[g]) / kBusyShareSteps * length * tiles;
                perGroup[g][size_t(step.work)] += done;
                perGroup[g][kWait] += std::max(0.0, length * tiles - done);
            }
            continue;
        }
        const Level& level = lane.levels[piece.level];
        const double* cycles = &level.stepCycles[piece.index * kTraceStateCount];
        double working = 0;
        for (size_t s = 0; s < kTraceStateCount; ++s)
            working += s == kSync ? 0.0 : cycles[s];
        thread_local std::vector<BusyByState> busy;
        busy.resize(groups);
        level.busy.expand(piece.index, busy.data());
        for (uint32_t g = 0; g < groups; ++g) {
            const double tiles = tilesInGroup(g);
            double done = 0;
            for (size_t s = 0; s < kBusyStateCount; ++s) {
                perGroup[g][size_t(kBusyStates[s])] += busy[g][s];
                done += busy[g][s];
            }
            perGroup[g][kSync] += cycles[kSync] * tiles;
            perGroup[g][kWait] += std::max(0.0, working * tiles - done);
        }
    }
    for (uint32_t g = 0; g < groups; ++g) {
        double counted = 0;
        for (double c : perGroup[g])
            counted += c;
        perGroup[g][size_t(TraceState::Idle)] = std::max(0.0, double(to - from) * tilesInGroup(g) - counted);
    }
}

StateTileCycles TraceLod::stepCycles(uint32_t ipu, uint64_t from, uint64_t to) const
{
    StateTileCycles out {};
    if (ipu >= m_lanes.size() || to <= from)
        return out;
    std::vector<Piece> pieces;
    piecesOf(ipu, from, to, pieces);
    const Lane& lane = m_lanes[ipu];
    double counted = 0;
    for (const Piece& piece : pieces) {
        if (piece.level == SIZE_MAX) {
            const LaneStep& step = lane.steps[piece.index];
            const uint64_t a = std::max(from, step.base), b = std::min(to, step.base + step.cycles);
            out[size_t(step.work)] += double(b - a);
            counted += double(b - a);
            continue;
        }
        for (size_t s = 0; s < kTraceStateCount; ++s) {
            const double cycles = blockStepCycles(lane, piece.level, piece.index, s);
            out[s] += cycles;
            counted += cycles;
        }
    }
    out[size_t(TraceState::Idle)] = std::max(0.0, double(to - from) - counted);
    return out;
}

TraceLod::RangeFigures TraceLod::range(uint64_t from, uint64_t to) const
{
    RangeFigures figures;
    for (uint32_t ipu = 0; ipu < numIpus(); ++ipu) {
        figures.stepCycles.push_back(stepCycles(ipu, from, to));
        figures.tileCycles.push_back(cell(ipu, from, to, 0, m_groupsPerIpu));
    }
    return figures;
}

double TraceLod::RangeFigures::parallelEfficiency() const
{
    double busy = 0, all = 0;
    for (const StateTileCycles& ipu : tileCycles)
        for (size_t s = 0; s < kTraceStateCount; ++s) {
            all += ipu[s];
            busy += isBusy(TraceState(s)) ? ipu[s] : 0.0;
        }
    return all > 0 ? busy / all : 0.0;
}

double TraceLod::RangeFigures::share(TraceState kind) const
{
    double part = 0, all = 0;
    for (const StateTileCycles& ipu : stepCycles)
        for (size_t s = 0; s < kTraceStateCount; ++s) {
            all += ipu[s];
            part += TraceState(s) == kind ? ipu[s] : 0.0;
        }
    return all > 0 ? part / all : 0.0;
}

} // namespace popscope
