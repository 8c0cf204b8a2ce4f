#pragma once
// The Liveness report's part of a comparison: What changed lines and the text / JSON sections of
// `popscope-cli compare` (core-internal; called from what_changed.cpp and comparison_format.cpp).
#include "popscope/report_comparison.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace popscope {

// The peak liveness goes to `headline`, the variables at the peak that moved to `ranked`.
void addLivenessChangeLines(const LivenessComparison& liveness, std::vector<ChangeLine>& headline,
                            std::vector<ChangeLine>& ranked);
void formatLivenessComparisonText(std::ostringstream& out, const LivenessComparison& liveness, MemoryUnit unit);
nlohmann::json livenessComparisonJson(const LivenessComparison& liveness);

} // namespace popscope
