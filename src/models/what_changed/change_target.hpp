#pragma once
// Where a What changed line links: core names the page and table a line comes from by fixed ids
// ("memory", "variables") and its row by data (a variable's name, an operation's key); this is the
// one place those ids become a typed NavigationTarget.
#include "models/navigation_target.hpp"
#include "popscope/report_comparison.hpp"

namespace popscope {

// The page and row of `line`; the page alone for totals and tables no page selects rows of
// (memory categories); a null page when core names a page popscope has not.
NavigationTarget changeTarget(const ChangeLine& line);

} // namespace popscope
