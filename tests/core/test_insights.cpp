// analyseInsights over generated fixtures, checked against figures computed from the document,
// and the insights command printing the same numbers.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/insights.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <numeric>

using namespace popscope;
using popscope::test::TempDir;

namespace {

std::shared_ptr<Report> writeAndOpen(
    const TempDir& dir, const std::string& name, const test::FixtureOptions& options)
{
    writeProfile(test::makeDocument(options), dir.file(name));
    return Report::open(dir.file(name));
}

} // namespace

TEST_CASE("insights of a profile that does not fit", "[insights]")
{
    TempDir dir;
    test::FixtureOptions options;
    options.overCapacityTile = true;
    const ProfileDocument doc = test::makeDocument(options);
    const TileMemory memory = tileMemoryFromDocument(doc);
    auto report = writeAndOpen(dir, "oom.pop", options);
    const InsightsAnalysis d = analyseInsights(*report);

    CHECK_FALSE(d.fits);
    CHECK(d.tilesOverCapacity == 1);
    CHECK(d.bytesPerTile == 638976);
    CHECK(d.capacity == 32ull * 638976);
    const uint64_t used
        = std::accumulate(memory.totalIncludingGaps.begin(), memory.totalIncludingGaps.end(), uint64_t(0));
    CHECK(d.used == used);
    CHECK(d.meanTileBytes == used / 32);
    CHECK(d.excessBytes == memory.totalIncludingGaps[3] - 638976);
    REQUIRE(d.topTiles.size() == 5);
    CHECK(d.topTiles[0].tile == 3);
    CHECK(d.topTiles[0].ipu == 0);
    CHECK(d.topTiles[0].bytes == memory.totalIncludingGaps[3]);
    for (size_t i = 1; i < 5; ++i) {
        CHECK(d.topTiles[i - 1].bytes >= d.topTiles[i].bytes);
        CHECK(d.topTiles[i].bytes == memory.totalIncludingGaps[d.topTiles[i].tile]);
    }
    // Histogram: 16 buckets over [0, max(max tile + 1, capacity)], every tile counted once.
    REQUIRE(d.bucketCount.size() == 16);
    CHECK(d.bucketWidth == (memory.totalIncludingGaps[3] + 1 + 15) / 16);
    CHECK(std::accumulate(d.bucketCount.begin(), d.bucketCount.end(), 0u) == 32);
    CHECK(d.bucketCount.back() == 1); // only tile 3 sits in the top bucket
    CHECK(d.bucketStart[1] == d.bucketWidth);

    // Vertex type 0 runs in cs0 (1 per even tile) and cs2 (3 per even tile): 16 tiles × 4 = 64 instances.
    CHECK(d.model.title == "Model");
    CHECK(d.model.vertexState.name == "poplin::ConvPartial1x1Out<half,float>");
    CHECK(d.model.vertexState.bytes == 64 * 64);
    CHECK(d.model.vertexState.detail == "64 instances; compute sets: layer1/conv/cs0, layer1/conv/cs2");
    CHECK(d.model.vertexCode.bytes == 16 * 2048);
    CHECK(d.model.vertexCode.detail == "on 16 tiles");
    REQUIRE(d.model.variables.size() == 10);
    std::vector<uint64_t> sizes;
    for (const Variable& v : doc.variables)
        sizes.push_back(v.sizeBytes);
    std::sort(sizes.rbegin(), sizes.rend());
    for (size_t i = 0; i < 10; ++i)
        CHECK(d.model.variables[i].bytes == sizes[i]);
    CHECK(d.model.variables[0].wholeBytes == 0);
    CHECK(d.ipu.title == "IPU 0 (most used)");
    CHECK(d.tile.title == "Tile 3 (most used)");
    CHECK(d.tile.vertexState.bytes == 0); // vertices sit on even tiles only

    REQUIRE(!d.tips.empty());
    CHECK(d.tips[0].kind == TipKind::OverCapacity);
    CHECK(d.tips[0].tilesOverCapacity == 1);
    CHECK(formatTip(d.tips[0], MemoryUnit::Binary)
        == "1 tile needs more than the 624 KiB a tile has. Reduce the batch size, enable recomputation, or "
           "spread "
           "the largest variables on those tiles over more tiles.");
    for (const InsightTip& tip : d.tips)
        CHECK(tip.kind != TipKind::FitsWithSpare);
}

TEST_CASE("insights tips carry their figures: FP16 candidates and spare memory", "[insights]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    const TileMemory memory = tileMemoryFromDocument(doc);
    auto report = writeAndOpen(dir, "fits.pop", {});
    const InsightsAnalysis d = analyseInsights(*report);
    REQUIRE(d.fits);

    // FP32 bytes on the five most used tiles, from the document.
    std::vector<uint32_t> order(32);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
        [&](uint32_t a, uint32_t b) { return memory.totalIncludingGaps[a] > memory.totalIncludingGaps[b]; });
    order.resize(5);
    uint64_t fp32Bytes = 0, fp32Variables = 0;
    for (const Variable& v : doc.variables) {
        uint64_t here = 0;
        for (const TileBytes& tb : v.tiles)
            if (v.elementType == "float" && std::find(order.begin(), order.end(), tb.tile) != order.end())
                here += tb.bytes;
        fp32Bytes += here;
        fp32Variables += here > 0;
    }
    auto fp16 = std::find_if(
        d.tips.begin(), d.tips.end(), [](const InsightTip& t) { return t.kind == TipKind::Fp16Candidates; });
    if (fp32Bytes == 0) {
        CHECK(fp16 == d.tips.end());
    } else {
        REQUIRE(fp16 != d.tips.end());
        CHECK(fp16->fp32Bytes == fp32Bytes);
        CHECK(fp16->fp32Variables == fp32Variables);
        CHECK(fp16->fp16SavingBytes == fp32Bytes / 2);
        CHECK(fp16->worstTileCount == 5);
        CHECK(fp16->examples.size() == std::min<uint64_t>(3, fp32Variables));
        CHECK_THAT(formatTip(*fp16, MemoryUnit::Bytes),
            Catch::StartsWith("FP16 candidates: " + formatCount(fp32Variables) + " FP32 variables hold "
                + formatCount(fp32Bytes) + " B on the 5 most used tiles (e.g. "));
    }

    const auto spareTip = std::find_if(
        d.tips.begin(), d.tips.end(), [](const InsightTip& t) { return t.kind == TipKind::FitsWithSpare; });
    REQUIRE(spareTip != d.tips.end());
    const InsightTip& spare = *spareTip;
    CHECK(spare.spareBytes == d.capacity - d.used);
    CHECK(spare.tileSpareBytes == 638976 - d.topTiles[0].bytes);
    CHECK(spare.freeFraction == Approx(1.0 - double(d.used) / double(d.capacity)));
    CHECK(formatTip(spare, MemoryUnit::Bytes)
        == "The model fits with " + formatCount(d.capacity - d.used) + " B spare ("
            + formatPercent(spare.freeFraction) + " of the memory free). The most used tile has "
            + formatCount(spare.tileSpareBytes) + " B left.");
}

namespace {

// A level's ten largest variables from the document: (bytes on `onTile` tiles, name), largest
// first, equal bytes in the variables' order.
std::vector<std::pair<uint64_t, std::string>> largestOn(
    const ProfileDocument& doc, const std::function<bool(uint32_t)>& onTile)
{
    std::vector<std::pair<uint64_t, size_t>> sizes;
    for (size_t i = 0; i < doc.variables.size(); ++i) {
        uint64_t bytes = 0;
        for (const TileBytes& tb : doc.variables[i].tiles)
            bytes += onTile(tb.tile) ? tb.bytes : 0;
        if (bytes > 0)
            sizes.emplace_back(bytes, i);
    }
    std::stable_sort(
        sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    sizes.resize(std::min<size_t>(sizes.size(), 10));
    std::vector<std::pair<uint64_t, std::string>> out;
    for (const auto& [bytes, i] : sizes)
        out.emplace_back(bytes, doc.variables[i].name);
    return out;
}

std::vector<std::pair<uint64_t, std::string>> listed(const InsightLevel& level)
{
    std::vector<std::pair<uint64_t, std::string>> out;
    for (const InsightItem& item : level.variables)
        out.emplace_back(item.bytes, item.name);
    return out;
}

} // namespace

TEST_CASE("insights streamed from the file equal those from the parts held, late tile rows too", "[insights]")
{
    TempDir dir;
    test::FixtureOptions options;
    options.overCapacityTile = true;
    const ProfileDocument doc = test::makeDocument(options);
    const std::string path = dir.file("oom.pop");
    writeProfile(doc, path);
    // A variable's first tile row moved to the end of vars_info, after every other variable's rows.
    test::execSql(path,
        "CREATE TEMP TABLE moved AS SELECT * FROM vars_info WHERE rowid = 1;"
        " DELETE FROM vars_info WHERE rowid = 1; INSERT INTO vars_info SELECT * FROM moved;");

    auto streamed = Report::open(path);
    const InsightsAnalysis fromFile = analyseInsights(*streamed);
    CHECK_FALSE(streamed->hasVariables()); // nothing held for it
    CHECK_FALSE(streamed->hasComputeSets());
    auto held = Report::open(path);
    held->variables();
    held->computeSets();
    const InsightsAnalysis fromParts = analyseInsights(*held);
    CHECK(
        formatInsightsJson(fromFile, MemoryUnit::Bytes) == formatInsightsJson(fromParts, MemoryUnit::Bytes));
    CHECK(&streamed->insights() == &streamed->insights()); // computed once, kept
    CHECK(formatInsightsJson(streamed->insights(), MemoryUnit::Bytes)
        == formatInsightsJson(fromFile, MemoryUnit::Bytes));

    // Each level's variables as the document has them: tile 3 is the most used, on IPU 0.
    CHECK(listed(fromFile.model) == largestOn(doc, [](uint32_t) { return true; }));
    CHECK(listed(fromFile.ipu) == largestOn(doc, [](uint32_t t) { return t < 16; }));
    CHECK(listed(fromFile.tile) == largestOn(doc, [](uint32_t t) { return t == 3; }));
    REQUIRE(!fromFile.tile.variables.empty());
    CHECK(fromFile.tile.variables[0].wholeBytes > 0);
}

TEST_CASE("a liveness part that cannot be read leaves the peak unavailable, not the levels", "[insights]")
{
    TempDir dir;
    const std::string path = dir.file("damaged-liveness.pop");
    writeProfile(test::makeDocument({}), path);
    test::execSql(path, "UPDATE liveness_steps SET not_always_live_bytes = x'0102'");

    const auto report = Report::open(path);
    const InsightsAnalysis d = analyseInsights(*report);
    CHECK_FALSE(d.peakLiveness.available);
    CHECK(d.peakLiveness.error.find("liveness step 0") != std::string::npos);
    CHECK_FALSE(d.model.variables.empty()); // the levels read the variables all the same
    CHECK(formatInsightsJson(d, MemoryUnit::Bytes).find("liveness step 0") != std::string::npos);
}

TEST_CASE("tip sentences keep the GUI's wording", "[insights]")
{
    InsightTip unbalanced;
    unbalanced.kind = TipKind::Unbalanced;
    unbalanced.tile = 1234;
    unbalanced.tileBytes = 600 * 1024;
    unbalanced.meanTileBytes = 200 * 1024;
    unbalanced.ratio = 3.0;
    CHECK(formatTip(unbalanced, MemoryUnit::Binary)
        == "Memory is unbalanced: the most used tile holds 600 KiB, 3.0\xC3\x97 the mean of 200 KiB. Look at "
           "what "
           "sits on it in the Memory report (select tile 1234).");
    InsightTip state;
    state.kind = TipKind::LargeVertexState;
    state.vertexType = "popops::Reduce<float>";
    CHECK(formatTip(state, MemoryUnit::Binary)
        == "Vertex state of popops::Reduce<float> is over a quarter of the most used tile. Fewer, larger "
           "vertices "
           "(or a different partitioning of that operation) would shrink it.");
    InsightTip over;
    over.kind = TipKind::OverCapacity;
    over.tilesOverCapacity = 1200;
    over.bytesPerTile = 638976;
    CHECK_THAT(formatTip(over, MemoryUnit::Decimal),
        Catch::StartsWith("1,200 tiles need more than the 639 kB a tile has."));
    InsightItem item { "w", 10, "float, variable", 0, 0, 3 * 1024 * 1024 };
    CHECK(formatItemDetail(item, MemoryUnit::Binary) == "float, variable; whole variable 3.00 MiB");
}

TEST_CASE("popscope-cli insights prints analyseInsights' numbers", "[insights][cli]")
{
    TempDir dir;
    test::FixtureOptions options;
    options.overCapacityTile = true;
    auto report = writeAndOpen(dir, "oom.pop", options);
    const InsightsAnalysis d = analyseInsights(*report);

    auto json = test::runCli("insights " + dir.file("oom.pop") + " --json");
    REQUIRE(json.status == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["fits"] == false);
    CHECK(j["used"] == d.used);
    CHECK(j["capacity"] == d.capacity);
    CHECK(j["tilesOverCapacity"] == 1);
    CHECK(j["excessBytes"] == d.excessBytes);
    REQUIRE(j["topTiles"].size() == 5);
    for (size_t i = 0; i < 5; ++i) {
        CHECK(j["topTiles"][i]["tile"] == d.topTiles[i].tile);
        CHECK(j["topTiles"][i]["bytes"] == d.topTiles[i].bytes);
    }
    CHECK(j["histogram"]["bucketCount"].get<std::vector<uint32_t>>() == d.bucketCount);
    CHECK(j["levels"].size() == 3);
    CHECK(j["levels"][0]["largestVertexState"]["bytes"] == d.model.vertexState.bytes);
    CHECK(j["levels"][2]["largestVertexState"].is_null());
    REQUIRE(j["tips"].size() == d.tips.size());
    CHECK(j["tips"][0]["kind"] == "overCapacity");
    CHECK(j["tips"][0]["text"] == formatTip(d.tips[0], MemoryUnit::Binary));

    auto text = test::runCli("insights " + dir.file("oom.pop"));
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::StartsWith(formatVerdict(d, MemoryUnit::Binary)));
    CHECK_THAT(text.out,
        Catch::Contains("tile 3 (IPU 0)  " + formatBytes(d.topTiles[0].bytes) + " ("
            + formatCount(d.topTiles[0].bytes) + " bytes)"));
    for (const InsightTip& tip : d.tips)
        CHECK_THAT(text.out, Catch::Contains(formatTip(tip, MemoryUnit::Binary)));

    CHECK(test::runCli("insights").status == 2);
    CHECK(test::runCli("insights " + dir.file("missing.pop")).status == 3);
}
