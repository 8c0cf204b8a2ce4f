#pragma once
// The execution trace as figures: where each IPU's cycles go (compute, exchange, sync, stream copy),
// how much of the tiles' time does work (parallel efficiency), how evenly the work is spread over
// the tiles, and — ranked — the steps whose tiles wait longest for the slowest tile to reach the
// sync ("where the cycles wait"). The Execution Trace page and `popscope-cli trace` print these.
//
// BSP model: in a step every tile of the IPU starts together at the step's cycle base, works for its
// own active cycles (cycles_by_tile) and then waits for the sync that ends the step, which comes
// when the slowest tile is done. A tile with no work in the step waits the whole step. Steps
// without per-tile cycles count their active tiles as busy for the whole step. Sync steps are sync
// for every tile; cycles between steps are idle.
#include "popscope/packed_names.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/spilled_array.hpp"
#include "popscope/step_table.hpp"
#include "popscope/trace_traffic.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

class Profile;

enum class TraceState : uint8_t { Computing, Exchanging, StreamCopy, Sync, WaitingForSync, Idle };
constexpr size_t kTraceStateCount = 6;
const char* traceStateName(TraceState state); // "computing", "waiting for sync", ...
// The state a step's active tiles are in: OnTileExecute → Computing, DoExchange/GlobalExchange →
// Exchanging, StreamCopy* → StreamCopy, Sync/SyncAns → Sync, anything else → Computing.
TraceState workStateOf(std::string_view stepType);
// Computing, Exchanging and StreamCopy are work; the rest is not.
bool isBusy(TraceState state);

// A cycle range [first, last) on every IPU's clock; the default is the whole run.
struct CycleRange {
    uint64_t first = 0;
    uint64_t last = UINT64_MAX;
};

struct IpuTrace {
    uint32_t ipu = 0;
    uint64_t firstCycle = 0, lastCycle = 0; // the IPU's steps within the range
    std::array<uint64_t, kTraceStateCount> stepCycles {}; // IPU cycles by the kind of step (Idle: gaps)
    std::array<uint64_t, kTraceStateCount> tileCycles {}; // tile-cycles by state, over all tiles
    uint64_t busyTileCycles() const;
    uint64_t allTileCycles() const; // (lastCycle - firstCycle) × tiles per IPU
    double parallelEfficiency() const; // busy ÷ all; 0 when nothing ran
    // Busy cycles of the least, average and most busy tile: balance = mean ÷ max (1 = even).
    uint64_t minTileBusy = 0, maxTileBusy = 0;
    double meanTileBusy = 0;
    double tileBalance() const { return maxTileBusy ? meanTileBusy / double(maxTileBusy) : 0.0; }
    uint64_t streamCopyBytes = 0; // data in + out of stream copies
    uint64_t globalExchangeBytes = 0; // data in + out of global exchanges
    // The stream copies by origin ([CopyOrigin]) and direction, the global exchanges by direction
    // (trace_traffic.hpp): the Execution Trace summary's splits.
    CopyTrafficByOrigin streamCopies {};
    ExchangeTraffic globalExchange;
    // Of stepCycles[StreamCopy]: copies that run beside other steps (overlapped I/O on I/O tiles,
    // trace_overlap.hpp), so the kinds' cycles may sum past the span by these.
    uint64_t overlappedCopyCycles = 0;
    // The share of the IPU's span (lastCycle - firstCycle) in steps of `kind` (Idle: between steps):
    // the cycle proportions; 0 when nothing ran.
    double stepShare(TraceState kind) const;
    double overlappedCopyShare() const; // overlappedCopyCycles ÷ the span
};

// One step on one IPU whose tiles waited for its slowest tile. Compact (bench-huge has 288 k of
// them a report): its program and type are indexes the TraceSummary names.
struct WaitingStep {
    static constexpr size_t kSlowestTilesKept = 8;
    uint32_t step = 0;
    uint32_t ipu = 0;
    uint32_t program = 0; // the step's program: TraceSummary::programName names it
    uint32_t type = 0; // the step's type (OnTileExecute, DoExchange, ...): into TraceSummary::stepTypes
    uint64_t cycles = 0; // the step's duration on the IPU
    uint64_t cycleBase = 0; // when it starts on the IPU
    uint64_t waitTileCycles = 0; // Σ over tiles of (step cycles − tile cycles)
    double waitShare = 0; // of the step's tile-cycles
    uint32_t activeTiles = 0;
    uint32_t slowestTileCount = 0; // all tiles at the slowest tile's cycles
    std::array<uint32_t, kSlowestTilesKept> slowestTileIds {}; // the first slowestTilesKept of them
    uint8_t slowestTilesKept = 0;
    bool perTile = false; // from cycles_by_tile (else from the active tile count)
    // Global ids of the tiles that held the others up (at most kSlowestTilesKept).
    std::span<const uint32_t> slowestTiles() const { return { slowestTileIds.data(), slowestTilesKept }; }
};

struct TraceSummary {
    uint32_t numIpus = 0, tilesPerIpu = 0;
    double clockHz = 0;
    uint64_t numSteps = 0; // steps overlapping the range
    uint64_t totalCycles = 0; // the longest IPU span within the range
    bool hasTileCycles = false; // the profile has cycles_by_tile rows
    std::vector<IpuTrace> ipus;
    // Every step that waits, most wasted tile-cycles first (in a spill file when spilling is on:
    // bench-huge has 150 k a report, and the Execution Trace reads a screenful at a time).
    SpilledArray<WaitingStep> waits;
    std::vector<std::string> stepTypes; // each step type once
    SpilledArray<uint32_t> namedPrograms; // the waits' programs, ascending
    PackedNames programNames; // their names
    double parallelEfficiency() const; // over all IPUs
    uint64_t waitTileCycles() const; // over all IPUs
    CopyTraffic streamCopies(CopyOrigin origin) const; // over all IPUs
    ExchangeTraffic globalExchange() const; // over all IPUs
    const std::string& typeOf(const WaitingStep& wait) const;
    std::string_view programName(const WaitingStep& wait) const;
};

// Streams the per-tile cycles once over `steps` (the profile's: readStepTable()), then reads the
// names of the waiting steps' programs. Throws ProfileError for a damaged part, naming the row.
TraceSummary analyseTrace(const Profile& profile, const StepTable& steps, CycleRange range = {});
TraceSummary analyseTrace(const Profile& profile, CycleRange range = {});

// What `globalTile` is doing at `cycle` of its IPU's clock, with the step it is in (-1 when idle,
// between steps): the trace's cursor readout. Reads that step's per-tile cycles from the file on
// demand (one row), so it works on any profile size.
struct TileMoment {
    TraceState state = TraceState::Idle;
    int64_t step = -1;
    uint64_t tileCycles = 0; // the tile's active cycles in the step (the step's when it has no per-tile row)
};
TileMoment tileStateAt(const Profile& profile, const StepTable& steps, uint32_t globalTile, uint64_t cycle);

// `popscope-cli trace`: the figures as text (top `top` waits) or JSON.
std::string formatTraceText(const TraceSummary& trace, const std::string& fileName, size_t top);
std::string formatTraceJson(const TraceSummary& trace, const std::string& path, size_t top);

} // namespace popscope
