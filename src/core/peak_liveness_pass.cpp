// PeakLivenessPass: the peak and the IPUs come from the file's per-IPU curve; the tiles and the
// variables from the variables live at the peak, summed from the rows the pass is fed.
#include "peak_liveness_pass.hpp"

#include "peak_levers_analysis.hpp"
#include "popscope/errors.hpp"
#include "popscope/liveness.hpp"
#include "popscope/report.hpp"
#include "report_variable_rows.hpp"

#include <algorithm>

namespace popscope::detail {

namespace {

std::vector<PeakLivenessTile> worstTiles(const LivenessCurve& curve, const LiveAtStep& live, size_t top)
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
std::vector<LiveVariableRow> largestVariables(const Report& report, const LiveAtStep& live, size_t top)
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
    const std::vector<std::string> names = variableNamesById(report, ids);
    std::vector<LiveVariableRow> rows;
    for (size_t k = 0; k < order.size(); ++k) {
        const StepRange range = live.variables[order[k]].second;
        rows.push_back({ names[k], live.variableBytes[order[k]], range.first, range.last });
    }
    return rows;
}

} // namespace

PeakLivenessPass::PeakLivenessPass(const Report& report, size_t topVariables, size_t topTiles)
    : m_report(report)
    , m_topVariables(topVariables)
    , m_topTiles(topTiles)
{
    try {
        readPeak();
    } catch (const ProfileError& error) {
        fail(error.what());
    }
}

void PeakLivenessPass::fail(const std::string& error)
{
    m_peak = PeakLiveness();
    m_peak.error = error;
    m_live.reset();
}

// The peak over all IPUs as the Liveness page finds it, the busiest IPU there, and the variables
// live at it.
void PeakLivenessPass::readPeak()
{
    const LivenessCurve& curve = m_report.liveness();
    const LivenessSeries whole = livenessSeries(m_report, LivenessScope::allIpus());
    PeakLiveness& p = m_peak;
    p.numSteps = curve.numSteps();
    p.alwaysLive = whole.alwaysLive;
    p.capacity = whole.capacity;
    p.bytesPerTile = curve.bytesPerTile;
    p.ipuCapacity = curve.bytesPerTile * curve.tilesPerIpu;
    if (p.numSteps == 0)
        return;
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
    m_live.emplace(m_report, p.step, variableCount(m_report), curve.alwaysLiveByTile.size());
}

PeakLiveness PeakLivenessPass::finish()
{
    if (!m_live)
        return m_peak;
    try {
        const LivenessCurve& curve = m_report.liveness();
        PeakLiveness& p = m_peak;
        const LiveAtStep& live = *m_live;
        p.liveVariables = uint64_t(std::count_if(
            live.variableBytes.begin(), live.variableBytes.end(), [](uint64_t bytes) { return bytes > 0; }));
        p.worstTiles = worstTiles(curve, live, m_topTiles);
        p.variables = largestVariables(m_report, live, m_topVariables);
        p.levers = analysePeakLevers(m_report, curve, p, live);
    } catch (const ProfileError& error) {
        fail(error.what());
    }
    m_live.reset();
    return std::move(m_peak);
}

} // namespace popscope::detail
