#pragma once
// Core-internal parts of a Report that are not part of its public API.
#include "popscope/report.hpp"

#include <functional>

namespace popscope::detail {

struct ReportAccess {
    // The report's variables: with tiles and live ranges when variables() was already read,
    // otherwise only names, sizes and flags (read once and cached apart until variables() is read
    // or the window releases them). Shared, so a holder keeps them through a release.
    static std::shared_ptr<const VariableTable> variableHeaders(const Report& report);
    // The variables' names, sizes and flags packed, for a comparison: made from the variables when
    // they are read, else read (not cached: the comparison holds it while it runs, then it goes).
    static VariableDigest variableDigest(const Report& report);
    // The compute sets', vertices' and exchanges' figures, always read (not cached).
    static GraphDigest graphDigest(const Report& report);
    // Runs `read` on one of the report's connections, one thread at a time on it: for streamed reads
    // that keep a few figures (Insights). Ask for cached parts before: this holds the connection.
    static void withProfile(const Report& report, const std::function<void(const Profile&)>& read);
    // Every (variable, live range), read apart from the variables' tiles (cached, shared).
    static std::shared_ptr<const std::vector<std::pair<uint32_t, StepRange>>> liveRangeList(
        const Report& report);
};

} // namespace popscope::detail
