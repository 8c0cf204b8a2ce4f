// popscope-cli: profiles from the command line (summary, import/export, simulate).
#include "popscope/errors.hpp"
#include "popscope/insights.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/output_file.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"
#include "popscope/series.hpp"
#include "popscope/summary.hpp"
#include "popscope/version.hpp"

#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compare_command.hpp"
#include "estimates_command.hpp"
#include "liveness_command.hpp"
#include "operations_command.hpp"
#include "query_command.hpp"
#include "trace_command.hpp"

#if __has_include("simulate_command.hpp")
#include "simulate_command.hpp"
#include "terminal_prompter.hpp"
#define POPSCOPE_HAS_SIMULATOR 1
#endif

namespace {

constexpr int kUsageError = 2;

const char* kUsage = R"(usage: popscope-cli COMMAND [ARGS]

Commands:
  summary FILE [--json]          what a profile holds: target, graph, memory (fits?), execution
  insights FILE [--json]         does it fit, the most used tiles, largest vertices and variables, tips
  compare A B [--json] [--fail-if RULE]...
                                 what changed from A to B; exits 12 when a rule holds (compare --help)
  trace FILE [--json] [--top N]  cycles by kind of step, parallel efficiency, where the cycles wait
  export-trace FILE -o OUT.json [--tiles]
                                 the trace as Chrome trace-event JSON (Perfetto UI, chrome://tracing)
  liveness FILE [--json] [--step N | --peak] [--ipu I]
                                 the liveness peak, its program and the variables live there (liveness --help)
  operations FILE [--layer L] [--sort cycles|flops|code] [--json]
                                 operations of a software layer ranked by cycles, FLOPs or code size
  estimates FILE [--json] [--top N]
                                 the compiler's cycle estimates beside the measured cycles (format 1.2)
  query FILE [B] "SQL" [--csv | --json] [--timeout S]
                                 SQL over the report's query schema; two reports as source and target
  series FILE... [--json]        reports side by side in the order given: memory, fits, peak liveness,
                                 cycles; the largest that fits and the largest jump marked
  check FILE                     read and validate every table (summary reads only what it shows)
  import FILE.json -o OUT.pop    convert the JSON interchange form into a profile
  export FILE.pop -o OUT.json    convert a profile into the JSON interchange form
  simulate ...                   simulate a workload into a profile (simulate --help)
  help, --help                   this text
  version, --version             the version of popscope-cli

FILE may be a .pop file, a report folder that holds profile.pop, or a remote profile read over
SSH without copying it: ssh://[user@]host[:port]/path/profile.pop or [user@]host:/path/profile.pop.
Remote reading follows ~/.ssh/config and /etc/ssh/ssh_config (Host, HostName, User, Port,
IdentityFile, ProxyJump, StrictHostKeyChecking, UserKnownHostsFile; ProxyCommand and Match exec are
refused), checks ~/.ssh/known_hosts (an unknown host is asked about on the terminal, a changed key
refused), and uses ssh-agent, key files (asking for passphrases) or a password. Questions are asked
on the controlling terminal only, never read from standard input; without one they are refused.
POPSCOPE_SSH_TIMEOUT sets the timeout (15 s). The
blocks read are kept in ~/.cache/popscope/remote (4 GiB at most), so reading a file again is local;
POPSCOPE_SSH_CACHE=off reads everything over the network. POPSCOPE_SSH_SYSTEM_CONFIG=FILE is read
instead of /etc/ssh/ssh_config.

Exit codes: 0 success, 2 usage error, 3 file not found, 4 empty file, 5 not an SQLite
database, 6 truncated profile, 7 not a popscope profile, 8 unsupported format version,
9 corrupt profile, 10 invalid input, 11 write failed, 12 gate failed (compare --fail-if),
13 remote profile failed (host unreachable, host key refused, authentication, connection lost).
)";

int usageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kUsage;
    return kUsageError;
}

// Positional arguments plus "-o OUT" and flags.
struct Arguments {
    std::vector<std::string> positional;
    std::string output;
    bool json = false;
    std::string problem;
};

Arguments parse(int argc, char** argv)
{
    Arguments a;
    for (int i = 2; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "-o" || arg == "--output") {
            if (i + 1 >= argc) {
                a.problem = arg + " needs a file name";
                return a;
            }
            a.output = argv[++i];
        } else if (arg == "--json") {
            a.json = true;
        } else if (arg.size() > 1 && arg[0] == '-') {
            a.problem = "unknown option '" + arg + "'";
            return a;
        } else {
            a.positional.push_back(arg);
        }
    }
    return a;
}

int summary(const Arguments& a)
{
    if (a.positional.size() != 1)
        return usageError("summary takes one FILE");
    // Through Report, as the window: a report without execution adds the compiler's estimate.
    const auto report = popscope::Report::open(a.positional[0]);
    const popscope::ProfileSummary& summary = report->summary();
    std::cout << (a.json ? popscope::formatSummaryJson(summary) + "\n"
                         : popscope::formatSummaryText(summary));
    return 0;
}

int series(const Arguments& a)
{
    if (a.positional.empty())
        return usageError("series takes one or more FILEs, in the order to show them");
    const popscope::SeriesTable table = popscope::readSeries(a.positional);
    std::cout << (a.json ? popscope::formatSeriesJson(table) : popscope::formatSeriesText(table));
    return 0;
}

int insights(const Arguments& a)
{
    if (a.positional.size() != 1)
        return usageError("insights takes one FILE");
    auto report = popscope::Report::open(a.positional[0]);
    const auto analysis = popscope::analyseInsights(*report);
    std::cout << (a.json ? popscope::formatInsightsJson(analysis, popscope::MemoryUnit::Binary) + "\n"
                         : popscope::formatInsightsText(analysis, popscope::MemoryUnit::Binary));
    return 0;
}

// Reads the whole profile through the same validation the writer applies; summary and the GUI
// read lazily, so a damaged table they do not touch goes unnoticed until a report needs it.
int check(const Arguments& a)
{
    if (a.positional.size() != 1)
        return usageError("check takes one FILE");
    auto profile = popscope::Profile::open(a.positional[0]);
    const popscope::ProfileDocument doc = profile->readDocument(); // throws on the first problem
    profile->checkStoredCounts(); // the Summary's stored figures against the tables
    std::cout << popscope::printableMessage(profile->path()) << ": OK, profile format "
              << profile->formatMajor() << "." << profile->formatMinor() << "; every table read and checked ("
              << doc.variables.size() << " variables, " << doc.programs.size() << " programs, "
              << doc.steps.size() << " execution steps)\n";
    return 0;
}

int importJson(const Arguments& a)
{
    if (a.positional.size() != 1 || a.output.empty())
        return usageError("import takes FILE.json -o OUT.pop");
    popscope::checkOutputFile(a.output, { a.positional[0] });
    auto doc = popscope::readJsonFile(a.positional[0]);
    auto stats = popscope::writeProfile(doc, a.output);
    std::cout << "wrote " << a.output << " (" << stats.bytes << " bytes, " << stats.rows << " rows)\n";
    return 0;
}

int exportJson(const Arguments& a)
{
    if (a.positional.size() != 1 || a.output.empty())
        return usageError("export takes FILE.pop -o OUT.json");
    popscope::checkOutputFile(a.output, { a.positional[0] });
    auto profile = popscope::Profile::open(a.positional[0]);
    popscope::writeJsonFile(profile->readDocument(), a.output);
    std::cout << "wrote " << a.output << "\n";
    return 0;
}

// Commands that parse their own options (argv[0] is the command's name).
using CommandEntry = int (*)(int argc, char** argv);
const std::pair<std::string_view, CommandEntry> kCommandsWithOwnOptions[] = {
    { "compare", popscope::cli::runCompareCommand },
    { "trace", popscope::cli::runTraceCommand },
    { "export-trace", popscope::cli::runExportTraceCommand },
    { "liveness", popscope::cli::runLivenessCommand },
    { "operations", popscope::cli::runOperationsCommand },
    { "estimates", popscope::cli::runEstimatesCommand },
    { "query", popscope::cli::runQueryCommand },
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usageError("no command given");
    const std::string command = argv[1];
    if (command == "help" || command == "--help" || command == "-h") {
        std::cout << kUsage;
        return 0;
    }
    if (command == "--version" || command == "version") {
        std::cout << "popscope-cli " POPSCOPE_VERSION "\n";
        return 0;
    }
    popscope::cli::useTerminalForRemoteProfiles();
    try {
        if (command == "simulate") {
#ifdef POPSCOPE_HAS_SIMULATOR
            return popscope::cli::runSimulateCommand(argc - 1, argv + 1);
#else
            std::cerr << "popscope-cli: this build has no simulator\n";
            return kUsageError;
#endif
        }
        for (const auto& [name, run] : kCommandsWithOwnOptions)
            if (command == name)
                return run(argc - 1, argv + 1);
        Arguments arguments = parse(argc, argv);
        if (!arguments.problem.empty())
            return usageError(arguments.problem);
        if (command == "summary")
            return summary(arguments);
        if (command == "insights")
            return insights(arguments);
        if (command == "check")
            return check(arguments);
        if (command == "series")
            return series(arguments);
        if (command == "import")
            return importJson(arguments);
        if (command == "export")
            return exportJson(arguments);
        return usageError("unknown command '" + command + "'");
    } catch (const popscope::ProfileError& error) {
        std::cerr << "popscope-cli: error: " << error.what() << "\n";
        return 2 + int(error.kind());
    } catch (const std::exception& error) {
        std::cerr << "popscope-cli: error: " << error.what() << "\n";
        return 1;
    }
}
