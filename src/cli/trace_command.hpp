#pragma once
// popscope-cli trace FILE [--json] [--top N]           where the cycles go and where they wait
// popscope-cli export-trace FILE -o OUT.json [--tiles] the trace for Perfetto UI / chrome://tracing

namespace popscope::cli {

// argv[0] is the command's name. Return the process exit code; throw ProfileError for unreadable
// files and outputs that cannot be written.
int runTraceCommand(int argc, char** argv);
int runExportTraceCommand(int argc, char** argv);

} // namespace popscope::cli
