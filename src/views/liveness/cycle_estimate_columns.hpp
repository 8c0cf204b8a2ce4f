#pragma once
// The Cycle Estimates tab's columns: for each step, the compiler's estimate of one execution, the
// measured cycles of one execution and their difference, each where the report has it. A report
// captured without execution shows its estimates alone, labelled as such; in compare mode each
// side has its own and the difference is taken on what both reports hold.
#include "models/liveness/name_tree_model.hpp"
#include "popscope/liveness_tables.hpp"

#include <vector>

namespace popscope {

// `columns` as LivenessTablesView builds them: one per step, or source and target of each step
// side by side when `comparing`. The values are stepCyclesTree's (estimatedValue, measuredValue).
std::vector<NameTreeModel::Column> cycleEstimateColumns(
    const std::vector<StepColumn>& columns, bool comparing);

// Whether a report holds the compiler's estimates, and execution cycles.
struct CycleSources {
    bool estimated = false;
    bool measured = false;
};
CycleSources cycleSources(const Report* report);

} // namespace popscope
