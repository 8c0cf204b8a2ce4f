#pragma once
// Exit statuses the commands share.

namespace popscope::cli {

// A command line the command cannot use (an unknown option, a missing argument).
constexpr int kUsageError = 2;

} // namespace popscope::cli
