#pragma once
#include "popscope/profile_document.hpp"

#include <optional>

namespace popscope {

// A program reachable from itself, if any: such a tree would make every tree view recurse forever.
// Children indexes must already be in range.
std::optional<uint32_t> findProgramCycle(const std::vector<Program>& programs);

} // namespace popscope
