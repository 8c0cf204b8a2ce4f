#pragma once
// popscope-cli compare A.pop B.pop [--json] [--fail-if RULE]...

namespace popscope::cli {

inline constexpr int kGateFailed = 12; // exit code when a --fail-if rule holds

// argv[0] is "compare". Returns the process exit code; throws ProfileError for unreadable files.
int runCompareCommand(int argc, char** argv);

} // namespace popscope::cli
