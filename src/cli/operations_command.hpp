#pragma once
// popscope-cli operations FILE [--layer L] [--sort cycles|flops|code|...] [--json]

namespace popscope::cli {

// argv[0] is "operations". Returns the exit code; throws ProfileError for unreadable files.
int runOperationsCommand(int argc, char** argv);

} // namespace popscope::cli
