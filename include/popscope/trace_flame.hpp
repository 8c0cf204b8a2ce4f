#pragma once
// The Flame view of the execution trace: per IPU lane, the program tree over time. Level 0 holds
// the runs; below them the programs from the control program down to each step's own program
// (along first parents, pathTo), consecutive steps under the same program merged
// into one span, so a Repeat's body or a Call's function is one bar over the steps it ran. Built
// in linear time from the lane's steps (TraceLod::lane) and each program's first parent
// (ProgramOutline).
//
// Overlapped I/O (stream copies beside compute) is kept apart in FlameLane::ioSteps, so the
// compute it overlaps stays whole in the levels.
//
// A function called from several places sits under its first caller (its first parent),
// and the iterations of a Repeat are one span: the profile records which program each step ran,
// not which iteration or call site.
#include "popscope/spilled_array.hpp"
#include "popscope/trace_lod.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace popscope {

struct FlameSpan {
    uint64_t first = 0, last = 0; // cycles [first, last) on the IPU's clock
    uint32_t id = 0; // level 0: the run's index; below: the program's
    uint32_t firstStep = 0, lastStep = 0; // the lane's steps it covers: [firstStep, lastStep]
};

struct FlameLane {
    // levels[0]: runs; every level in time order. Spilled once the lane is built (bench-huge: 13
    // MiB a report, read a window at a time as the trace is painted).
    std::vector<SpilledArray<FlameSpan>> levels;
    // The lane's overlapped I/O (overlappedCopies, trace_overlap.hpp): indexes of its steps in
    // TraceLod::lane, ascending. They are in no level: the step rows draw them in a row of their own.
    std::vector<uint32_t> ioSteps;
};

struct TraceFlame {
    std::vector<FlameLane> lanes; // one per IPU, as TraceLod's lanes
    size_t depth() const; // the most levels of any lane
};

// `parents`: each program's first parent in tree order (ProgramOutline, ProgramIndex).
TraceFlame buildTraceFlame(const TraceLod& lod, const StepTable& steps, std::span<const int32_t> parents);

// The span of `level` that holds `cycle`, or nullptr (between spans, or no such level).
const FlameSpan* flameSpanAt(const FlameLane& lane, size_t level, uint64_t cycle);
// Index of the first span of `level` that ends after `cycle` (the first one a window starting
// at `cycle` shows).
size_t firstFlameSpanEndingAfter(std::span<const FlameSpan> spans, uint64_t cycle);

} // namespace popscope
