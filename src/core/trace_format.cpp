// `popscope-cli trace`: the execution trace's figures as aligned text for people and JSON for scripts.
#include "popscope/errors.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/plural.hpp"
#include "popscope/units.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace popscope {

namespace {

constexpr TraceState kShownStepKinds[] = { TraceState::Computing, TraceState::Exchanging, TraceState::Sync,
    TraceState::StreamCopy, TraceState::Idle };

std::string timeAt(uint64_t cycles, double clockHz)
{
    if (clockHz <= 0)
        return {};
    const double seconds = double(cycles) / clockHz;
    char text[32];
    if (seconds >= 1)
        std::snprintf(text, sizeof text, "%.3g s", seconds);
    else if (seconds >= 1e-3)
        std::snprintf(text, sizeof text, "%.3g ms", seconds * 1e3);
    else
        std::snprintf(text, sizeof text, "%.3g µs", seconds * 1e6);
    return text;
}

std::string share(uint64_t part, uint64_t whole)
{
    return formatPercent(whole ? double(part) / double(whole) : 0.0);
}

std::string tileList(const WaitingStep& w)
{
    if (!w.perTile)
        return "(no per-tile cycles)";
    std::string text = pluralWord(w.slowestTileCount, "tile") + ' ';
    const auto slowest = w.slowestTiles();
    for (size_t i = 0; i < slowest.size(); ++i)
        text += (i ? ", " : "") + std::to_string(slowest[i]);
    if (w.slowestTileCount > slowest.size())
        text += " and " + formatCount(w.slowestTileCount - slowest.size()) + " more";
    return text;
}

} // namespace

std::string formatTraceText(const TraceSummary& t, const std::string& fileName, size_t top)
{
    std::ostringstream out;
    out << printableMessage(fileName, 200) << ": execution trace, " << formatCount(t.numSteps) << " steps on "
        << countOf(t.numIpus, "IPU") << ", " << formatCount(t.totalCycles) << " cycles";
    if (const std::string time = timeAt(t.totalCycles, t.clockHz); !time.empty())
        out << " (" << time << " at " << t.clockHz / 1e9 << " GHz)";
    out << '\n';
    if (t.numSteps == 0) {
        out << "The profile has no execution steps (a compile-only report).\n";
        return out.str();
    }
    out << "Parallel efficiency " << formatPercent(t.parallelEfficiency(), 2)
        << " (busy tile-cycles ÷ all tile-cycles; busy = computing, exchanging, stream copy)\n";
    if (!t.hasTileCycles)
        out << "The profile has no per-tile cycles: each step's active tiles count as busy for the whole "
               "step.\n";
    out << "\nCycles by kind of step (share of the IPU's span)\n";
    for (const IpuTrace& ipu : t.ipus) {
        const uint64_t span = ipu.lastCycle - ipu.firstCycle;
        out << "  IPU " << ipu.ipu << ":";
        for (TraceState kind : kShownStepKinds)
            out << "  " << traceStateName(kind) << ' ' << share(ipu.stepCycles[size_t(kind)], span);
        out << "\n          efficiency " << formatPercent(ipu.parallelEfficiency(), 2)
            << ", waiting for sync "
            << share(ipu.tileCycles[size_t(TraceState::WaitingForSync)], ipu.allTileCycles())
            << " of tile-cycles; tile balance " << formatPercent(ipu.tileBalance())
            << " (mean ÷ max busy cycles: " << formatCount(uint64_t(ipu.meanTileBusy)) << " ÷ "
            << formatCount(ipu.maxTileBusy) << ")";
        if (ipu.streamCopyBytes)
            out << "; stream copies " << formatBytes(ipu.streamCopyBytes);
        if (ipu.globalExchangeBytes)
            out << "; global exchange " << formatBytes(ipu.globalExchangeBytes);
        out << '\n';
    }
    const size_t shown = std::min(top, t.waits.size());
    out << "\nWhere the cycles wait: " << formatCount(t.waitTileCycles()) << " tile-cycles waiting for sync";
    out << (t.waits.empty() ? ", none.\n"
                            : "; the steps that waste most (top " + std::to_string(shown) + " of "
                + formatCount(t.waits.size()) + ")\n");
    for (size_t i = 0; i < shown; ++i) {
        const WaitingStep& w = t.waits[i];
        out << "  " << i + 1 << ". step " << w.step << " on IPU " << w.ipu << ": "
            << printableMessage(std::string(t.programName(w)), 120) << " ("
            << printableMessage(t.typeOf(w), 40) << ")\n     " << formatCount(w.cycles) << " cycles, "
            << formatCount(w.waitTileCycles) << " tile-cycles waiting (" << formatPercent(w.waitShare)
            << " of the step's); held up by " << tileList(w) << '\n';
    }
    return out.str();
}

std::string formatTraceJson(const TraceSummary& t, const std::string& path, size_t top)
{
    using nlohmann::json;
    json ipus = json::array();
    for (const IpuTrace& ipu : t.ipus) {
        json stepCycles = json::object(), tileCycles = json::object();
        for (size_t s = 0; s < kTraceStateCount; ++s) {
            stepCycles[traceStateName(TraceState(s))] = ipu.stepCycles[s];
            tileCycles[traceStateName(TraceState(s))] = ipu.tileCycles[s];
        }
        ipus.push_back({ { "ipu", ipu.ipu }, { "firstCycle", ipu.firstCycle }, { "lastCycle", ipu.lastCycle },
            { "stepCycles", stepCycles }, { "tileCycles", tileCycles },
            { "parallelEfficiency", ipu.parallelEfficiency() },
            { "tileBusyCycles",
                { { "min", ipu.minTileBusy }, { "mean", ipu.meanTileBusy }, { "max", ipu.maxTileBusy } } },
            { "tileBalance", ipu.tileBalance() }, { "streamCopyBytes", ipu.streamCopyBytes },
            { "globalExchangeBytes", ipu.globalExchangeBytes } });
    }
    json waits = json::array();
    for (size_t i = 0; i < std::min(top, t.waits.size()); ++i) {
        const WaitingStep& w = t.waits[i];
        const auto slowest = w.slowestTiles();
        waits.push_back({ { "step", w.step }, { "ipu", w.ipu }, { "program", std::string(t.programName(w)) },
            { "type", t.typeOf(w) }, { "cycles", w.cycles }, { "cycleBase", w.cycleBase },
            { "waitTileCycles", w.waitTileCycles }, { "waitShare", w.waitShare },
            { "activeTiles", w.activeTiles }, { "perTile", w.perTile },
            { "slowestTiles", std::vector<uint32_t>(slowest.begin(), slowest.end()) },
            { "slowestTileCount", w.slowestTileCount } });
    }
    const json out = { { "path", path }, { "numIpus", t.numIpus }, { "tilesPerIpu", t.tilesPerIpu },
        { "clockHz", t.clockHz }, { "numSteps", t.numSteps }, { "totalCycles", t.totalCycles },
        { "hasTileCycles", t.hasTileCycles }, { "parallelEfficiency", t.parallelEfficiency() },
        { "waitTileCycles", t.waitTileCycles() }, { "ipus", ipus }, { "waits", waits },
        { "waitingSteps", t.waits.size() } };
    return out.dump(2, ' ', false, json::error_handler_t::replace) + '\n';
}

} // namespace popscope
