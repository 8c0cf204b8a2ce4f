#pragma once
// Level-of-detail summaries of the BSP trace, so a view can paint the whole run of every tile in a
// frame: per IPU lane, the steps in time order, and for each step and each group of tiles the
// busy tile-cycles (the rest of the step's tile-cycles wait for sync, or are sync). Mipmap levels
// sum 8, 64, 512, ... consecutive steps, so a pixel column that spans thousands of steps reads a
// handful of blocks. Full-resolution cells (single tiles inside a step) are not held: a view that
// zooms in that far reads the few visible rows from the file (Profile::readTileCycles).
//
// Aggregates are sums of level 0's busy shares (each exact to 1/65,520 of its group's tile-cycles in
// the step); cells that cut a step are prorated linearly.
// Built off the GUI thread with progress and cancel; saved to and loaded from a cache file. Its
// arrays are in spill files once built or loaded when spilling is on (spill::setDirectory): a
// frame reads a few blocks of them.
#include "popscope/execution_trace.hpp"
#include "popscope/group_rows.hpp"
#include "popscope/spilled_array.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace popscope {

class Profile;

// Tile-cycles by state in a cell (a cycle range × a range of tiles).
using StateTileCycles = std::array<double, kTraceStateCount>;

class TraceLod {
public:
    static constexpr uint32_t kTilesPerGroup = 16;
    static constexpr size_t kFan = 8; // blocks of a level summed into one of the level above

    struct LaneStep {
        uint32_t step = 0; // index into the profile's steps
        TraceState work = TraceState::Computing;
        bool perTile = false; // busy comes from cycles_by_tile
        uint64_t base = 0; // first cycle on the IPU
        uint64_t cycles = 0; // duration on the IPU
    };
    // Level 0's busy figures are shares of the group's tile-cycles in the step, in steps of 1/65,520
    // (2 bytes where a float took 4; a row keeps its busy groups only when fewer are). 65,520
    // is 16 × 4,095, so whole tiles busy for the whole step are held exactly.
    static constexpr double kBusyShareSteps = 65520.0;

    // `progress(done, total)` is called now and then; returning false cancels (build returns an
    // empty TraceLod with cancelled() true). Throws ProfileError for damaged rows.
    static TraceLod build(const Profile& profile, const StepTable& steps,
        const std::function<bool(uint64_t done, uint64_t total)>& progress = {});

    bool cancelled() const { return m_cancelled; }
    uint32_t numIpus() const { return uint32_t(m_lanes.size()); }
    uint32_t tilesPerIpu() const { return m_tilesPerIpu; }
    uint32_t groupsPerIpu() const { return m_groupsPerIpu; }
    uint32_t tilesInGroup(uint32_t group) const;
    const SpilledArray<LaneStep>& lane(uint32_t ipu) const { return m_lanes[ipu].steps; }
    uint64_t endCycle() const { return m_endCycle; } // the last step's end over all IPUs

    // Busy tile-cycles of `group` in the lane's step `k` (level 0).
    double busy(uint32_t ipu, size_t k, uint32_t group) const;
    // Tile-cycles by state of the tiles [firstGroup, lastGroup) of `ipu` within cycles [from, to).
    StateTileCycles cell(
        uint32_t ipu, uint64_t from, uint64_t to, uint32_t firstGroup, uint32_t lastGroup) const;
    // The same for every group of `ipu` at once (one pixel column of a lane): `perGroup` gets
    // groupsPerIpu() cells. Finds the blocks once, so a frame costs columns × blocks × groups.
    void column(uint32_t ipu, uint64_t from, uint64_t to, std::vector<StateTileCycles>& perGroup) const;
    // The lane's cycles within [from, to) by the kind of step that holds them (Idle: between steps).
    StateTileCycles stepCycles(uint32_t ipu, uint64_t from, uint64_t to) const;
    // The figures of a window, per IPU and over all: what the Summary tab shows for the visible range.
    struct RangeFigures {
        std::vector<StateTileCycles> stepCycles; // per IPU
        std::vector<StateTileCycles> tileCycles; // per IPU, every group
        double parallelEfficiency() const; // busy tile-cycles ÷ all, over every IPU
        double share(TraceState kind) const; // of the IPUs' cycles, by kind of step
    };
    RangeFigures range(uint64_t from, uint64_t to) const;
    // Number of mipmap levels of a lane (level 0 = steps) and a block's busy sum, for tests.
    size_t levels(uint32_t ipu) const { return m_lanes[ipu].levels.size(); }
    double blockBusy(uint32_t ipu, size_t level, size_t block, uint32_t group, TraceState state) const;

    // The cache: a binary file whose key is the profile's identity (size, modification time, a hash
    // of its first 64 KB). load() returns false (and leaves the object alone) for a missing, stale
    // or damaged cache; save() writes beside `path` and renames into place.
    static std::string identityOf(const std::string& profilePath);
    // The same from a file's size, modification time and first bytes (up to 64 KB): a remote profile's.
    static std::string identityOf(uint64_t size, int64_t modified, const char* head, size_t length);
    bool save(const std::string& path, const std::string& identity) const;
    bool load(const std::string& path, const std::string& identity);
    // Whether a loaded cache belongs to these steps and this target: its lanes, tiles and every
    // lane step's IPU row. A cache damaged in a way its own checks miss is refused here.
    bool fits(const StepTable& steps, uint32_t numIpus, uint32_t tilesPerIpu) const;

private:
    // A mipmap level above 0: per block (kFan^level consecutive lane steps) and group, busy
    // tile-cycles by state, plus per block the step cycles by state (for the waiting and sync parts).
    // Level 0 is the lane's steps themselves and their busy shares. Rows keep only their busy
    // groups when few are (GroupRows): a sync step's row is empty.
    using BusyByState = std::array<float, 3>; // computing, exchanging, stream copy
    struct Level {
        GroupRows<BusyByState> busy; // [block][group]; empty at level 0
        SpilledArray<double> stepCycles; // [block][state]; empty at level 0
    };
    struct Lane {
        SpilledArray<LaneStep> steps; // in time order
        GroupRows<uint16_t> busyShare; // level 0: [step][group], of kBusyShareSteps
        std::vector<Level> levels;
    };
    // Busy tile-cycles of `group` in `step` from its share.
    double shareCycles(const LaneStep& step, uint32_t group, uint16_t share) const;
    // Block `block` of `level`'s cycles in steps of kind `state` (level 0: the step's own).
    double blockStepCycles(const Lane& lane, size_t level, size_t block, size_t state) const;

    // build()'s stages: the lanes sorted by time (returning each step row's place in its lane and
    // sizing level 0's shares), the per-tile cycles read into the shares (false when cancelled),
    // then the steps without them filled from their active tiles and level 0 packed.
    struct BuildProgress {
        const std::function<bool(uint64_t done, uint64_t total)>& report;
        uint64_t total;
    };
    std::vector<uint32_t> orderLanes(const StepTable& steps, std::vector<std::vector<uint16_t>>& shares);
    bool readTileShares(const Profile& profile, const StepTable& steps,
        const std::vector<uint32_t>& laneIndex, std::vector<std::vector<uint16_t>>& shares,
        const BuildProgress& progress);
    void packLevelZero(const StepTable& steps, std::vector<std::vector<uint16_t>>& shares);
    void buildLevels();
    // The pieces of [from, to) in a lane: whole blocks (level, block) and cut steps (SIZE_MAX, k).
    struct Piece {
        size_t level;
        size_t index;
    };
    void piecesOf(uint32_t ipu, uint64_t from, uint64_t to, std::vector<Piece>& pieces) const;
    void addWhole(
        uint32_t ipu, size_t level, size_t block, uint32_t g0, uint32_t g1, StateTileCycles& out) const;
    void addPart(uint32_t ipu, size_t k, uint64_t from, uint64_t to, uint32_t g0, uint32_t g1,
        StateTileCycles& out) const;

    std::vector<Lane> m_lanes;
    uint32_t m_tilesPerIpu = 0;
    uint32_t m_groupsPerIpu = 0;
    uint64_t m_endCycle = 0;
    bool m_cancelled = false;
};

} // namespace popscope
