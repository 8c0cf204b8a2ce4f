// TraceLod: building the lanes and mipmap levels, and reading cells from them.
#include "popscope/trace_lod.hpp"

#include "popscope/profile.hpp"

#include <algorithm>
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

struct RowSink {
    std::vector<std::vector<float>>* level0; // [ipu] -> [k * groups + group]
    const std::unordered_map<uint64_t, uint32_t>* laneIndex;
    std::vector<std::vector<TraceLod::LaneStep>>* lanes;
    uint32_t numIpus, groups, tilesPerGroup;
    const std::function<bool(uint64_t, uint64_t)>* progress;
    uint64_t done = 0, total = 0;
};

} // namespace

uint32_t TraceLod::tilesInGroup(uint32_t group) const
{
    const uint32_t first = group * kTilesPerGroup;
    return first >= m_tilesPerIpu ? 0 : std::min(kTilesPerGroup, m_tilesPerIpu - first);
}

TraceLod TraceLod::build(const Profile& profile, const std::vector<ExecutionStep>& steps,
    const std::function<bool(uint64_t, uint64_t)>& progress)
{
    TraceLod lod;
    const Target& target = profile.target();
    lod.m_tilesPerIpu = target.tilesPerIpu;
    lod.m_groupsPerIpu = (target.tilesPerIpu + kTilesPerGroup - 1) / kTilesPerGroup;
    lod.m_lanes.resize(target.numIpus);
    for (uint32_t index = 0; index < steps.size(); ++index)
        for (const StepIpu& si : steps[index].ipus) {
            lod.m_lanes[si.ipu].steps.push_back(
                { index, si.cyclesBase, si.cycles, workStateOf(steps[index].type), false });
            lod.m_endCycle = std::max(lod.m_endCycle, si.cyclesBase + si.cycles);
        }
    std::unordered_map<uint64_t, uint32_t> laneIndex; // step × numIpus + ipu -> position in its lane
    std::vector<std::vector<LaneStep>> lanes(target.numIpus);
    for (uint32_t ipu = 0; ipu < target.numIpus; ++ipu) {
        auto& lane = lod.m_lanes[ipu].steps;
        std::stable_sort(
            lane.begin(), lane.end(), [](const LaneStep& a, const LaneStep& b) { return a.base < b.base; });
        for (uint32_t k = 0; k < lane.size(); ++k)
            laneIndex[uint64_t(lane[k].step) * target.numIpus + ipu] = k;
        lanes[ipu] = lane;
    }
    std::vector<std::vector<float>> level0(target.numIpus);
    for (uint32_t ipu = 0; ipu < target.numIpus; ++ipu)
        level0[ipu].assign(lod.m_lanes[ipu].steps.size() * lod.m_groupsPerIpu, 0.0f);

    RowSink sink { &level0, &laneIndex, &lanes, target.numIpus, lod.m_groupsPerIpu, kTilesPerGroup,
        &progress };
    sink.total = profile.countRows("cycles_by_tile");
    try {
        if (progress && !progress(0, sink.total))
            throw Cancelled {};
        profile.forEachTileCycles(
            steps,
            [](void* context, uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles) {
                auto& s = *static_cast<RowSink*>(context);
                const uint32_t k = s.laneIndex->at(uint64_t(step) * s.numIpus + ipu);
                LaneStep& laneStep = (*s.lanes)[ipu][k];
                laneStep.perTile = true;
                if (laneStep.work != TraceState::Sync) {
                    float* row = &(*s.level0)[ipu][size_t(k) * s.groups];
                    for (uint32_t tile = 0; tile < cycles.size(); ++tile)
                        row[tile / s.tilesPerGroup] += float(cycles[tile]);
                }
                if (++s.done % 256 == 0 && *s.progress && !(*s.progress)(s.done, s.total))
                    throw Cancelled {};
            },
            &sink);
    } catch (const Cancelled&) {
        TraceLod cancelled;
        cancelled.m_cancelled = true;
        return cancelled;
    }
    // Steps without per-tile cycles: the first activeTiles tiles busy for the whole step.
    for (uint32_t ipu = 0; ipu < target.numIpus; ++ipu) {
        auto& lane = lanes[ipu];
        for (uint32_t k = 0; k < lane.size(); ++k) {
            if (lane[k].perTile || lane[k].work == TraceState::Sync)
                continue;
            uint32_t active = 0;
            for (const StepIpu& si : steps[lane[k].step].ipus)
                if (si.ipu == ipu)
                    active = std::min(si.activeTiles, target.tilesPerIpu);
            for (uint32_t group = 0; group < lod.m_groupsPerIpu && group * kTilesPerGroup < active; ++group)
                level0[ipu][size_t(k) * lod.m_groupsPerIpu + group] = float(lane[k].cycles)
                    * float(std::min(active - group * kTilesPerGroup, lod.tilesInGroup(group)));
        }
        lod.m_lanes[ipu].steps = std::move(lane);
        Level base;
        base.busy.assign(level0[ipu].begin(), level0[ipu].end());
        lod.m_lanes[ipu].levels.push_back(std::move(base));
    }
    if (progress)
        progress(sink.total, sink.total);
    lod.buildLevels();
    return lod;
}

// Level 0 holds one busy figure per step and group (its state is the step's); level L ≥ 1 sums
// kFan blocks of level L-1, keeping the three busy states apart. A fan of 8 (not 2) keeps the
// levels above 0 at a seventh of level 0's blocks, each three figures wide: the LOD takes 0.4 of
// the memory a binary pyramid takes, and a cell reads at most 7 blocks per level at each end.
void TraceLod::buildLevels()
{
    const uint32_t groups = m_groupsPerIpu;
    for (Lane& lane : m_lanes) {
        const size_t steps = lane.steps.size();
        Level& base = lane.levels[0];
        base.stepCycles.assign(steps * kTraceStateCount, 0.0);
        for (size_t k = 0; k < steps; ++k)
            base.stepCycles[k * kTraceStateCount + size_t(lane.steps[k].work)] = double(lane.steps[k].cycles);
        size_t blocks = steps;
        for (size_t level = 1; blocks > 1; ++level) {
            const Level& below = lane.levels[level - 1];
            const size_t next = (blocks + kFan - 1) / kFan;
            Level up;
            up.busy.assign(next * groups * kBusyStateCount, 0.0);
            up.stepCycles.assign(next * kTraceStateCount, 0.0);
            for (size_t b = 0; b < blocks; ++b) {
                const size_t parent = b / kFan;
                for (size_t s = 0; s < kTraceStateCount; ++s)
                    up.stepCycles[parent * kTraceStateCount + s]
                        += below.stepCycles[b * kTraceStateCount + s];
                for (uint32_t g = 0; g < groups; ++g) {
                    float* into = &up.busy[(parent * groups + g) * kBusyStateCount];
                    if (level == 1)
                        into[busyIndex(lane.steps[b].work)] += below.busy[b * groups + g];
                    else
                        for (size_t s = 0; s < kBusyStateCount; ++s)
                            into[s] += below.busy[(b * groups + g) * kBusyStateCount + s];
                }
            }
            lane.levels.push_back(std::move(up));
            blocks = next;
        }
    }
}

double TraceLod::busy(uint32_t ipu, size_t k, uint32_t group) const
{
    return m_lanes[ipu].levels[0].busy[k * m_groupsPerIpu + group];
}

double TraceLod::blockBusy(uint32_t ipu, size_t level, size_t block, uint32_t group, TraceState state) const
{
    const Lane& lane = m_lanes[ipu];
    if (level == 0)
        return lane.steps[block].work == state ? busy(ipu, block, group) : 0.0;
    return lane.levels[level].busy[(block * m_groupsPerIpu + group) * kBusyStateCount + busyIndex(state)]
        * (isBusy(state) ? 1.0 : 0.0);
}

// A whole block: busy by state, the rest of the non-sync steps' tile-cycles waiting, sync as sync.
void TraceLod::addWhole(
    uint32_t ipu, size_t level, size_t block, uint32_t g0, uint32_t g1, StateTileCycles& out) const
{
    const Level& l = m_lanes[ipu].levels[level];
    double tiles = 0, busySum = 0;
    for (uint32_t g = g0; g < g1; ++g) {
        tiles += tilesInGroup(g);
        for (TraceState state : kBusyStates) {
            const double b = blockBusy(ipu, level, block, g, state);
            out[size_t(state)] += b;
            busySum += b;
        }
    }
    double working = 0;
    for (size_t s = 0; s < kTraceStateCount; ++s)
        if (TraceState(s) != TraceState::Sync)
            working += l.stepCycles[block * kTraceStateCount + s];
    out[size_t(TraceState::Sync)]
        += l.stepCycles[block * kTraceStateCount + size_t(TraceState::Sync)] * tiles;
    out[size_t(TraceState::WaitingForSync)] += std::max(0.0, working * tiles - busySum);
}

// Part of step k, prorated: its busy tile-cycles spread evenly over the step.
void TraceLod::addPart(
    uint32_t ipu, size_t k, uint64_t from, uint64_t to, uint32_t g0, uint32_t g1, StateTileCycles& out) const
{
    const LaneStep& step = m_lanes[ipu].steps[k];
    const uint64_t a = std::max(from, step.base), b = std::min(to, step.base + step.cycles);
    if (b <= a || step.cycles == 0)
        return;
    const double fraction = double(b - a) / double(step.cycles);
    double tiles = 0, busySum = 0;
    for (uint32_t g = g0; g < g1; ++g) {
        tiles += tilesInGroup(g);
        busySum += busy(ipu, k, g) * fraction;
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
            const double length = double(b - a), fraction = length / double(step.cycles);
            const float* busy = &lane.levels[0].busy[piece.index * groups];
            for (uint32_t g = 0; g < groups; ++g) {
                const double tiles = tilesInGroup(g);
                if (step.work == TraceState::Sync) {
                    perGroup[g][kSync] += length * tiles;
                    continue;
                }
                const double done = double(busy[g]) * fraction;
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
        const float* busy = &level.busy[piece.index * groups * kBusyStateCount];
        for (uint32_t g = 0; g < groups; ++g) {
            const double tiles = tilesInGroup(g);
            double done = 0;
            for (size_t s = 0; s < kBusyStateCount; ++s) {
                perGroup[g][size_t(kBusyStates[s])] += busy[g * kBusyStateCount + s];
                done += busy[g * kBusyStateCount + s];
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
            out[s] += lane.levels[piece.level].stepCycles[piece.index * kTraceStateCount + s];
            counted += lane.levels[piece.level].stepCycles[piece.index * kTraceStateCount + s];
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
