// popscope-cli estimates: the compiler's cycle estimates beside the measured cycles, as text or JSON.
#include "estimates_command.hpp"

#include "popscope/cycle_estimates.hpp"
#include "popscope/report.hpp"

#include <iostream>
#include <string>
#include <vector>

namespace popscope::cli {

namespace {

const char* kEstimatesUsage = R"(usage: popscope-cli estimates FILE [--top N] [--json]

The compiler's cycle estimates beside the measured cycles (profile format 1.2): for each compute
set and each exchange program (DoExchange, GlobalExchange, stream-copy phases), the estimate of its
slowest tile against the cycles of the steps that ran it (each step's slowest IPU), per run, and
the ratio. A profile without estimates (format 1.0, 1.1) says so.

Options:
  --top N   the N compute sets and N exchange programs of the largest estimates (default 20)
  --json    every row, each compute set with its vertex entries' estimates of one vertex
)";

int estimatesUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kEstimatesUsage;
    return 2;
}

bool parseCount(const std::string& text, size_t& value)
{
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
        return false;
    value = size_t(std::stoul(text));
    return true;
}

} // namespace

int runEstimatesCommand(int argc, char** argv)
{
    std::vector<std::string> files;
    size_t top = 20;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << kEstimatesUsage;
            return 0;
        }
        if (arg == "--json") {
            json = true;
        } else if (arg == "--top") {
            if (i + 1 >= argc || !parseCount(argv[i + 1], top))
                return estimatesUsageError("--top needs a count");
            ++i;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return estimatesUsageError("estimates: unknown option '" + arg + "'");
        } else {
            files.push_back(arg);
        }
    }
    if (files.size() != 1)
        return estimatesUsageError("estimates takes one FILE, got " + std::to_string(files.size()));
    const auto report = Report::open(files[0]);
    const EstimateComparison comparison = compareEstimates(*report);
    std::cout << (json ? formatEstimatesJson(*report, comparison) + "\n"
                       : formatEstimatesText(*report, comparison, top));
    return 0;
}

} // namespace popscope::cli
