// Insights ▸ Peak liveness on the sample profiles: the peak is the Liveness report's, the busiest
// IPU and the worst tiles add up as the query schema's tables do, and `popscope-cli insights
// --json` carries the same figures.
#include "cli_runner.hpp"
#include "query_cells.hpp"
#include "sample_profiles.hpp"

#include "popscope/insights.hpp"
#include "popscope/liveness_report.hpp"
#include "popscope/peak_liveness.hpp"
#include "popscope/query.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace popscope;
using popscope::test::integerCell;
using popscope::test::runCli;
using simtest::sampleProfile;

TEST_CASE("peak liveness is the Liveness report's peak, with its IPU and tiles", "[insights][liveness]")
{
    const std::string path = sampleProfile("demo");
    const auto report = Report::open(path);
    const PeakLiveness peak = analysePeakLiveness(*report);
    REQUIRE(peak.available);
    const LivenessStepReport liveness
        = describeLivenessStep(*report, LivenessScope::allIpus(), std::nullopt, 10);
    CHECK(peak.step == liveness.peak.step);
    CHECK(peak.notAlwaysLive == liveness.peak.bytes);
    CHECK(peak.alwaysLive == liveness.alwaysLive);
    CHECK(peak.program == liveness.peakProgram);
    CHECK(peak.liveVariables == liveness.liveVariables);
    REQUIRE(peak.variables.size() == 10);
    CHECK(peak.variables.front().bytes == liveness.variables.front().bytes);

    // The busiest IPU: the most live of each IPU's own curve at the peak.
    uint64_t busiest = 0;
    for (uint32_t ipu = 0; ipu < report->summary().target.numIpus; ++ipu) {
        const LivenessStepReport onIpu
            = describeLivenessStep(*report, LivenessScope::onIpu(ipu), peak.step, 0);
        busiest = std::max(busiest, onIpu.alwaysLive + onIpu.notAlwaysLive);
    }
    CHECK(peak.ipuAlwaysLive + peak.ipuNotAlwaysLive == busiest);

    // The worst tiles as SQL over the query schema adds them up: the variables live at the peak
    // on each tile, and the tile's always-live bytes.
    QuerySession session(path);
    const std::string step = std::to_string(peak.step);
    const QueryResult tiles = session.run(
        "WITH live AS (SELECT DISTINCT variable FROM variable_live_ranges WHERE " + step
        + " BETWEEN first_step AND last_step), at_peak AS (SELECT vt.tile, sum(vt.bytes) AS bytes "
          "FROM variable_tiles vt JOIN live USING (variable) GROUP BY vt.tile) "
          "SELECT l.tile, l.always_live_bytes, coalesce(p.bytes, 0) FROM tile_liveness l "
          "LEFT JOIN at_peak p USING (tile) ORDER BY l.always_live_bytes + coalesce(p.bytes, 0) DESC, l.tile "
          "LIMIT 5");
    REQUIRE(peak.worstTiles.size() == 5);
    REQUIRE(tiles.rows.size() == 5);
    for (size_t i = 0; i < 5; ++i) {
        CHECK(int64_t(peak.worstTiles[i].tile) == integerCell(tiles, i, 0));
        CHECK(int64_t(peak.worstTiles[i].alwaysLive) == integerCell(tiles, i, 1));
        CHECK(int64_t(peak.worstTiles[i].notAlwaysLive) == integerCell(tiles, i, 2));
    }
}

TEST_CASE("popscope-cli insights --json carries the peak liveness", "[insights][liveness][cli]")
{
    const std::string path = sampleProfile("demo");
    const auto out = runCli("insights '" + path + "' --json");
    REQUIRE(out.status == 0);
    const auto json = nlohmann::json::parse(out.out);
    const PeakLiveness peak = analysePeakLiveness(*Report::open(path));
    const auto& section = json.at("peakLiveness");
    CHECK(section.at("step") == peak.step);
    CHECK(section.at("total") == peak.total());
    CHECK(section.at("busiestIpu").at("ipu") == peak.busiestIpu);
    CHECK(section.at("worstTiles").at(0).at("tile") == peak.worstTiles.at(0).tile);
    CHECK(section.at("largestVariables").at(0).at("name") == peak.variables.at(0).name);
    const auto text = runCli("insights '" + path + "'");
    CHECK(text.out.find("Peak liveness\n  Step " + formatCount(peak.step)) != std::string::npos);
}

TEST_CASE("Insights' one pass over the variables gives the peak its own passes give, held or streamed",
    "[insights][liveness]")
{
    const std::string path = sampleProfile("demo");
    const PeakLiveness alone = analysePeakLiveness(*Report::open(path));
    const auto streamed = Report::open(path);
    const InsightsAnalysis fromFile = analyseInsights(*streamed);
    CHECK_FALSE(streamed->hasVariables());
    const auto held = Report::open(path);
    held->variables();
    const InsightsAnalysis fromParts = analyseInsights(*held);
    CHECK(
        formatInsightsJson(fromFile, MemoryUnit::Bytes) == formatInsightsJson(fromParts, MemoryUnit::Bytes));

    const PeakLiveness& shared = fromFile.peakLiveness;
    REQUIRE(shared.available);
    CHECK(shared.liveVariables == alone.liveVariables);
    REQUIRE(shared.worstTiles.size() == alone.worstTiles.size());
    for (size_t i = 0; i < alone.worstTiles.size(); ++i) {
        CHECK(shared.worstTiles[i].tile == alone.worstTiles[i].tile);
        CHECK(shared.worstTiles[i].notAlwaysLive == alone.worstTiles[i].notAlwaysLive);
    }
    REQUIRE(shared.variables.size() == alone.variables.size());
    for (size_t i = 0; i < alone.variables.size(); ++i)
        CHECK(shared.variables[i].name == alone.variables[i].name);
    for (const auto& [a, b] : { std::pair { &shared.levers.recompute, &alone.levers.recompute },
             std::pair { &shared.levers.fp32, &alone.levers.fp32 } }) {
        CHECK(a->bytes == b->bytes);
        CHECK(a->worstTileBytes == b->worstTileBytes);
        CHECK(a->examples == b->examples);
    }
    CHECK(shared.levers.recompute.worstTileBytes > 0); // the worst tile's share is read from the rows kept
    CHECK(shared.levers.batch.largestBatch == alone.levers.batch.largestBatch);
}
