#pragma once
// The variables live at one liveness step, as the peak's analyses read them (held by the report,
// or streamed from its file). Internal to core.
#include "popscope/profile_document.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace popscope {

class Report;

namespace detail {

// The variables live at a step, each with the range that holds it, and what they hold per tile.
struct LiveAtStep {
    uint32_t step = 0;
    std::vector<std::pair<uint32_t, StepRange>> variables; // by variable id, each once
    std::vector<uint64_t> variableBytes; // parallel to `variables`
    std::vector<uint64_t> tileBytes; // per global tile

    // For each variable id below numVariables, its index in `variables`, or -1.
    std::vector<int32_t> indexByVariable(size_t numVariables) const;
};

// The variables live at `step`, without their bytes.
LiveAtStep liveVariablesAt(const Report& report, uint32_t step);
// Adds each live variable's bytes and each tile's.
void addLiveTiles(const Report& report, LiveAtStep& live, size_t numTiles);
// The names of variables by id, in the order given.
std::vector<std::string> variableNamesById(const Report& report, const std::vector<uint32_t>& ids);

} // namespace detail
} // namespace popscope
