#pragma once
// libpva's compilation.loweredVariables over a report's variables. A brief variable is one
// variable's bytes on one tile (a vars_info row), numbered in variable order and, within a
// variable, in its tile order. An equivalence class groups the variables with the same liveness:
// every always-live variable shares one class live at every liveness step; not-always-live
// variables with the same live ranges share one. A class's steps are half-open intervals
// [start, end) of liveness-step indexes (the file stores inclusive ranges).
#include "popscope/report.hpp"

#include <cstdint>
#include <vector>

namespace popscope::python {

struct LoweredVariables {
    // Variable v's brief variables are [variableStart[v], variableStart[v + 1]).
    std::vector<uint32_t> variableStart;
    std::vector<uint32_t> tile, bytes, variable; // per brief variable
    std::vector<uint32_t> classOfVariable; // per variable
    // Class c's intervals are the (start, end) pairs classSteps[2k], classSteps[2k + 1] for k in
    // [classStepOffsets[c], classStepOffsets[c + 1]).
    std::vector<uint32_t> classStepOffsets;
    std::vector<uint32_t> classSteps;
    // The brief variables on tile t, ascending: byTile[tileOffsets[t] .. tileOffsets[t + 1]).
    std::vector<uint32_t> tileOffsets;
    std::vector<uint32_t> byTile;

    size_t numClasses() const { return classStepOffsets.empty() ? 0 : classStepOffsets.size() - 1; }
    // Builds them from the report's variables (with tiles and live ranges) and liveness steps.
    static LoweredVariables of(const Report& report);
};

} // namespace popscope::python
