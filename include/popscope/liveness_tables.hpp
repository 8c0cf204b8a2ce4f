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
// Cycles of each step's program (slowest IPU of the scope) with a row per IPU under it.
NameTree stepCyclesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope);

} // namespace popscope
