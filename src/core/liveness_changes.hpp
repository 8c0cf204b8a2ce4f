#pragma once
// The Liveness report's part of a comparison: What changed lines and the text / JSON sections of
// `popscope-cli compare` (core-internal; called from what_changed.cpp and comparison_format.cpp).
#include "popscope/report_comparison.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace popscope {

// A line with both sides' figures (clamped to int64) and their signed difference (what_changed.cpp).
ChangeLine makeChangeLine(std::string page, std::string table, std::string rowKey, std::string metric,
    std::string subject, uint64_t source, uint64_t target, std::string unit);

// The peak liveness goes to `headline`, the variables at the peak that moved to `ranked`.
void addLivenessChangeLines(
    const LivenessComparison& liveness, std::vector<ChangeLine>& headline, std::vector<ChangeLine>& ranked);
void formatLivenessComparisonText(
    std::ostringstream& out, const LivenessComparison& liveness, MemoryUnit unit);
nlohmann::json livenessComparisonJson(const LivenessComparison& liveness);

} // namespace popscope
