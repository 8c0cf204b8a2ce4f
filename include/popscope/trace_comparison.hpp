#pragma once
// Two execution traces compared, for What changed and `popscope-cli compare`: the total cycles,
// where each IPU's cycles go (compute / exchange / sync / stream copy / idle, as shares) and the
// parallel efficiency. Kept apart from compareReports because it reads every per-tile cycle row
// (Report::traceSummary): the GUI adds it when both traces are analysed, off the GUI thread.
#include "popscope/execution_trace.hpp"
#include "popscope/row_match.hpp"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace popscope {

class Report;

struct TraceComparison {
    bool present = false; // computed (compareExecutionTraces), and a side has steps
    uint64_t sourceSteps = 0, targetSteps = 0;
    uint64_t sourceTotalCycles = 0, targetTotalCycles = 0; // the longest IPU span
    // IPU cycles by the kind of step that holds them, summed over the IPUs, and as shares of them.
    std::array<uint64_t, kTraceStateCount> sourceStepCycles {}, targetStepCycles {};
    std::array<double, kTraceStateCount> sourceShare {}, targetShare {};
    double sourceEfficiency = 0, targetEfficiency = 0; // busy tile-cycles ÷ all
    uint64_t sourceWaitTileCycles = 0, targetWaitTileCycles = 0;
};

TraceComparison compareTraces(const TraceSummary& source, const TraceSummary& target);

// The two reports' traces compared (for ReportComparison::trace): analyses both, the target's in a
// second thread when not analysed yet. Throws ProfileError for a damaged trace.
TraceComparison compareExecutionTraces(const Report& source, const Report& target);

// The steps of two traces paired for compare mode (selection, "Align at step"): the k-th step of a
// program with the k-th step of the same program in the other trace; a step whose program has no
// such partner pairs with the unpaired step at the same index, if any. -1: no partner.
struct StepPairs {
    std::vector<int32_t> sourceToTarget, targetToSource; // -1: none (steps are 32-bit)
};
StepPairs pairSteps(const std::vector<std::string_view>& sourceStepPrograms,
    const std::vector<std::string_view>& targetStepPrograms);

// A share as What changed carries it: basis points (1/100 of a percent), 9,416 = 94.16%.
int64_t shareInBasisPoints(double share);

} // namespace popscope
