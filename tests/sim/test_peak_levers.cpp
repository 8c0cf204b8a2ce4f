// Insights' levers at the liveness peak on the sample profiles: the recomputation and FP16
// candidates and the batch that fits add up as SQL over the query schema does, the tips say how
// each saving was estimated, and `popscope-cli insights --json` carries the same figures.
#include "cli_runner.hpp"
#include "query_cells.hpp"
#include "sample_profiles.hpp"

#include "popscope/insights.hpp"
#include "popscope/peak_levers.hpp"
#include "popscope/peak_liveness.hpp"
#include "popscope/query.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace popscope;
using popscope::test::integerCell;
using popscope::test::runCli;
using simtest::sampleProfile;

namespace {

// The variables live at `step` (by the ranges that hold it), as a SQL common table.
std::string liveAt(const std::string& condition)
{
    return "WITH live AS (SELECT DISTINCT variable FROM variable_live_ranges WHERE " + condition + "), "
        + "sized AS (SELECT variable, sum(bytes) AS bytes, sum(CASE WHEN tile = @tile THEN bytes ELSE 0 END) "
        + "AS on_tile FROM variable_tiles JOIN live USING (variable) GROUP BY variable HAVING bytes > 0) ";
}

const InsightTip* tipOfKind(const InsightsAnalysis& analysis, TipKind kind)
{
    for (const InsightTip& tip : analysis.tips)
        if (tip.kind == kind)
            return &tip;
    return nullptr;
}

std::string withTile(std::string sql, uint32_t tile)
{
    const std::string key = "@tile";
    sql.replace(sql.find(key), key.size(), std::to_string(tile));
    return sql;
}

} // namespace

TEST_CASE("the recomputation and FP16 levers count the variables live at the peak", "[insights][liveness]")
{
    // The demo trains: gradients and optimizer state live across its peak beside activations.
    const std::string path = sampleProfile("demo");
    const auto report = Report::open(path);
    const PeakLiveness peak = analysePeakLiveness(*report);
    REQUIRE(peak.available);
    const uint32_t worst = peak.worstTiles.at(0).tile;
    const std::string s = std::to_string(peak.step);
    QuerySession session(path);

    // Recomputation: the five largest live from before the peak step to after it, gradients and
    // optimizer state aside.
    const QueryResult across = session.run(withTile(liveAt("first_step < " + s + " AND " + s + " < last_step")
            + "SELECT count(*) OVER (), sized.bytes, on_tile FROM sized JOIN variables v ON v.id = variable "
              "WHERE lower(v.name) NOT LIKE '%grad%' AND lower(v.name) NOT LIKE '%optimizer%' AND "
              "lower(v.name) NOT LIKE '%momentum%' AND lower(v.name) NOT LIKE '%accum%' "
              "ORDER BY sized.bytes DESC, variable LIMIT 5",
        worst));
    REQUIRE(!across.rows.empty());
    const PeakVariableGroup& recompute = peak.levers.recompute;
    CHECK(int64_t(recompute.candidates) == integerCell(across, 0, 0));
    CHECK(recompute.chosen == across.rows.size());
    int64_t bytes = 0, onTile = 0;
    for (size_t r = 0; r < across.rows.size(); ++r) {
        bytes += integerCell(across, r, 1);
        onTile += integerCell(across, r, 2);
    }
    CHECK(int64_t(recompute.bytes) == bytes);
    CHECK(int64_t(recompute.worstTileBytes) == onTile);
    CHECK(recompute.savingBytes == recompute.bytes);
    CHECK(recompute.examples.size() == std::min<size_t>(3, across.rows.size()));

    // FP16: every FP32 variable live at the peak, at half its bytes.
    const QueryResult fp32 = session.run(withTile(liveAt(s + " BETWEEN first_step AND last_step")
            + "SELECT count(*), coalesce(sum(sized.bytes), 0), coalesce(sum(on_tile), 0) FROM sized "
              "JOIN variables v ON v.id = sized.variable WHERE v.element_type = 'float'",
        worst));
    const PeakVariableGroup& half = peak.levers.fp32;
    CHECK(int64_t(half.chosen) == integerCell(fp32, 0, 0));
    CHECK(int64_t(half.bytes) == integerCell(fp32, 0, 1));
    CHECK(int64_t(half.worstTileBytes) == integerCell(fp32, 0, 2));
    CHECK(half.savingBytes == half.bytes / 2);
}

TEST_CASE("the batch that fits scales each tile's not-always-live bytes at the peak", "[insights][liveness]")
{
    const std::string path = sampleProfile("batch-8");
    const auto report = Report::open(path);
    const PeakLiveness peak = analysePeakLiveness(*report);
    REQUIRE(peak.available);
    const uint64_t capacity = report->summary().target.bytesPerTile;
    QuerySession session(path);
    const std::string s = std::to_string(peak.step);
    const QueryResult tiles
        = session.run("WITH live AS (SELECT DISTINCT variable FROM variable_live_ranges WHERE " + s
            + " BETWEEN first_step AND last_step), at_peak AS (SELECT vt.tile, sum(vt.bytes) AS bytes FROM "
              "variable_tiles vt JOIN live USING (variable) GROUP BY vt.tile) "
              "SELECT l.tile, l.always_live_bytes, p.bytes FROM tile_liveness l JOIN at_peak p USING (tile) "
              "WHERE p.bytes > 0 ORDER BY l.tile");
    REQUIRE(!tiles.rows.empty());
    double scale = INFINITY;
    int64_t limiting = -1;
    for (size_t r = 0; r < tiles.rows.size(); ++r) {
        const auto always = uint64_t(integerCell(tiles, r, 1));
        const double tileScale
            = always >= capacity ? 0.0 : double(capacity - always) / double(integerCell(tiles, r, 2));
        if (tileScale < scale) {
            scale = tileScale;
            limiting = integerCell(tiles, r, 0);
        }
    }
    const BatchFit& fit = peak.levers.batch;
    REQUIRE(fit.available);
    CHECK(fit.scale == Approx(scale));
    CHECK(int64_t(fit.limitingTile) == limiting);
    CHECK(fit.batch == 8); // the simulator's request, stored in the report
    CHECK(fit.largestBatch == uint64_t(std::floor(8 * scale + 1e-9)));

    const InsightsAnalysis analysis = analyseInsights(*report);
    const InsightTip* tip = tipOfKind(analysis, TipKind::BatchAtPeak);
    REQUIRE(tip);
    const std::string text = formatTip(*tip, MemoryUnit::Binary);
    CHECK(text.find("tile " + std::to_string(limiting)) != std::string::npos);
    CHECK(text.find("Estimated from each tile's bytes at the peak step") != std::string::npos);
}

TEST_CASE("a recorded batch size comes from the simulator's request or the framework's files", "[insights]")
{
    CHECK(recordedBatchSize(R"({"workload":"conv","params":{"batch":"16"}})", "", "") == 16);
    CHECK(recordedBatchSize("", R"({"model":{"options":{"micro_batch_size":4}}})", "") == 4);
    CHECK(recordedBatchSize("", "", R"({"batchSize":"32"})") == 32);
    CHECK(recordedBatchSize(R"({"params":{"batch":"0"}})", "not json", R"({"batch_size":-2})") == 0);
    CHECK(recordedBatchSize("", "", "") == 0);
}

TEST_CASE("popscope-cli insights --json carries the levers' tips with their figures", "[insights][cli]")
{
    const std::string path = sampleProfile("batch-8");
    const auto out = runCli("insights '" + path + "' --json");
    REQUIRE(out.status == 0);
    const auto json = nlohmann::json::parse(out.out);
    const InsightsAnalysis analysis = analyseInsights(*Report::open(path));
    size_t found = 0;
    for (const auto& tip : json.at("tips")) {
        const std::string kind = tip.at("kind");
        if (kind == "recomputeAtPeak" || kind == "fp16AtPeak") {
            const PeakLevers& levers = analysis.peakLiveness.levers;
            const PeakVariableGroup& group = kind == "recomputeAtPeak" ? levers.recompute : levers.fp32;
            CHECK(tip.at("variables").at("savingBytes") == group.savingBytes);
            CHECK(tip.at("variables").at("worstTileSavingBytes") == group.worstTileSavingBytes);
            CHECK(tip.at("text").get<std::string>().find("Estimated as") != std::string::npos);
            ++found;
        } else if (kind == "batchAtPeak") {
            CHECK(tip.at("batch").at("largestBatch") == analysis.peakLiveness.levers.batch.largestBatch);
            ++found;
        }
    }
    CHECK(found == 3);
}
