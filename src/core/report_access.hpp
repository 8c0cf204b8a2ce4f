#pragma once
// Core-internal parts of a Report that are not part of its public API.
#include "popscope/report.hpp"

namespace popscope::detail {

struct ReportAccess {
    // The report's variables: with tiles and live ranges when variables() was already read,
    // otherwise only names, sizes and flags (read once and cached apart).
    static const std::vector<Variable>& variableHeaders(const Report& report);
};

} // namespace popscope::detail
