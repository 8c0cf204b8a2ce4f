// popscope-cli liveness: the peak of the liveness curve (or a chosen step), its program and the
// variables live there, largest first; the figures the Liveness page shows.
#include "liveness_command.hpp"
#include "exit_codes.hpp"

#include "popscope/liveness_report.hpp"
#include "popscope/report.hpp"

#include <charconv>
#include <iostream>
#include <optional>
#include <string>

namespace popscope::cli {

namespace {

const char* kLivenessUsage
    = R"(usage: popscope-cli liveness FILE [--json] [--step N | --peak] [--ipu I | --tiles LIST] [--top N]

Prints the liveness curve's peak (not-always-live bytes over the liveness program steps), the
program of the step shown and the variables live there, largest first.

Options:
  --peak          show the peak step (the default)
  --step N        show step N (0-based) instead
  --ipu I         the curve and the variables of IPU I only (default: all IPUs)
  --tiles LIST    of the tiles in LIST (global ids: 0-3,8,1470-1471); the curve is computed from
                  the variables' bytes on those tiles unless the profile has per-tile liveness
  --top N         list at most N variables (default 20; 0 lists all)
  --json          print JSON instead of text

Exit codes: 0 success, 2 usage error, 10 a step, IPU or tile the report lacks, 3-11 the file could
not be read (as for the other commands).
)";

int livenessUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n" << kLivenessUsage;
    return kUsageError;
}

std::optional<uint32_t> number(const std::string& text)
{
    uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

// "0-3,8" -> {0,1,2,3,8}; nullopt on a malformed list or a range past 2^24 tiles.
std::optional<std::vector<uint32_t>> tileList(const std::string& text)
{
    std::vector<uint32_t> tiles;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = text.find(',', start);
        const std::string part
            = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const size_t dash = part.find('-');
        const auto first = number(part.substr(0, dash));
        const auto last = dash == std::string::npos ? first : number(part.substr(dash + 1));
        if (!first || !last || *last < *first || *last - *first > (1u << 24))
            return std::nullopt;
        for (uint32_t t = *first;; ++t) {
            tiles.push_back(t);
            if (t == *last)
                break;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return tiles;
}

} // namespace

int runLivenessCommand(int argc, char** argv)
{
    std::string file;
    std::optional<uint32_t> step;
    bool peak = false, json = false;
    LivenessScope scope;
    size_t top = 20;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= argc)
                return std::nullopt;
            return std::string(argv[++i]);
        };
        if (arg == "--help" || arg == "-h") {
            std::cout << kLivenessUsage;
            return 0;
        }
        if (arg == "--json") {
            json = true;
        } else if (arg == "--peak") {
            peak = true;
        } else if (arg == "--step" || arg == "--ipu" || arg == "--top") {
            const auto text = value();
            const auto n = text ? number(*text) : std::nullopt;
            if (!n)
                return livenessUsageError(arg + " needs a number (0, 1, 2, ...)");
            if (arg == "--step")
                step = *n;
            else if (arg == "--top")
                top = *n;
            else if (scope.kind == LivenessScope::Kind::Tiles)
                return livenessUsageError("give --ipu or --tiles, not both");
            else
                scope = LivenessScope::onIpu(*n);
        } else if (arg == "--tiles") {
            const auto text = value();
            const auto tiles = text ? tileList(*text) : std::nullopt;
            if (!tiles)
                return livenessUsageError("--tiles needs a list of tile ids such as 0-3,8");
            if (scope.kind == LivenessScope::Kind::Ipu)
                return livenessUsageError("give --ipu or --tiles, not both");
            scope = LivenessScope::onTiles(*tiles);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return livenessUsageError("unknown option '" + arg + "'");
        } else if (file.empty()) {
            file = arg;
        } else {
            return livenessUsageError("liveness takes one FILE");
        }
    }
    if (file.empty())
        return livenessUsageError("liveness takes one FILE");
    if (peak && step)
        return livenessUsageError("give --step N or --peak, not both");
    auto report = Report::open(file);
    const LivenessStepReport r = describeLivenessStep(*report, scope, step, top);
    std::cout << (json ? formatLivenessJson(r) + "\n" : formatLivenessText(r, MemoryUnit::Binary));
    return 0;
}

} // namespace popscope::cli
