// popscope-cli trace / export-trace: the Execution Trace's figures and its Chrome trace-event export.
#include "trace_command.hpp"
#include "exit_codes.hpp"

#include "popscope/chrome_trace.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/units.hpp"

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace popscope::cli {

namespace {

const char* kTraceUsage = R"(usage: popscope-cli trace FILE [--json] [--top N]
       popscope-cli export-trace FILE -o OUT.json [--tiles]

trace prints the execution's cycles by kind of step on each IPU (computing, exchanging, sync,
stream copy, idle), the parallel efficiency (busy tile-cycles ÷ all tile-cycles), the tile balance
(mean ÷ max busy cycles per tile), stream-copy and global-exchange traffic, and "where the cycles
wait": the steps whose tiles wasted the most tile-cycles waiting for the slowest tile, with the
tiles that held them up (--top N, default 10; --json prints every figure).

export-trace writes the trace in the Chrome trace-event JSON format that Perfetto UI
(ui.perfetto.dev) and chrome://tracing open: a process per IPU with its runs and steps; --tiles
adds a thread per tile with each step's active part (large: steps × tiles events).
)";

int traceUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kTraceUsage;
    return kUsageError;
}

bool isHelp(const std::string& arg)
{
    return arg == "--help" || arg == "-h";
}

} // namespace

int runTraceCommand(int argc, char** argv)
{
    std::string file;
    bool json = false;
    size_t top = 10;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (isHelp(arg)) {
            std::cout << kTraceUsage;
            return 0;
        }
        if (arg == "--json") {
            json = true;
        } else if (arg == "--top") {
            if (i + 1 >= argc)
                return traceUsageError("--top needs a number");
            const std::string value = argv[++i];
            if (value.empty() || value.size() > 9
                || value.find_first_not_of("0123456789") != std::string::npos)
                return traceUsageError("--top needs a whole number, not '" + value + "'");
            top = std::stoul(value);
        } else if (!arg.empty() && arg[0] == '-') {
            return traceUsageError("unknown option '" + arg + "'");
        } else if (file.empty()) {
            file = arg;
        } else {
            return traceUsageError("trace takes one FILE");
        }
    }
    if (file.empty())
        return traceUsageError("trace takes one FILE");
    const auto profile = Profile::open(file);
    const TraceSummary trace = analyseTrace(*profile);
    std::cout << (json
            ? formatTraceJson(trace, profile->path(), top)
            : formatTraceText(trace, std::filesystem::path(profile->path()).filename().string(), top));
    return 0;
}

int runExportTraceCommand(int argc, char** argv)
{
    std::string file, output;
    bool perTile = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (isHelp(arg)) {
            std::cout << kTraceUsage;
            return 0;
        }
        if (arg == "-o" || arg == "--output") {
            if (i + 1 >= argc)
                return traceUsageError(arg + " needs a file name");
            output = argv[++i];
        } else if (arg == "--tiles") {
            perTile = true;
        } else if (!arg.empty() && arg[0] == '-') {
            return traceUsageError("unknown option '" + arg + "'");
        } else if (file.empty()) {
            file = arg;
        } else {
            return traceUsageError("export-trace takes one FILE");
        }
    }
    if (file.empty() || output.empty())
        return traceUsageError("export-trace takes FILE -o OUT.json");
    const auto profile = Profile::open(file);
    const ChromeTraceStats stats = writeChromeTrace(*profile, output, perTile);
    std::cout << "wrote " << output << " (" << formatCount(stats.events) << " events, "
              << formatBytes(stats.bytes)
              << "); open it in Perfetto UI (ui.perfetto.dev) or chrome://tracing\n";
    return 0;
}

} // namespace popscope::cli
