// Liveness curve of a scope, its peak and the live-range index.
#include "popscope/liveness.hpp"

#include "popscope/errors.hpp"
#include "popscope/plural.hpp"
#include "popscope/profile.hpp"
#include "popscope/report.hpp"
#include "popscope/units.hpp"

#include <algorithm>

namespace popscope {

LivenessCurve readLivenessCurve(const Profile& profile)
{
    const Target& target = profile.target();
    LivenessCurve c;
    c.numIpus = target.numIpus;
    c.tilesPerIpu = target.tilesPerIpu;
    c.bytesPerTile = target.bytesPerTile;
    LivenessStepColumns steps = profile.readLivenessStepColumns();
    c.stepProgram = std::move(steps.program);
    c.notAlwaysLive = std::move(steps.notAlwaysLive);
    // Read a step at a time by the series (bench-huge: 256 k steps x 16 IPUs, 16 MiB a report).
    c.notAlwaysLive.spill();
    c.programs = profile.readProgramLabels(); // names and types: no tree needed
    c.alwaysLiveByIpu.assign(c.numIpus, 0);
    c.alwaysLiveByTile.assign(size_t(target.numTiles()), 0);
    for (const LivenessSplit& split : profile.readLivenessSplit()) {
        for (uint32_t t = 0; t < c.tilesPerIpu; ++t) {
            c.alwaysLiveByTile[size_t(split.ipu) * c.tilesPerIpu + t] = split.alwaysLiveBytesByTile[t];
            c.alwaysLiveByIpu[split.ipu] += split.alwaysLiveBytesByTile[t];
        }
    }
    c.hasTileLiveness = profile.hasRows("liveness_by_tile");
    return c;
}

LivenessScope LivenessScope::onTiles(std::vector<uint32_t> tiles)
{
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    return { Kind::Tiles, 0, std::move(tiles) };
}

bool LivenessScope::coversIpu(uint32_t index, uint32_t tilesPerIpu) const
{
    switch (kind) {
    case Kind::AllIpus:
        return true;
    case Kind::Ipu:
        return ipu == index;
    case Kind::Tiles:
        return std::any_of(tiles.begin(), tiles.end(), [&](uint32_t t) { return t / tilesPerIpu == index; });
    }
    return false;
}

std::string LivenessScope::describe() const
{
    switch (kind) {
    case Kind::AllIpus:
        return "all IPUs";
    case Kind::Ipu:
        return "IPU " + std::to_string(ipu);
    case Kind::Tiles:
        return tiles.size() == 1 ? "tile " + std::to_string(tiles[0]) : formatCount(tiles.size()) + " tiles";
    }
    return {};
}

namespace {

void checkScope(const Report& report, const LivenessScope& scope)
{
    const Target& target = report.profile().target();
    if (scope.kind == LivenessScope::Kind::Ipu && scope.ipu >= target.numIpus)
        throw ProfileError(ErrorKind::InvalidInput, report.path(),
            "there is no IPU " + std::to_string(scope.ipu) + " (the report has "
                + countOf(target.numIpus, "IPU") + ")");
    if (scope.kind == LivenessScope::Kind::Tiles) {
        if (scope.tiles.empty())
            throw ProfileError(ErrorKind::InvalidInput, report.path(), "no tiles selected");
        if (scope.tiles.back() >= target.numTiles())
            throw ProfileError(ErrorKind::InvalidInput, report.path(),
                "there is no tile " + std::to_string(scope.tiles.back()) + " (the report has "
                    + formatCount(target.numTiles()) + " tiles)");
    }
}

// Not-always-live bytes of the selected tiles at every step, from each variable's bytes on those
// tiles over its live ranges (a difference array: linear in variables, tiles and steps).
std::vector<uint64_t> tilesCurveFromVariables(const Report& report, const std::vector<uint32_t>& tiles)
{
    const size_t steps = report.liveness().numSteps();
    std::vector<uint8_t> selected(size_t(report.profile().target().numTiles()), 0);
    for (uint32_t t : tiles)
        selected[t] = 1;
    std::vector<int64_t> delta(steps + 1, 0);
    for (const VariableRow v : report.variables()) {
        if (v.alwaysLive || v.liveRanges.empty())
            continue;
        int64_t bytes = 0;
        for (const TileBytes& tb : v.tiles)
            if (selected[tb.tile])
                bytes += tb.bytes;
        if (bytes == 0)
            continue;
        for (const StepRange& r : v.liveRanges) {
            if (r.first >= steps)
                continue;
            delta[r.first] += bytes;
            delta[std::min<size_t>(size_t(r.last) + 1, steps)] -= bytes;
        }
    }
    std::vector<uint64_t> curve(steps);
    int64_t running = 0;
    for (size_t s = 0; s < steps; ++s) {
        running += delta[s];
        curve[s] = uint64_t(std::max<int64_t>(0, running));
    }
    return curve;
}

std::vector<uint64_t> tilesCurveFromProfile(const Report& report, const std::vector<uint32_t>& tiles)
{
    const LivenessCurve& c = report.liveness();
    std::vector<uint64_t> curve(c.numSteps(), 0);
    for (const TileLiveness& row : report.tileLiveness()) {
        const uint32_t first = row.ipu * c.tilesPerIpu;
        auto it = std::lower_bound(tiles.begin(), tiles.end(), first);
        for (; it != tiles.end() && *it < first + c.tilesPerIpu; ++it)
            curve[row.step] += row.bytesByTile[*it - first];
    }
    return curve;
}

} // namespace

LivenessSeries livenessSeries(const Report& report, const LivenessScope& scope)
{
    checkScope(report, scope);
    const LivenessCurve& c = report.liveness();
    LivenessSeries s;
    const uint64_t bytesPerTile = c.bytesPerTile;
    switch (scope.kind) {
    case LivenessScope::Kind::AllIpus:
        s.notAlwaysLive.assign(c.numSteps(), 0);
        for (size_t step = 0; step < c.numSteps(); ++step)
            for (uint32_t ipu = 0; ipu < c.numIpus; ++ipu)
                s.notAlwaysLive[step] += c.notAlwaysLiveOn(step, ipu);
        for (uint64_t bytes : c.alwaysLiveByIpu)
            s.alwaysLive += bytes;
        s.capacity = bytesPerTile * c.tilesPerIpu * c.numIpus;
        s.basis = "per-IPU liveness from the profile, summed over the IPUs";
        break;
    case LivenessScope::Kind::Ipu:
        s.notAlwaysLive.resize(c.numSteps());
        for (size_t step = 0; step < c.numSteps(); ++step)
            s.notAlwaysLive[step] = c.notAlwaysLiveOn(step, scope.ipu);
        s.alwaysLive = c.alwaysLiveByIpu[scope.ipu];
        s.capacity = bytesPerTile * c.tilesPerIpu;
        s.basis = "per-IPU liveness from the profile";
        break;
    case LivenessScope::Kind::Tiles:
        if (c.hasTileLiveness) {
            s.notAlwaysLive = tilesCurveFromProfile(report, scope.tiles);
            s.basis = "per-tile liveness from the profile";
        } else {
            s.notAlwaysLive = tilesCurveFromVariables(report, scope.tiles);
            s.computedFromVariables = true;
            s.basis = "computed from the variables' bytes on the selected tiles and their live ranges"
                      " (the profile has no per-tile liveness)";
        }
        for (uint32_t t : scope.tiles)
            s.alwaysLive += c.alwaysLiveByTile[t];
        s.capacity = bytesPerTile * scope.tiles.size();
        break;
    }
    return s;
}

LivenessPeak findPeak(const std::vector<uint64_t>& notAlwaysLive)
{
    LivenessPeak peak;
    for (size_t s = 0; s < notAlwaysLive.size(); ++s)
        if (notAlwaysLive[s] > peak.bytes)
            peak = { uint32_t(s), notAlwaysLive[s] };
    return peak;
}

LiveRangeIndex::LiveRangeIndex(const VariableTable& variables, uint32_t numIpus, uint32_t tilesPerIpu)
    : m_numIpus(std::max<uint32_t>(1, numIpus))
{
    struct Range {
        uint32_t first, last, variable;
    };
    std::vector<Range> ranges;
    std::vector<uint32_t> alwaysLive, ipuStart, ipuOf;
    ipuStart.reserve(variables.size() + 1);
    ipuStart.push_back(0);
    std::vector<uint64_t> onIpu(m_numIpus, 0);
    for (size_t v = 0; v < variables.size(); ++v) {
        const VariableRow var = variables[v];
        if (var.alwaysLive)
            alwaysLive.push_back(uint32_t(v));
        else
            for (const StepRange& r : var.liveRanges)
                ranges.push_back({ r.first, r.last, uint32_t(v) });
        for (const TileBytes& tb : var.tiles)
            onIpu[std::min(tb.tile / std::max<uint32_t>(1, tilesPerIpu), m_numIpus - 1)] += tb.bytes;
        for (uint32_t ipu = 0; ipu < m_numIpus; ++ipu)
            if (onIpu[ipu] != 0) {
                ipuOf.push_back(ipu);
                m_ipuBytes.push_back(onIpu[ipu]);
                onIpu[ipu] = 0;
            }
        ipuStart.push_back(uint32_t(ipuOf.size()));
    }
    m_ipuStart = std::move(ipuStart);
    m_ipuOf = std::move(ipuOf); // grown entry by entry: spill() keeps it at its size, like m_ipuBytes
    m_alwaysLive = std::move(alwaysLive);
    std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.first < b.first; });
    std::vector<uint32_t>& first = m_first.values();
    std::vector<uint32_t>& last = m_last.values();
    std::vector<uint32_t>& variable = m_variable.values();
    first.reserve(ranges.size());
    last.reserve(ranges.size());
    variable.reserve(ranges.size());
    for (const Range& r : ranges) {
        first.push_back(r.first);
        last.push_back(r.last);
        variable.push_back(r.variable);
    }
    size_t leaves = 1;
    while (leaves < ranges.size())
        leaves *= 2;
    std::vector<uint32_t>& maxLast = m_maxLast.values();
    maxLast.assign(2 * leaves, 0);
    for (size_t i = 0; i < ranges.size(); ++i)
        maxLast[leaves + i] = ranges[i].last;
    for (size_t node = leaves - 1; node >= 1; --node)
        maxLast[node] = std::max(maxLast[2 * node], maxLast[2 * node + 1]);
    for (auto* column : { &m_first, &m_last, &m_variable, &m_maxLast, &m_alwaysLive, &m_ipuStart, &m_ipuOf })
        column->spill();
    m_ipuBytes.spill();
    spill::releaseResidentPages(); // every variable's tiles were read
}

void LiveRangeIndex::collect(size_t node, size_t lo, size_t hi, size_t end, uint32_t step,
    std::vector<uint32_t>& out, spill::ScanPacer& pacer) const
{
    pacer.step();
    // [lo, hi) is the node's span of sorted ranges; only the first `end` start at or before `step`.
    if (lo >= end || m_maxLast[node] < step)
        return;
    if (hi - lo == 1) {
        out.push_back(m_variable[lo]);
        return;
    }
    const size_t mid = lo + (hi - lo) / 2;
    collect(2 * node, lo, mid, end, step, out, pacer);
    collect(2 * node + 1, mid, hi, end, step, out, pacer);
}

std::vector<uint32_t> LiveRangeIndex::liveAt(uint32_t step) const
{
    std::vector<uint32_t> out;
    if (m_first.empty())
        return out;
    const size_t end = size_t(std::upper_bound(m_first.begin(), m_first.end(), step) - m_first.begin());
    // At a peak most ranges are live: the query reads most of the spilled index (bench-huge's
    // 40 MiB in a few milliseconds), paced like a scan.
    spill::ScanPacer pacer;
    collect(1, 0, m_maxLast.size() / 2, end, step, out, pacer);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace popscope
