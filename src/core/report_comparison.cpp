// compareReports: two reports' memory, tables and options matched by name and diffed.
#include "popscope/report_comparison.hpp"

#include "popscope/memory_categories.hpp"
#include "popscope/report.hpp"
#include "report_access.hpp"
#include "table_compare.hpp"

#include <algorithm>
#include <numeric>

namespace popscope {

namespace {

// Reads the parts the comparison needs first (cached by the report); the variables and the graph
// tables it reads as digests of its own, the operations when it comes to them.
void readParts(const Report& report)
{
    report.summary(); // reads tile memory too
    report.vertexTypes();
}

struct Digests {
    VariableDigest variables;
    GraphDigest graph;
};

ComparedSide describe(const Report& report)
{
    const TileMemory& m = report.tileMemory();
    const ProfileSummary& s = report.summary();
    ComparedSide side;
    side.path = report.path();
    side.architecture = s.target.architecture;
    side.numIpus = m.numIpus;
    side.tilesPerIpu = m.tilesPerIpu;
    side.numTiles = m.numTiles();
    side.bytesPerTile = m.bytesPerTile;
    side.capacity = s.totalCapacity;
    const auto& totals = m.totalIncludingGaps;
    side.peakTile
        = totals.empty() ? 0 : uint32_t(std::max_element(totals.begin(), totals.end()) - totals.begin());
    return side;
}

uint64_t sum(const std::vector<uint32_t>& values)
{
    return std::accumulate(values.begin(), values.end(), uint64_t(0));
}

template <typename Row> std::vector<std::string_view> namesOf(const std::vector<Row>& rows)
{
    std::vector<std::string_view> names;
    names.reserve(rows.size());
    for (const Row& r : rows)
        names.emplace_back(r.name);
    return names;
}

RowChange rowChange(const MatchedRow& m, const KeyList& sourceNames, const KeyList& targetNames,
    std::span<const uint64_t> sourceFigures, std::span<const uint64_t> targetFigures)
{
    RowChange r;
    r.sourceIndex = m.source;
    r.targetIndex = m.target;
    r.name = std::string(m.source >= 0 ? sourceNames[size_t(m.source)] : targetNames[size_t(m.target)]);
    r.source = m.source >= 0 ? sourceFigures[size_t(m.source)] : 0;
    r.target = m.target >= 0 ? targetFigures[size_t(m.target)] : 0;
    r.diff = signedDiff(r.source, r.target);
    return r;
}

} // namespace

TableTally::TableTally(const char* table, const char* metric, const char* unit, const KeyList& sourceNames,
    const KeyList& targetNames, std::span<const uint64_t> sourceFigures,
    std::span<const uint64_t> targetFigures, size_t topRows)
    : m_sourceNames(sourceNames)
    , m_targetNames(targetNames)
    , m_sourceFigures(sourceFigures)
    , m_targetFigures(targetFigures)
    , m_topRows(topRows)
{
    m_changes.table = table;
    m_changes.metric = metric;
    m_changes.unit = unit;
    m_changes.sourceRows = sourceNames.size();
    m_changes.targetRows = targetNames.size();
    m_sourceTotal = std::accumulate(sourceFigures.begin(), sourceFigures.end(), uint64_t(0));
    m_targetTotal = std::accumulate(targetFigures.begin(), targetFigures.end(), uint64_t(0));
}

void TableTally::offer(std::vector<Candidate>& best, uint64_t magnitude, const MatchedRow& row)
{
    if (m_topRows == 0)
        return;
    // A heap whose front is the worst kept: the smallest magnitude, then the latest row.
    const auto better = [](const Candidate& a, const Candidate& b) { return a.ranksBefore(b); };
    const Candidate candidate { magnitude, m_position, row };
    if (best.size() < m_topRows) {
        best.push_back(candidate);
        std::push_heap(best.begin(), best.end(), better);
    } else if (better(candidate, best.front())) {
        std::pop_heap(best.begin(), best.end(), better);
        best.back() = candidate;
        std::push_heap(best.begin(), best.end(), better);
    }
}

void TableTally::add(const MatchedRow& m)
{
    if (m.source >= 0 && m.target >= 0) {
        ++m_changes.matchedRows;
        const uint64_t s = m_sourceFigures[size_t(m.source)], t = m_targetFigures[size_t(m.target)];
        if (t > s) {
            ++m_changes.grownRows;
            offer(m_grown, t - s, m);
        } else if (s > t) {
            ++m_changes.shrunkRows;
            offer(m_shrunk, s - t, m);
        }
    } else if (m.source >= 0) {
        ++m_changes.removedRows;
        m_changes.removedTotal += m_sourceFigures[size_t(m.source)];
        offer(m_removed, m_sourceFigures[size_t(m.source)], m);
    } else {
        ++m_changes.addedRows;
        m_changes.addedTotal += m_targetFigures[size_t(m.target)];
        offer(m_added, m_targetFigures[size_t(m.target)], m);
    }
    ++m_position;
}

std::vector<RowChange> TableTally::ranked(std::vector<Candidate>& best) const
{
    std::sort(
        best.begin(), best.end(), [](const Candidate& a, const Candidate& b) { return a.ranksBefore(b); });
    std::vector<RowChange> out;
    for (const Candidate& c : best)
        out.push_back(rowChange(c.row, m_sourceNames, m_targetNames, m_sourceFigures, m_targetFigures));
    return out;
}

TableChanges TableTally::finish()
{
    m_changes.total = compareFigure(m_sourceTotal, m_targetTotal);
    m_changes.grown = ranked(m_grown);
    m_changes.shrunk = ranked(m_shrunk);
    m_changes.added = ranked(m_added);
    m_changes.removed = ranked(m_removed);
    return std::move(m_changes);
}

TableChanges compareTable(const char* table, const char* metric, const char* unit,
    const std::vector<MatchedRow>& rows, const KeyList& sourceNames, const KeyList& targetNames,
    std::span<const uint64_t> sourceFigures, std::span<const uint64_t> targetFigures, size_t topRows)
{
    TableTally tally(table, metric, unit, sourceNames, targetNames, sourceFigures, targetFigures, topRows);
    for (const MatchedRow& row : rows)
        tally.add(row);
    return tally.finish();
}

namespace {

TableChanges compareTable(const char* table, const char* metric, const char* unit,
    const std::vector<std::string_view>& sourceNames, const std::vector<std::string_view>& targetNames,
    std::span<const uint64_t> sourceFigures, std::span<const uint64_t> targetFigures, size_t topRows)
{
    return compareTable(table, metric, unit, matchRows(sourceNames, targetNames), sourceNames, targetNames,
        sourceFigures, targetFigures, topRows);
}

// Per vertex type: instances × state bytes, and tiles holding one × code bytes.
struct VertexFigures {
    std::vector<uint64_t> state, code;
};

VertexFigures vertexFigures(const Report& report, const GraphDigest& graph)
{
    const auto& types = report.vertexTypes();
    VertexFigures f;
    for (size_t t = 0; t < types.size() && t < graph.vertexInstances.size(); ++t) {
        f.state.push_back(graph.vertexInstances[t] * types[t].stateBytes);
        f.code.push_back(graph.vertexTiles[t] * types[t].codeBytes);
    }
    return f;
}

void compareMemory(const Report& source, const Report& target, ReportComparison& c)
{
    const ProfileSummary& ss = source.summary();
    const ProfileSummary& ts = target.summary();
    const TileMemory& sm = source.tileMemory();
    const TileMemory& tm = target.tileMemory();
    c.totalMemory = compareFigure(ss.totalUsedIncludingGaps, ts.totalUsedIncludingGaps);
    c.totalMemoryExcludingGaps = compareFigure(ss.totalUsedExcludingGaps, ts.totalUsedExcludingGaps);
    c.peakTileMemory
        = compareFigure(sm.totalIncludingGaps.empty() ? 0 : sm.totalIncludingGaps[c.source.peakTile],
            tm.totalIncludingGaps.empty() ? 0 : tm.totalIncludingGaps[c.target.peakTile]);
    c.tilesOverCapacity = compareFigure(ss.tilesOverCapacity, ts.tilesOverCapacity);
    c.alwaysLive = compareFigure(sum(sm.alwaysLive), sum(tm.alwaysLive));
    c.notAlwaysLive = compareFigure(sum(sm.notAlwaysLive), sum(tm.notAlwaysLive));

    uint64_t increase = 0, decrease = 0;
    for (uint32_t t = 0; t < c.commonTiles; ++t) {
        const uint32_t s = sm.totalIncludingGaps[t], v = tm.totalIncludingGaps[t];
        if (v > s) {
            ++c.tilesGrown;
            if (v - s > increase) {
                increase = v - s;
                c.tileLargestIncrease = t;
            }
        } else if (s > v) {
            ++c.tilesShrunk;
            if (s - v > decrease) {
                decrease = s - v;
                c.tileLargestDecrease = t;
            }
        }
    }
    if (c.commonTiles > 0) {
        c.tileIncrease = compareFigure(
            sm.totalIncludingGaps[c.tileLargestIncrease], tm.totalIncludingGaps[c.tileLargestIncrease]);
        c.tileDecrease = compareFigure(
            sm.totalIncludingGaps[c.tileLargestDecrease], tm.totalIncludingGaps[c.tileLargestDecrease]);
    }

    // Categories: every category of either side, in display order.
    auto categoryTotals = [](const TileMemory& m) {
        std::vector<uint64_t> totals;
        for (const auto& series : m.byCategory)
            totals.push_back(sum(series));
        return totals;
    };
    const std::vector<std::string_view> sourceNames(sm.categories.begin(), sm.categories.end());
    const std::vector<std::string_view> targetNames(tm.categories.begin(), tm.categories.end());
    const auto sourceTotals = categoryTotals(sm), targetTotals = categoryTotals(tm);
    for (const MatchedRow& m : matchRows(sourceNames, targetNames))
        c.categories.push_back(rowChange(m, sourceNames, targetNames, sourceTotals, targetTotals));
    std::stable_sort(c.categories.begin(), c.categories.end(),
        [](const RowChange& a, const RowChange& b) { return categoryOrder(a.name) < categoryOrder(b.name); });
}

// Names, sizes and flags are all the comparison needs; tiles and live ranges are not read for it.
void compareVariables(const VariableDigest& sv, const VariableDigest& tv, ReportComparison& c, size_t topRows)
{
    // The digests' names read in place: views of 1.4 M names took 45 MB for bench-huge's pair.
    const KeyList sourceNames(sv.size(), [&sv](size_t v) { return sv.name(v); });
    const KeyList targetNames(tv.size(), [&tv](size_t v) { return tv.name(v); });
    // The rows tallied as the join finds them, not kept (11 MB for bench-huge's pair).
    TableTally tally(
        "variables", "size", "bytes", sourceNames, targetNames, sv.sizeBytes, tv.sizeBytes, topRows);
    forEachMatchedRow(sourceNames, targetNames, [&](const MatchedRow& m) {
        tally.add(m);
        if (m.source < 0 || m.target < 0)
            return;
        const bool sourceAlwaysLive = sv.alwaysLive[size_t(m.source)];
        const bool targetAlwaysLive = tv.alwaysLive[size_t(m.target)];
        if (sourceAlwaysLive && !targetAlwaysLive) {
            ++c.becameNotAlwaysLive;
            c.becameNotAlwaysLiveBytes += sv.sizeBytes[size_t(m.source)];
        } else if (!sourceAlwaysLive && targetAlwaysLive) {
            ++c.becameAlwaysLive;
            c.becameAlwaysLiveBytes += sv.sizeBytes[size_t(m.source)];
        }
    });
    c.variables = tally.finish();
}

// Vertex types, compute sets and exchanges from each report's GraphDigest: their per-tile lists
// are summed as they are read, never kept.
void compareGraph(const Report& source, const Report& target, const GraphDigest& sg, const GraphDigest& tg,
    ReportComparison& c, size_t topRows)
{
    {
        const auto sourceNames = namesOf(source.vertexTypes()), targetNames = namesOf(target.vertexTypes());
        const auto rows = matchRows(sourceNames, targetNames);
        const VertexFigures sf = vertexFigures(source, sg), tf = vertexFigures(target, tg);
        c.vertexState = compareTable(
            "vertices", "vertex state", "bytes", rows, sourceNames, targetNames, sf.state, tf.state, topRows);
        c.vertexCode = compareTable(
            "vertices", "vertex code", "bytes", rows, sourceNames, targetNames, sf.code, tf.code, topRows);
    }
    c.computeSets = compareTable("computeSets", "vertex instances", "count", views(sg.computeSetNames),
        views(tg.computeSetNames), sg.computeSetInstances, tg.computeSetInstances, topRows);
    const auto sourceNames = views(sg.exchangeNames), targetNames = views(tg.exchangeNames);
    const auto rows = matchRows(sourceNames, targetNames);
    c.exchangeCode = compareTable("exchanges", "exchange code", "bytes", rows, sourceNames, targetNames,
        sg.exchangeCode, tg.exchangeCode, topRows);
    c.exchangeBytes = compareTable("exchanges", "bytes exchanged", "bytes", rows, sourceNames, targetNames,
        sg.exchangeBytes, tg.exchangeBytes, topRows);
}

void compareOptions(const Report& source, const Report& target, ReportComparison& c)
{
    const auto& so = source.profile().info().engineOptions;
    const auto& to = target.profile().info().engineOptions;
    std::vector<std::string_view> sourceNames, targetNames;
    for (const auto& [name, value] : so)
        sourceNames.emplace_back(name);
    for (const auto& [name, value] : to)
        targetNames.emplace_back(name);
    for (const MatchedRow& m : matchRows(sourceNames, targetNames)) {
        OptionDifference d;
        d.inSource = m.source >= 0;
        d.inTarget = m.target >= 0;
        d.name = d.inSource ? so[size_t(m.source)].first : to[size_t(m.target)].first;
        if (d.inSource)
            d.source = so[size_t(m.source)].second;
        if (d.inTarget)
            d.target = to[size_t(m.target)].second;
        if (!d.inSource || !d.inTarget || d.source != d.target)
            c.engineOptions.push_back(std::move(d));
    }
}

} // namespace

ComparedFigure compareFigure(uint64_t source, uint64_t target)
{
    return { source, target, signedDiff(source, target) };
}

ReportComparison compareReports(const Report& source, const Report& target, const CompareOptions& options)
{
    const auto checkCancelled = [&options] {
        if (options.cancelled && options.cancelled())
            throw ComparisonCancelled();
    };
    // The digests are the comparison's own: they go when it returns (or throws).
    auto [sourceDigests, targetDigests] = readBothReports(source, target, [&](const Report& report) {
        checkCancelled();
        readParts(report);
        checkCancelled();
        VariableDigest variables = detail::ReportAccess::variableDigest(report);
        checkCancelled();
        return Digests { std::move(variables), detail::ReportAccess::graphDigest(report) };
    });
    checkCancelled();
    const VariableDigest& sourceVariables = sourceDigests.variables;
    const VariableDigest& targetVariables = targetDigests.variables;

    ReportComparison c;
    c.source = describe(source);
    c.target = describe(target);
    c.commonTiles = std::min(c.source.numTiles, c.target.numTiles);
    if (c.source.architecture != c.target.architecture || c.source.numTiles != c.target.numTiles
        || c.source.tilesPerIpu != c.target.tilesPerIpu) {
        const auto shape = [](const ComparedSide& side) {
            return side.architecture + ", " + formatCount(side.numIpus)
                + (side.numIpus == 1 ? " IPU x " : " IPUs x ") + formatCount(side.tilesPerIpu) + " tiles";
        };
        c.tilesNote = "The reports differ in target (" + shape(c.source) + " vs " + shape(c.target)
            + "): rows are matched by name; tiles are compared one to one on the common range 0.."
            + formatCount(c.commonTiles == 0 ? 0 : c.commonTiles - 1) + " (" + formatCount(c.commonTiles)
            + " tiles).";
    }
    compareMemory(source, target, c);
    compareVariables(sourceVariables, targetVariables, c, options.topRows);
    checkCancelled();
    compareGraph(source, target, sourceDigests.graph, targetDigests.graph, c, options.topRows);
    // Each step's parts are read as it comes and the digests let go of once used: the graph's
    // names (29 MiB for bench-huge's pair) and the operations (31) held side by side with the
    // liveness curves and the steps' names made the comparison's peak.
    sourceDigests.graph = {};
    targetDigests.graph = {};
    compareOptions(source, target, c);
    checkCancelled();
    c.liveness = compareLiveness(source, target, sourceVariables, targetVariables, options.topRows);
    checkCancelled();
    readBothReports(source, target, [](const Report& report) { return report.operations().size(); });
    compareOperations(source, target, c, options.topRows);
    return c;
}

} // namespace popscope
