#pragma once
// The Liveness report's bottom tables as name trees, one value column per (report, step): the
// variables live there grouped by name path, the always-live variables, the vertices the step
// runs and its execution cycles. Rows of the same name share a row across columns, so two steps
// or two reports line up (a Difference is a column minus another).
#include "popscope/liveness.hpp"
#include "popscope/name_tree.hpp"

namespace popscope {

struct StepColumn {
    const Report* report = nullptr;
    int64_t step = -1; // -1: the report has no matching step (the column stays empty)
};

NameTree liveVariablesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope);
// One column per report (always-live variables do not depend on the step).
NameTree alwaysLiveTree(const std::vector<const Report*>& reports, const LivenessScope& scope);
// Vertex state (instances × state bytes) per vertex type of the compute set each step runs.
NameTree stepVerticesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope);
// Cycles of each step's program (slowest IPU of the scope) with a row per IPU under it: two value
// columns per step column c, the compiler's estimate of one execution (2c) and the measured cycles
// of one execution, the mean over its executions (2c + 1). A report without estimates, or without
// execution, has no rows in that value column.
NameTree stepCyclesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope);
constexpr size_t estimatedValue(size_t column)
{
    return 2 * column;
}
constexpr size_t measuredValue(size_t column)
{
    return 2 * column + 1;
}

} // namespace popscope
