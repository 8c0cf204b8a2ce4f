// analysePeakLiveness: the liveness peak of a report for Insights and `popscope-cli insights`.
// The peak and the IPUs come from the file's per-IPU curve; the tiles and the variables from the
// variables live at the peak, read as Insights reads its levels (held or streamed).
#include "popscope/peak_liveness.hpp"

#include "peak_levers_analysis.hpp"
#include "peak_live_variables.hpp"
#include "popscope/errors.hpp"
#include "popscope/liveness.hpp"
#include "popscope/report.hpp"
#include "popscope/variable_table.hpp"
#include "report_access.hpp"

#include <algorithm>
#include <sstream>

namespace popscope {

namespace {

std::vector<PeakLivenessTile> worstTiles(
    const LivenessCurve& curve, const detail::LiveAtStep& live, size_t top)
{
    const size_t numTiles = curve.alwaysLiveByTile.size();
    std::vector<PeakLivenessTile> tiles(numTiles);
    for (size_t t = 0; t < numTiles; ++t)
        tiles[t] = { uint32_t(t), curve.tilesPerIpu ? uint32_t(t / curve.tilesPerIpu) : 0,
            curve.alwaysLiveByTile[t], live.tileBytes[t] };
    const auto worse = [](const PeakLivenessTile& a, const PeakLivenessTile& b) {
        return a.total() != b.total() ? a.total() > b.total() : a.tile < b.tile;
    };
    const size_t kept = std::min(top, tiles.size());
    std::partial_sort(tiles.begin(), tiles.begin() + ptrdiff_t(kept), tiles.end(), worse);
    tiles.resize(kept);
    return tiles;
}

// The largest live variables (ties: lower id first), named.
std::vector<LiveVariableRow> largestVariables(
    const Report& report, const detail::LiveAtStep& live, size_t top)
{
    std::vector<size_t> order;
    for (size_t i = 0; i < live.variables.size(); ++i)
        if (live.variableBytes[i] > 0)
            order.push_back(i);
    const size_t kept = std::min(top, order.size());
    std::partial_sort(order.begin(), order.begin() + ptrdiff_t(kept), order.end(), [&](size_t a, size_t b) {
        return live.variableBytes[a] != live.variableBytes[b] ? live.variableBytes[a] > live.variableBytes[b]
                                                              : a < b;
    });
    order.resize(kept);
    std::vector<uint32_t> ids;
    for (size_t i : order)
        ids.push_back(live.variables[i].first);
    const std::vector<std::string> names = detail::variableNamesById(report, ids);
    std::vector<LiveVariableRow> rows;
    for (size_t k = 0; k < order.size(); ++k) {
        const StepRange range = live.variables[order[k]].second;
        rows.push_back({ names[k], live.variableBytes[order[k]], range.first, range.last });
    }
    return rows;
}

PeakLiveness readPeakLiveness(const Report& report, size_t topVariables, size_t topTiles)
{
    const LivenessCurve& curve = report.liveness();
    const LivenessSeries whole = livenessSeries(report, LivenessScope::allIpus()); // as the Liveness page
    PeakLiveness p;
    p.numSteps = curve.numSteps();
    p.alwaysLive = whole.alwaysLive;
    p.capacity = whole.capacity;
    p.bytesPerTile = curve.bytesPerTile;
    p.ipuCapacity = curve.bytesPerTile * curve.tilesPerIpu;
    if (p.numSteps == 0)
        return p;
    const LivenessPeak peak = findPeak(whole.notAlwaysLive);
    p.available = true;
    p.step = peak.step;
    p.notAlwaysLive = peak.bytes;
    p.program = std::string(curve.stepName(peak.step));
    for (uint32_t ipu = 0; ipu < curve.numIpus; ++ipu) {
        const uint64_t always = curve.alwaysLiveByIpu[ipu];
        const uint64_t notAlways = curve.notAlwaysLiveOn(p.step, ipu);
        if (ipu == 0 || always + notAlways > p.ipuAlwaysLive + p.ipuNotAlwaysLive) {
            p.busiestIpu = ipu;
            p.ipuAlwaysLive = always;
            p.ipuNotAlwaysLive = notAlways;
        }
    }
    detail::LiveAtStep live = detail::liveVariablesAt(report, p.step);
    detail::addLiveTiles(report, live, curve.alwaysLiveByTile.size());
    p.liveVariables = uint64_t(std::count_if(
        live.variableBytes.begin(), live.variableBytes.end(), [](uint64_t bytes) { return bytes > 0; }));
    p.worstTiles = worstTiles(curve, live, topTiles);
    p.variables = largestVariables(report, live, topVariables);
    p.levers = detail::analysePeakLevers(report, curve, p, live);
    return p;
}

} // namespace

PeakLiveness analysePeakLiveness(const Report& report, size_t topVariables, size_t topTiles)
{
    try {
        return readPeakLiveness(report, topVariables, topTiles);
    } catch (const ProfileError& error) {
        PeakLiveness unavailable;
        unavailable.error = error.what();
        return unavailable;
    }
}

std::string formatPeakLivenessText(const PeakLiveness& p, MemoryUnit u)
{
    std::ostringstream out;
    out << "Peak liveness\n";
    if (!p.error.empty()) {
        out << "  " << printableMessage(p.error) << '\n';
        return out.str();
    }
    if (!p.available) {
        out << "  The profile has no liveness program steps.\n";
        return out.str();
    }
    out << "  Step " << formatCount(p.step) << " of " << formatCount(p.numSteps) << "  "
        << printableMessage(p.program, 200) << '\n';
    out << "  Live there             " << formatBytes(p.total(), u) << formatShareAfter(p.total(), p.capacity)
        << " of " << formatBytes(p.capacity, u) << ": " << formatBytes(p.alwaysLive, u) << " always live, "
        << formatBytes(p.notAlwaysLive, u) << " not\n";
    out << "  Busiest IPU            IPU " << p.busiestIpu << ", "
        << formatBytes(p.ipuAlwaysLive + p.ipuNotAlwaysLive, u)
        << formatShareAfter(p.ipuAlwaysLive + p.ipuNotAlwaysLive, p.ipuCapacity) << " of "
        << formatBytes(p.ipuCapacity, u) << '\n';
    out << "  Worst tiles at the peak\n";
    for (const PeakLivenessTile& t : p.worstTiles)
        out << "    tile " << t.tile << " (IPU " << t.ipu << ")  " << formatBytes(t.total(), u) << " of "
            << formatBytes(p.bytesPerTile, u) << ": " << formatBytes(t.alwaysLive, u) << " always live, "
            << formatBytes(t.notAlwaysLive, u) << " not\n";
    out << "  Largest variables live there (" << formatCount(p.liveVariables) << " in all)\n";
    for (const LiveVariableRow& v : p.variables)
        out << "    " << formatBytes(v.bytes, u) << "  " << printableMessage(v.name, 200) << " (steps "
            << v.firstStep << "-" << v.lastStep << ")\n";
    return out.str();
}

} // namespace popscope
