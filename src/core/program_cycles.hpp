#pragma once
#include "popscope/profile_document.hpp"

#include <functional>
#include <optional>
#include <span>

namespace popscope {

// A program reachable from itself, if any: such a tree would make every tree view recurse forever.
// Children indexes must already be in range.
std::optional<uint32_t> findProgramCycle(const std::vector<Program>& programs);
// The same over `programs` programs whose children `childrenOf(p)` gives (in range).
std::optional<uint32_t> findProgramCycle(
    size_t programs, const std::function<std::span<const uint32_t>(uint32_t)>& childrenOf);

} // namespace popscope
