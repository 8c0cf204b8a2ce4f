#pragma once
// popscope-cli estimates FILE [--top N] [--json]

namespace popscope::cli {

// argv[0] is "estimates". Returns the exit code; throws ProfileError for unreadable files.
int runEstimatesCommand(int argc, char** argv);

} // namespace popscope::cli
