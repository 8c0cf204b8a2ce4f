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

// "host → IPU 1.2 MB, IPU → host 0 B (3,400 cycles)" for one origin's copies.
std::string copyText(const CopyTraffic& copy, CopyOrigin origin)
{
    const std::string end = origin == CopyOrigin::RemoteBuffer ? "remote buffer" : "host";
    return end + " → IPU " + formatBytes(copy.toIpuBytes) + ", IPU → " + end + " "
        + formatBytes(copy.fromIpuBytes) + " (" + formatCount(copy.cycles) + " cycles)";
}

// The IPU's traffic lines: stream copies by origin and direction, global exchange by direction.
void writeTraffic(std::ostringstream& out, const IpuTrace& ipu)
{
    for (size_t o = 0; o < kCopyOriginCount; ++o) {
        const CopyTraffic& copy = ipu.streamCopies[o];
        if (copy.toIpuBytes || copy.fromIpuBytes || copy.cycles)
            out << "          stream copies, " << copyText(copy, CopyOrigin(o)) << '\n';
    }
    const ExchangeTraffic& global = ipu.globalExchange;
    if (global.receivedBytes || global.sentBytes || global.cycles)
        out << "          global exchange, received " << formatBytes(global.receivedBytes) << ", sent "
            << formatBytes(global.sentBytes) << " (" << formatCount(global.cycles) << " cycles)\n";
}

nlohmann::json copyJson(const CopyTraffic& copy)
{
    return { { "toIpuBytes", copy.toIpuBytes }, { "fromIpuBytes", copy.fromIpuBytes },
        { "cycles", copy.cycles } };
}

nlohmann::json exchangeJson(const ExchangeTraffic& global)
{
    return { { "receivedBytes", global.receivedBytes }, { "sentBytes", global.sentBytes },
        { "cycles", global.cycles } };
}

nlohmann::json trafficJson(const CopyTrafficByOrigin& copies, const ExchangeTraffic& global)
{
    return { { "streamCopies",
                 { { "host", copyJson(copies[size_t(CopyOrigin::Host)]) },
                     { "remoteBuffer", copyJson(copies[size_t(CopyOrigin::RemoteBuffer)]) } } },
        { "globalExchange", exchangeJson(global) } };
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
        out << '\n';
        if (ipu.overlappedCopyCycles)
            out << "          overlapped I/O " << share(ipu.overlappedCopyCycles, span)
                << " (stream copies beside other steps, within the stream copy share)\n";
        writeTraffic(out, ipu);
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
            { "globalExchangeBytes", ipu.globalExchangeBytes },
            { "overlappedCopyCycles", ipu.overlappedCopyCycles },
            { "traffic", trafficJson(ipu.streamCopies, ipu.globalExchange) } });
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
        { "waitTileCycles", t.waitTileCycles() },
        { "traffic",
            trafficJson({ t.streamCopies(CopyOrigin::Host), t.streamCopies(CopyOrigin::RemoteBuffer) },
                t.globalExchange()) },
        { "ipus", ipus }, { "waits", waits }, { "waitingSteps", t.waits.size() } };
    return out.dump(2, ' ', false, json::error_handler_t::replace) + '\n';
}

} // namespace popscope
