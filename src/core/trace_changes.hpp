#pragma once
// The Execution Trace's part of a comparison: What changed lines and the text / JSON sections of
// `popscope-cli compare` (core-internal; called from what_changed.cpp and comparison_format.cpp).
#include "popscope/report_comparison.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace popscope {

// Total cycles and parallel efficiency go to `headline`, the shares of the IPUs' cycles that
// moved (by at least 0.01 percentage points) to `shares`. Nothing when the traces were not compared.
void addTraceChangeLines(
    const TraceComparison& trace, std::vector<ChangeLine>& headline, std::vector<ChangeLine>& shares);
void formatTraceComparisonText(std::ostringstream& out, const TraceComparison& trace);
nlohmann::json traceComparisonJson(const TraceComparison& trace);

} // namespace popscope
