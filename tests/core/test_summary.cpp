#include "fixture_builder.hpp"
#include "popscope/memory_categories.hpp"
#include "popscope/plural.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/summary.hpp"
#include "popscope/summary_figures.hpp"
#include "popscope/tile_memory.hpp"
#include "popscope/units.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <set>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE("memory by tile: categories sum to the totals, gaps on top", "[memory]")
{
    const ProfileDocument doc = test::makeDocument();
    const TileMemory m = tileMemoryFromDocument(doc);
    REQUIRE(m.numTiles() == 32);
    CHECK(m.categories.front() == "variable"); // display order, not file order
    CHECK(m.physicalTileIds[0] == 1);
    for (uint32_t t = 0; t < m.numTiles(); ++t) {
        uint64_t byCategory = 0, byRegion = 0;
        for (const auto& c : m.byCategory)
            byCategory += c[t];
        for (const auto& r : m.byRegion)
            byRegion += r[t];
        CHECK(byCategory == m.totalExcludingGaps[t]);
        CHECK(byRegion == m.totalExcludingGaps[t]);
        CHECK(m.totalIncludingGaps[t] == m.totalExcludingGaps[t] + 128);
        CHECK(m.overlappedByCategory[0][t] == 256); // overlapped bytes kept apart from the total
    }
    // Tile 17 is tile 1 of IPU 1: its variable bytes come from IPU 1's series.
    const auto& series = doc.memory[7]; // IPU 1, "variable" (7 series per IPU)
    REQUIRE(series.ipu == 1);
    CHECK(m.byCategory[0][17] == series.bytesByTile[1]);
    CHECK(m.cube[0][size_t(MemoryRegion::Interleaved)][0][17] == series.bytesByTile[1]);
}

TEST_CASE("the summary reports target, counts and whether it fits", "[summary]")
{
    TempDir dir;
    test::FixtureOptions options;
    options.overCapacityTile = true;
    writeProfile(test::makeDocument(options), dir.file("oom.pop"));
    writeProfile(test::makeDocument(), dir.file("fits.pop"));

    const ProfileSummary oom = querySummary(*Profile::open(dir.file("oom.pop")));
    CHECK_FALSE(oom.fits);
    CHECK(oom.tilesOverCapacity == 1);
    CHECK(oom.ipus[0].maxTile == 3);
    CHECK(oom.ipus[0].tilesOverCapacity == 1);

    const ProfileSummary s = querySummary(*Profile::open(dir.file("fits.pop")));
    CHECK(s.fits);
    CHECK(s.target.numIpus == 2);
    CHECK(s.numComputeSets == 3);
    CHECK(s.numVariables == 40);
    CHECK(s.numVertices == 16 * (1 + 2 + 3));
    CHECK(s.numExecutionSteps == 12);
    CHECK(s.totalCapacity == 2ull * 16 * 638976);
    CHECK(s.totalUsedIncludingGaps == s.totalUsedExcludingGaps + 32 * 128);
    const ProfileDocument doc = test::makeDocument();
    uint64_t expectedCycles = 0; // the latest step end: IPUs run side by side
    for (const auto& step : doc.steps) {
        for (const auto& ipu : step.ipus)
            expectedCycles = std::max(expectedCycles, ipu.cyclesBase + ipu.cycles);
    }
    CHECK(s.totalCycles == expectedCycles);
    CHECK(s.reportFiles[0].present);
    CHECK(s.reportFiles[4].present); // framework.json

    const std::string text = formatSummaryText(s);
    CHECK_THAT(text, Catch::Contains("Mk2") && Catch::Contains("Tiles per IPU") && Catch::Contains("Fits"));
    auto json = nlohmann::json::parse(formatSummaryJson(s));
    CHECK(json["target"]["numIPUs"] == 2);
    CHECK(json["memory"]["fits"] == true);
    CHECK(json["graph"]["numVariables"] == 40);
}

TEST_CASE("popscope-cli summary prints every figure of the one summary table", "[summary]")
{
    TempDir dir;
    test::FixtureOptions options;
    options.overCapacityTile = true;
    writeProfile(test::makeDocument(options), dir.file("oom.pop"));
    const ProfileSummary s = querySummary(*Profile::open(dir.file("oom.pop")));
    const std::vector<SummaryFigure> figures = summaryFigures(s);
    const std::string text = formatSummaryText(s);
    for (const SummaryFigure& f : figures) {
        INFO(f.section << " / " << f.label);
        CHECK_THAT(text, Catch::Contains("\n  " + f.label + " ") && Catch::Contains(figureText(f)));
    }
    for (const std::string& section : figureSections(figures))
        CHECK_THAT(text, Catch::Contains("\n" + section));
    // Figures the CLI alone used to show, and those the compare table lacked, are in the table.
    for (const char* key : { "target.memory-per-ipu", "target.clock", "target.ipus", "target.total-memory" })
        CHECK(findFigure(figures, key));
    CHECK(findFigure(figures, "poplar.poplar-version"));
    // Keys are unique, so a figure joins with the same figure of another report and nothing else.
    std::set<std::string> keys;
    for (const SummaryFigure& f : figures)
        CHECK(keys.insert(f.key).second);
    CHECK(findFigure(figures, "memory.ipu-0"));
    CHECK(findFigure(figures, "report-files.execution-profile"));
    const SummaryFigure* share = findFigure(figures, "memory.share-used");
    REQUIRE(share);
    CHECK(share->fraction == Approx(double(s.totalUsedIncludingGaps) / double(s.totalCapacity)));
    const SummaryFigure* fits = findFigure(figures, "memory.fits");
    REQUIRE(fits);
    CHECK(figureText(*fits) == "NO: 1 tile exceeds " + formatBytes(s.target.bytesPerTile));
    CHECK(!findFigure(figures, "target.total-ipus")); // one replica: IPUs says it

    auto json = nlohmann::json::parse(formatSummaryJson(s));
    REQUIRE(json["figures"].size() == figures.size());
    CHECK(json["figures"][0]["text"] == figureText(figures[0]));
}

TEST_CASE("plural words agree with the count", "[units]")
{
    CHECK(countOf(1, "tile") == "1 tile");
    CHECK(countOf(0, "tile") == "0 tiles");
    CHECK(countOf(1472, "tile") == "1,472 tiles");
    CHECK(countOf(2, "vertex", "vertices") == "2 vertices");
    CHECK(countOf(1, "vertex", "vertices") == "1 vertex");
    CHECK(pluralWord(1, "needs", "need") == "needs");
    CHECK(pluralWord(3, "needs", "need") == "need");
    CHECK(pluralWord(UINT64_MAX, "IPU") == "IPUs");
}

TEST_CASE("units: bytes and counts for people", "[units]")
{
    CHECK(formatCount(0) == "0");
    CHECK(formatCount(1234567) == "1,234,567");
    CHECK(formatCount(999) == "999");
    CHECK(formatBytes(638976) == "624 KiB");
    CHECK(formatBytes(638976, MemoryUnit::Decimal) == "639 kB");
    CHECK(formatBytes(638976, MemoryUnit::Bytes) == "638,976 B");
    CHECK(formatBytes(512) == "512 B");
    CHECK(formatBytes(940572672) == "897 MiB");
    CHECK(formatPercent(0.4567) == "45.7%");
    CHECK(categoryLabel("vertexCode") == "Vertex code");
    CHECK(categoryLabel("somethingNew") == "somethingNew");
}
