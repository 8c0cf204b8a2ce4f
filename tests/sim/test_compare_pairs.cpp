// compareReports on the sample pairs: the expected sign and rough size of each change, checked
// against what core reads from each file directly.
#include "sample_profiles.hpp"

#include "popscope/profile.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <numeric>

using namespace popscope;
using simtest::sampleProfile;

namespace {

// Bytes of one category over all tiles, read straight from the file.
uint64_t categoryBytes(const std::string& path, const std::string& category)
{
    const TileMemory m = queryTileMemory(*Profile::open(path));
    for (size_t c = 0; c < m.categories.size(); ++c)
        if (m.categories[c] == category)
            return std::accumulate(m.byCategory[c].begin(), m.byCategory[c].end(), uint64_t(0));
    return 0;
}

std::map<std::string, Variable> variablesByName(const std::string& path)
{
    std::map<std::string, Variable> out;
    for (Variable& v : Profile::open(path)->readVariables(false))
        out[v.name] = std::move(v);
    return out;
}

const RowChange& category(const ReportComparison& c, const std::string& name)
{
    auto it = std::find_if(
        c.categories.begin(), c.categories.end(), [&](const RowChange& r) { return r.name == name; });
    REQUIRE(it != c.categories.end());
    return *it;
}

ReportComparison compareFiles(const std::string& a, const std::string& b)
{
    return compareReports(*Report::open(sampleProfile(a)), *Report::open(sampleProfile(b)));
}

} // namespace

TEST_CASE(
    "batch-4 -> batch-8: activation memory grows, the partials and outputs double", "[compare][samples]")
{
    const std::string a = sampleProfile("batch-4"), b = sampleProfile("batch-8");
    const ReportComparison c = compareFiles("batch-4", "batch-8");
    const ProfileSummary sa = querySummary(*Profile::open(a)), sb = querySummary(*Profile::open(b));

    CHECK(c.totalMemory.source == sa.totalUsedIncludingGaps);
    CHECK(c.totalMemory.target == sb.totalUsedIncludingGaps);
    CHECK(c.totalMemory.diff.absolute
        == int64_t(sb.totalUsedIncludingGaps) - int64_t(sa.totalUsedIncludingGaps));
    REQUIRE(c.totalMemory.diff.fraction);
    CHECK(*c.totalMemory.diff.fraction > 0.6); // about +75%: activations double, code and state stay
    CHECK(*c.totalMemory.diff.fraction < 0.9);
    CHECK(c.tilesOverCapacity.source == 0);
    CHECK(c.tilesOverCapacity.target == 0);

    // The growth is activation memory: the variable category, all of it not-always-live.
    const RowChange& vars = category(c, "variable");
    CHECK(vars.source == categoryBytes(a, "variable"));
    CHECK(vars.target == categoryBytes(b, "variable"));
    CHECK(vars.diff.absolute > c.totalMemory.diff.absolute * 999 / 1000); // the rest: a host exchange grows
    CHECK(vars.diff.absolute < c.totalMemory.diff.absolute);
    CHECK(c.notAlwaysLive.diff.fraction.value() == Approx(1.0).margin(0.02)); // doubles
    CHECK(std::llabs(c.alwaysLive.diff.absolute) < 4096); // weights stay
    CHECK(category(c, "vertexCode").diff.absolute == 0);
    CHECK(c.vertexCode.total.diff.absolute == 0);
    CHECK(c.vertexState.total.diff.absolute == 0);

    // Variables matched by name: the same 49 on both sides; those that grew exactly double.
    const auto va = variablesByName(a), vb = variablesByName(b);
    uint64_t grew = 0;
    for (const auto& [name, v] : va)
        grew += vb.at(name).sizeBytes > v.sizeBytes;
    CHECK(c.variables.sourceRows == va.size());
    CHECK(c.variables.matchedRows == va.size());
    CHECK(c.variables.addedRows == 0);
    CHECK(c.variables.removedRows == 0);
    CHECK(c.variables.grownRows == grew);
    CHECK(c.variables.shrunkRows == 0);
    REQUIRE(c.variables.grown.size() == 10);
    for (const RowChange& r : c.variables.grown) {
        CHECK(r.source == va.at(r.name).sizeBytes);
        CHECK(r.target == vb.at(r.name).sizeBytes);
        CHECK(r.target == 2 * r.source);
    }
    CHECK_THAT(c.variables.grown[0].name, Catch::EndsWith("/conv/partials"));
    CHECK(c.variables.grown[0].diff.absolute == 25690112);

    const auto lines = whatChanged(c);
    REQUIRE(lines.size() > 4);
    CHECK(lines[0].metric == "total memory");
    CHECK(lines[0].diff.absolute == c.totalMemory.diff.absolute);
    CHECK(lines[1].metric == "peak-tile memory");
    CHECK(lines[1].diff.absolute > 0);
    CHECK(lines[2].metric == "tiles over capacity");
    CHECK(lines[3].metric == "peak liveness"); // the Liveness report's headline
    CHECK(lines[3].page == "liveness");
    CHECK(lines[3].diff.absolute == c.liveness.peakDiff.absolute);
    CHECK(lines[4].table == "categories");
    CHECK(lines[4].rowKey == "variable");
    CHECK(lines[4].page == "memory");
    auto partials = std::find_if(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.table == "variables"; });
    REQUIRE(partials != lines.end());
    CHECK_THAT(partials->rowKey, Catch::EndsWith("/conv/partials"));
    CHECK(partials->sourceValue == 25690112);
    CHECK(partials->targetValue == 51380224);
}

TEST_CASE("offload-off -> offload-on: the optimiser state leaves the chip", "[compare][samples]")
{
    const std::string off = sampleProfile("offload-off"), on = sampleProfile("offload-on");
    const ReportComparison c = compareFiles("offload-off", "offload-on");

    // The Adam state is the same size on both sides, always live on chip without offloading and
    // live only while streamed in with it.
    const auto voff = variablesByName(off), von = variablesByName(on);
    uint64_t optimiser = 0, optimiserBytes = 0;
    for (const auto& [name, v] : voff)
        if (name.find("/optimizer/") != std::string::npos) {
            CHECK(v.alwaysLive);
            CHECK_FALSE(von.at(name).alwaysLive);
            CHECK(von.at(name).sizeBytes == v.sizeBytes);
            ++optimiser;
            optimiserBytes += v.sizeBytes;
        }
    REQUIRE(optimiser == 12); // m and v of six layers
    CHECK(c.becameNotAlwaysLive == optimiser);
    CHECK(c.becameNotAlwaysLiveBytes == optimiserBytes);
    CHECK(c.becameAlwaysLive == 0);

    // On-chip: always-live memory falls by about the optimiser state; the total falls by 40%.
    CHECK(c.alwaysLive.diff.absolute < 0);
    CHECK(uint64_t(-c.alwaysLive.diff.absolute) > optimiserBytes * 9 / 10);
    CHECK(uint64_t(-c.alwaysLive.diff.absolute) < optimiserBytes * 11 / 10);
    CHECK(c.totalMemory.diff.fraction.value() < -0.3);
    CHECK(c.totalMemory.diff.fraction.value() > -0.5);
    CHECK(category(c, "variable").diff.absolute
        == int64_t(categoryBytes(on, "variable")) - int64_t(categoryBytes(off, "variable")));
    CHECK(category(c, "variable").diff.absolute < 0);
    // Streaming it costs host exchange code and remote-buffer exchanges.
    CHECK(category(c, "hostExchangeCode").diff.absolute > 1000000);
    CHECK(c.exchangeCode.addedRows == 12);
    CHECK(c.exchangeCode.removedRows == 0);
    CHECK_THAT(c.exchangeCode.added[0].name, Catch::Contains("/optimizer/remote"));
}

TEST_CASE("strided-on -> strided-off: exchange code and copy descriptors shrink", "[compare][samples]")
{
    const std::string on = sampleProfile("strided-on"), off = sampleProfile("strided-off");
    const ReportComparison c = compareFiles("strided-on", "strided-off");

    const RowChange& exchange = category(c, "internalExchangeCode");
    CHECK(exchange.source == categoryBytes(on, "internalExchangeCode"));
    CHECK(exchange.target == categoryBytes(off, "internalExchangeCode"));
    CHECK(exchange.diff.fraction.value() < -0.7); // about -79%
    CHECK(exchange.diff.fraction.value() > -0.9);
    const RowChange& copies = category(c, "copyDescriptor");
    CHECK(copies.source == categoryBytes(on, "copyDescriptor"));
    CHECK(copies.source > 0);
    CHECK(copies.target == 0);
    CHECK(copies.inTarget() == false);
    CHECK(c.exchangeCode.total.diff.absolute < 0);
    CHECK(c.exchangeCode.shrunkRows > 0);
    CHECK(c.exchangeCode.grownRows == 0);
    // The PreArrange copies' codelet goes away.
    REQUIRE(c.vertexCode.removed.size() == 1);
    CHECK(c.vertexCode.removed[0].name == "poplar_rt::DstStridedCopyDA32");
    CHECK(c.totalMemory.diff.absolute < 0);
    // Same variables on both sides, same sizes: the data did not change, only its mapping.
    CHECK(c.variables.matchedRows == c.variables.sourceRows);
    CHECK(c.variables.grownRows + c.variables.shrunkRows == 0);
}

TEST_CASE("sort-single -> sort-bitonic: one vertex on tile 0 becomes a network over every tile",
    "[compare][samples]")
{
    const std::string single = sampleProfile("sort-single"), bitonic = sampleProfile("sort-bitonic");
    const ReportComparison c = compareFiles("sort-single", "sort-bitonic");

    CHECK(c.totalMemory.diff.fraction.value() > 5.0); // 5.4 MiB -> 45 MiB
    CHECK(c.source.peakTile == 0); // the heap sort's tile
    CHECK(c.peakTileMemory.diff.absolute < 0); // the peak spreads out
    CHECK(c.peakTileMemory.source == querySummary(*Profile::open(single)).ipus[0].maxTileBytes);
    CHECK(c.peakTileMemory.target == querySummary(*Profile::open(bitonic)).ipus[0].maxTileBytes);
    REQUIRE(c.vertexState.removed.size() == 1);
    CHECK(c.vertexState.removed[0].name == "popops::HeapSortVertex<float>");
    REQUIRE(c.vertexState.added.size() == 1);
    CHECK(c.vertexState.added[0].name == "popops::CompareAndSwapAtDistance<float>");
    CHECK(c.vertexState.added[0].target == categoryBytes(bitonic, "vertexInstanceState"));
    REQUIRE(c.variables.added.size() == 1);
    CHECK(c.variables.added[0].name == "sort/bitonic/rearranged");
    CHECK(c.variables.added[0].target == 262144);
    CHECK(c.variables.matchedRows == 1); // sort/input/keys
    CHECK(category(c, "internalExchangeCode").inSource() == false);
    CHECK(category(c, "internalExchangeCode").diff.fraction == std::nullopt);
    CHECK(c.exchangeCode.targetRows == Profile::open(bitonic)->countRows("exchanges"));
}

TEST_CASE("compare gives the same figures whether or not variables() was read first", "[compare][samples]")
{
    auto fresh = compareFiles("batch-4", "batch-8");
    auto source = Report::open(sampleProfile("batch-4"));
    auto target = Report::open(sampleProfile("batch-8"));
    REQUIRE(!source->variables().front().tiles.empty());
    const ReportComparison loaded = compareReports(*source, *target);
    REQUIRE(loaded.variables.grown.size() == fresh.variables.grown.size());
    for (size_t i = 0; i < loaded.variables.grown.size(); ++i) {
        CHECK(loaded.variables.grown[i].name == fresh.variables.grown[i].name);
        CHECK(loaded.variables.grown[i].diff == fresh.variables.grown[i].diff);
        CHECK(source->variables()[size_t(loaded.variables.grown[i].sourceIndex)].name
            == loaded.variables.grown[i].name);
    }
    CHECK(loaded.becameAlwaysLive == fresh.becameAlwaysLive);
    CHECK(loaded.becameNotAlwaysLiveBytes == fresh.becameNotAlwaysLiveBytes);
    REQUIRE(loaded.liveness.grownAtPeak.size() == fresh.liveness.grownAtPeak.size());
    for (size_t i = 0; i < loaded.liveness.grownAtPeak.size(); ++i) {
        CHECK(loaded.liveness.grownAtPeak[i].name == fresh.liveness.grownAtPeak[i].name);
        CHECK(loaded.liveness.grownAtPeak[i].diff == fresh.liveness.grownAtPeak[i].diff);
    }
    // A comparison made first leaves variables() complete.
    auto other = Report::open(sampleProfile("batch-4"));
    compareReports(*other, *target);
    CHECK(other->variables() == source->variables());
}

TEST_CASE("compare sums the graph tables as it reads them and leaves them unread in the reports",
    "[compare][samples]")
{
    auto source = Report::open(sampleProfile("sort-single"));
    auto target = Report::open(sampleProfile("sort-bitonic"));
    const ReportComparison c = compareReports(*source, *target);
    CHECK(!source->hasComputeSets());
    CHECK(!target->hasExchanges());

    // The same totals as the parts give, read afterwards.
    const auto sums = [](const Report& r) {
        uint64_t instances = 0, state = 0, exchangeCode = 0, exchanged = 0;
        for (const ComputeSet& cs : r.computeSets())
            for (const ComputeSetVertices& v : cs.vertices)
                for (const TileCount& tc : v.countByTile) {
                    instances += tc.count;
                    state += uint64_t(tc.count) * r.vertexTypes()[v.vertexType].stateBytes;
                }
        for (const Exchange& e : r.exchanges()) {
            exchanged += e.totalBytes;
            for (const TileBytes& tb : e.codeBytesByTile)
                exchangeCode += tb.bytes;
        }
        return std::array { instances, state, exchangeCode, exchanged };
    };
    for (const auto& [report, side] : { std::pair(source.get(), &ComparedFigure::source),
             std::pair(target.get(), &ComparedFigure::target) }) {
        const auto expected = sums(*report);
        CHECK(c.computeSets.total.*side == expected[0]);
        CHECK(c.vertexState.total.*side == expected[1]);
        CHECK(c.exchangeCode.total.*side == expected[2]);
        CHECK(c.exchangeBytes.total.*side == expected[3]);
    }
    CHECK(c.computeSets.targetRows == target->computeSets().size());
    CHECK(c.vertexCode.total.target == categoryBytes(sampleProfile("sort-bitonic"), "vertexCode"));
}

TEST_CASE("a report compared with itself changes nothing", "[compare][samples]")
{
    auto report = Report::open(sampleProfile("batch-4"));
    const ReportComparison c = compareReports(*report, *report);
    CHECK(c.totalMemory.diff.absolute == 0);
    CHECK(c.variables.matchedRows == c.variables.sourceRows);
    CHECK(c.variables.grown.empty());
    CHECK(c.engineOptions.empty());
    CHECK(c.tilesNote.empty());
    const auto lines = whatChanged(c);
    REQUIRE(lines.size() == 4); // the three headline totals and the peak liveness, all zero
    CHECK(lines[3].metric == "peak liveness");
    CHECK(lines[3].diff.absolute == 0);
}

TEST_CASE(
    "reports with different targets compare rows by name and tiles on the common range", "[compare][samples]")
{
    // A pipeline over several IPUs against a single IPU.
    const ReportComparison c = compareFiles("sort-single", "pipeline-grouped");
    CHECK(c.source.numTiles == 1472);
    CHECK(c.target.numTiles > 1472);
    CHECK(c.commonTiles == 1472);
    CHECK_THAT(c.tilesNote, Catch::Contains("common range 0..1,471"));
}

TEST_CASE(
    "compare stops at its next step once cancelled, and compares in full when not", "[compare][samples]")
{
    auto source = Report::open(sampleProfile("batch-4"));
    auto target = Report::open(sampleProfile("batch-8"));
    std::atomic<int> asked = 0;
    CompareOptions cancelAtOnce;
    cancelAtOnce.cancelled = [&asked] {
        ++asked;
        return true;
    };
    CHECK_THROWS_AS(compareReports(*source, *target, cancelAtOnce), ComparisonCancelled);
    CHECK(asked.load() == 2); // once in each report's thread
    CHECK_FALSE(source->hasSummary()); // stopped before its first read
    CHECK_FALSE(target->hasSummary());

    // Cancelled after both reports' reads (each asks three times, in its own thread), or before the
    // liveness: it stops there.
    for (const int after : { 6, 8 }) {
        asked = 0;
        CompareOptions later;
        later.cancelled = [&asked, after] { return ++asked > after; };
        CHECK_THROWS_AS(compareReports(*source, *target, later), ComparisonCancelled);
        CHECK(asked.load() == after + 1); // it threw at the first "yes"
    }
    asked = 0;
    CompareOptions never;
    never.cancelled = [&asked] {
        ++asked;
        return false;
    };
    const ReportComparison full = compareReports(*source, *target, never);
    CHECK(asked.load() == 10); // three a report's read, then four steps
    const ReportComparison expected = compareReports(*source, *target);
    CHECK(full.totalMemory.source == expected.totalMemory.source);
    CHECK(full.liveness.targetPeak == expected.liveness.targetPeak);
}
