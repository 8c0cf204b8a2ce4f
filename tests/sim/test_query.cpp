// The query schema (docs/query.md) over the sample profiles: each table agrees with what core's
// own reads report, the user's file is never written, and refused or runaway queries say why.
#include "cli_runner.hpp"
#include "sample_profiles.hpp"

#include "popscope/liveness_report.hpp"
#include "popscope/profile.hpp"
#include "popscope/query.hpp"
#include "popscope/report.hpp"
#include "popscope/summary.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace popscope;
using popscope::test::runCli;
using simtest::sampleProfile;

namespace {

int64_t single(QuerySession& session, const std::string& sql)
{
    const QueryResult result = session.run(sql);
    REQUIRE(result.rows.size() == 1);
    REQUIRE(result.rows[0].size() == 1);
    const auto* value = std::get_if<int64_t>(&result.rows[0][0]);
    REQUIRE(value);
    return *value;
}

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

std::string refusal(QuerySession& session, const std::string& sql, const QueryOptions& options = {})
{
    try {
        session.run(sql, options);
    } catch (const QueryError& error) {
        return error.what();
    }
    return "not refused";
}

} // namespace

TEST_CASE("query tables count and sum what the summary reports", "[query]")
{
    const std::string path = sampleProfile("batch-4");
    const auto profile = Profile::open(path);
    const ProfileSummary summary = querySummary(*profile);
    QuerySession session(path);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM tiles")) == profile->target().numTiles());
    CHECK(uint64_t(single(session, "SELECT sum(memory_used) FROM tiles")) == summary.totalUsedIncludingGaps);
    CHECK(uint64_t(single(session, "SELECT sum(memory_used_excluding_gaps) FROM tiles"))
        == summary.totalUsedExcludingGaps);
    CHECK(uint64_t(single(session, "SELECT sum(capacity) FROM tiles")) == summary.totalCapacity);
    CHECK(uint64_t(single(session, "SELECT sum(bytes) FROM tile_memory WHERE overlapped = 0"))
        == summary.totalUsedExcludingGaps);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM variables")) == summary.numVariables);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM programs")) == summary.numPrograms);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM compute_sets")) == summary.numComputeSets);
    CHECK(uint64_t(single(session, "SELECT sum(count) FROM compute_set_vertices")) == summary.numVertices);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM vertex_types")) == summary.numVertexTypes);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM exchanges")) == summary.numExchanges);
    CHECK(uint64_t(single(session, "SELECT count(DISTINCT step) FROM liveness_steps"))
        == summary.numLivenessSteps);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM steps")) == summary.numExecutionSteps);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM runs")) == summary.numRuns);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM operations")) == summary.numOperations);
    CHECK(uint64_t(single(session, "SELECT max(cycles_base + cycles) - min(cycles_base) FROM step_ipus"))
        == summary.totalCycles);
}

TEST_CASE(
    "query variable bytes per tile, liveness peak and per-tile cycles agree with core's reads", "[query]")
{
    const std::string path = sampleProfile("batch-4");
    const auto profile = Profile::open(path);
    QuerySession session(path);
    uint64_t variableTileBytes = 0, variableTileRows = 0;
    for (const Variable& variable : profile->readVariables())
        for (const TileBytes& tile : variable.tiles) {
            variableTileBytes += tile.bytes;
            ++variableTileRows;
        }
    CHECK(uint64_t(single(session, "SELECT count(*) FROM variable_tiles")) == variableTileRows);
    CHECK(uint64_t(single(session, "SELECT sum(bytes) FROM variable_tiles")) == variableTileBytes);

    // Each program's parent: the lowest-numbered program that lists it as a child.
    std::map<uint32_t, uint32_t> parentOf;
    const std::vector<Program> programs = profile->readPrograms();
    for (uint32_t parent = 0; parent < programs.size(); ++parent)
        for (uint32_t child : programs[parent].children)
            parentOf.try_emplace(child, parent);
    int64_t parentSum = 0;
    for (const auto& [child, parent] : parentOf)
        parentSum += parent;
    CHECK(uint64_t(single(session, "SELECT count(parent) FROM programs")) == parentOf.size());
    CHECK(single(session, "SELECT sum(parent) FROM programs") == parentSum);
    CHECK(single(session, "SELECT count(*) FROM programs WHERE id = 3 AND type IS NOT NULL") == 1);

    const auto report = Report::open(path);
    const LivenessStepReport peak = describeLivenessStep(*report, LivenessScope::allIpus(), std::nullopt, 1);
    CHECK(uint64_t(single(session,
              "SELECT max(bytes) FROM (SELECT sum(not_always_live_bytes) AS bytes FROM liveness_steps "
              "GROUP BY step)"))
        == peak.peak.bytes);
    CHECK(uint64_t(single(session,
              "SELECT step FROM liveness_steps GROUP BY step ORDER BY sum(not_always_live_bytes) DESC, step "
              "LIMIT 1"))
        == peak.peak.step);

    // Per-tile cycles: every tile of every stored (step, IPU), none longer than its step.
    const uint64_t rows = profile->countRows("cycles_by_tile");
    CHECK(uint64_t(single(session, "SELECT count(*) FROM step_tile_cycles"))
        == rows * profile->target().tilesPerIpu);
    CHECK(single(session,
              "SELECT count(*) FROM (SELECT step, ipu, max(cycles) AS longest FROM step_tile_cycles "
              "GROUP BY step, ipu) JOIN step_ipus USING (step, ipu) WHERE longest > cycles")
        == 0);
}

TEST_CASE("query of two reports joins source and target as compare --json reports them", "[query][cli]")
{
    const std::string a = sampleProfile("batch-4"), b = sampleProfile("batch-8");
    const auto compare = runCli("compare " + a + " " + b + " --json");
    REQUIRE(compare.status == 0);
    const auto memory = nlohmann::json::parse(compare.out)["memory"];
    QuerySession session(a, b);
    CHECK(single(session, "SELECT sum(memory_used) FROM source.tiles")
        == memory["totalIncludingGaps"]["source"]);
    CHECK(single(session, "SELECT sum(memory_used) FROM target.tiles")
        == memory["totalIncludingGaps"]["target"]);
    CHECK(single(session, "SELECT max(memory_used) FROM target.tiles") == memory["peakTile"]["target"]);
    // Tiles joined tile by tile (the cached tiles table looked up by key, not computed per row).
    CHECK(single(session,
              "SELECT count(*) FROM source.tiles s JOIN target.tiles t USING (tile) WHERE t.memory_used > "
              "s.memory_used")
        == memory["tilesGrown"]);
    CHECK(single(session, "SELECT count(*) FROM target.tiles WHERE tile = 5 AND tile_in_ipu = 5") == 1);
    // The variables that grew: a join by name.
    const QueryResult grown
        = session.run("SELECT s.name, t.bytes - s.bytes AS growth FROM source.variables s "
                      "JOIN target.variables t USING (name) WHERE growth > 0");
    CHECK(grown.columns == std::vector<std::string> { "name", "growth" });
    CHECK_FALSE(grown.rows.empty());
    // The join by name reads each target variable by primary key through an index of names:
    // every name matched, as many rows as a plain scan finds.
    CHECK(single(session, "SELECT count(*) FROM source.variables s JOIN target.variables t USING (name)")
        == single(session,
            "WITH t AS MATERIALIZED (SELECT name FROM target.variables) SELECT count(*) FROM "
            "source.variables s "
            "JOIN t USING (name)"));
    CHECK(single(session, "SELECT count(*) FROM target.variables WHERE name = 'layer1/conv/partials'") == 1);
    CHECK(single(session, "SELECT count(*) FROM target.variables WHERE name = 'no such variable'") == 0);
    CHECK(single(session, "SELECT count(*) FROM target.variables WHERE always_live = '1'")
        == single(session, "SELECT sum(always_live) FROM target.variables"));
    // SQLite looks an unqualified name up in the schemas in order: source first.
    CHECK(single(session, "SELECT sum(memory_used) FROM tiles") == memory["totalIncludingGaps"]["source"]);
}

TEST_CASE("query refuses writes, ATTACH and state-changing pragmas, and leaves the file's bytes as they were",
    "[query]")
{
    const std::string path = sampleProfile("demo");
    const std::string before = fileBytes(path);
    popscope::test::TempDir dir;
    QuerySession session(path);
    CHECK_THAT(refusal(session, "INSERT INTO variables(id, name) VALUES (99, 'x')"),
        Catch::Contains("INSERT is refused"));
    CHECK_THAT(refusal(session, "DELETE FROM variables"), Catch::Contains("the query schema is read-only"));
    CHECK_THAT(refusal(session, "CREATE TABLE t(x)"), Catch::Contains("refused"));
    CHECK_THAT(refusal(session, "DROP TABLE variables"), Catch::Contains("refused"));
    CHECK_THAT(refusal(session, "ATTACH '" + path + "' AS other"), Catch::Contains("ATTACH is refused"));
    CHECK_THAT(
        refusal(session, "PRAGMA writable_schema=1"), Catch::Contains("PRAGMA writable_schema is refused"));
    CHECK_THAT(refusal(session, "PRAGMA query_only=0"), Catch::Contains("refused"));
    CHECK_THAT(
        refusal(session, "SELECT 1; DELETE FROM variables"), Catch::Contains("more than one statement"));
    // Describing the schema is allowed, and the session still answers after the refusals.
    CHECK(session.run("PRAGMA table_info(tiles)").rows.size() == 11);
    CHECK(single(session, "SELECT count(*) FROM pragma_table_info('variables')") == 7);
    CHECK_THAT(refusal(session, "SELECT * FROM pragma_writable_schema(1)"), Catch::Contains("refused"));
    CHECK_THAT(refusal(session, "VACUUM INTO '" + dir.file("copy.pop") + "'"), Catch::Contains("read-only"));
    CHECK_THAT(refusal(session, "SELECT length(zeroblob(1000000000))"), Catch::Contains("too big"));
    CHECK(single(session, "SELECT count(*) FROM target") == 1);
    CHECK_FALSE(std::filesystem::exists(dir.file("copy.pop")));
    CHECK(fileBytes(path) == before);
}

TEST_CASE(
    "query stops a runaway recursive query at its time limit, or when cancelled, and says so", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    const std::string runaway
        = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n";
    QueryOptions shortLimit;
    shortLimit.timeoutSeconds = 0.2;
    CHECK_THAT(refusal(session, runaway, shortLimit),
        Catch::Contains("the query stopped at its time limit of 0.2 s"));
    std::atomic<bool> cancel { true };
    QueryOptions cancelled;
    cancelled.cancel = &cancel;
    CHECK_THAT(refusal(session, runaway, cancelled), Catch::Contains("the query was cancelled"));
}

TEST_CASE("query names where a syntax error is", "[query]")
{
    QuerySession session(sampleProfile("demo"));
    try {
        session.run("SELECT name\nFORM variables");
        FAIL("no error");
    } catch (const QueryError& error) {
        // FORM is taken for an alias of name: the error is at "variables".
        CHECK(error.offset() == 17);
        CHECK(std::string(error.what()) == "near \"variables\": syntax error at line 2, column 6");
        CHECK(error.excerpt() == "  FORM variables\n       ^");
    }
    CHECK_THAT(refusal(session, "SELECT missing_column FROM variables"),
        Catch::Contains("no such column: missing_column"));
}

TEST_CASE("query names the table whose packed BLOB disagrees with the target", "[query]")
{
    popscope::test::TempDir dir;
    const std::string path = dir.file("damaged.pop");
    std::filesystem::copy_file(sampleProfile("demo"), path);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(
        sqlite3_exec(db,
            "UPDATE memory_by_tile SET bytes = x'0102' WHERE rowid = (SELECT min(rowid) FROM memory_by_tile)",
            nullptr, nullptr, nullptr)
        == SQLITE_OK);
    sqlite3_close(db);
    QuerySession session(path);
    CHECK_THAT(refusal(session, "SELECT sum(bytes) FROM tile_memory"),
        Catch::Contains("tile_memory: a packed array holds 2 bytes, expected 5888"));
    CHECK(single(session, "SELECT count(*) FROM variables") > 0);
}

TEST_CASE("query estimate tables agree with core's reads, and are empty in a file without them", "[query]")
{
    const std::string path = sampleProfile("demo");
    const auto profile = Profile::open(path);
    uint64_t tiles = 0, cycles = 0, maxTile = 0;
    profile->forEachComputeSetEstimate([&](const EstimatedTileCycles& row) {
        tiles += row.cycles.size();
        for (uint32_t value : row.cycles)
            cycles += value;
        maxTile = std::max<uint64_t>(maxTile,
            uint64_t(row.ipu) * profile->target().tilesPerIpu + row.firstTile + row.cycles.size() - 1);
    });
    REQUIRE(tiles > 0);
    QuerySession session(path);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM compute_set_estimates")) == tiles);
    CHECK(uint64_t(single(session, "SELECT sum(cycles) FROM compute_set_estimates")) == cycles);
    CHECK(uint64_t(single(session, "SELECT max(tile) FROM compute_set_estimates")) == maxTile);
    CHECK(uint64_t(single(session, "SELECT count(*) FROM vertex_estimates"))
        == profile->readVertexEstimates().size());

    popscope::test::TempDir dir;
    const std::string older = dir.file("without-estimates.pop");
    std::filesystem::copy_file(path, older);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(older.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                "DROP TABLE compute_set_estimates; DROP TABLE vertex_estimates; DROP TABLE program_estimates",
                nullptr, nullptr, nullptr)
        == SQLITE_OK);
    sqlite3_close(db);
    QuerySession withoutEstimates(older);
    CHECK(single(withoutEstimates, "SELECT count(*) FROM compute_set_estimates") == 0);
    CHECK(single(withoutEstimates, "SELECT count(*) FROM program_estimates") == 0);
    CHECK(single(withoutEstimates, "SELECT count(*) FROM variables") > 0);
}

TEST_CASE("query program_variables holds the rows core reads, and is empty in a file without it", "[query]")
{
    const std::string path = sampleProfile("demo");
    const auto stored = Profile::open(path)->readProgramVariables();
    REQUIRE(!stored.empty());
    QuerySession session(path);
    const QueryResult result = session.run("SELECT program, variable FROM program_variables");
    std::vector<ProgramVariable> queried;
    for (const auto& row : result.rows)
        queried.push_back({ uint32_t(std::get<int64_t>(row[0])), uint32_t(std::get<int64_t>(row[1])) });
    CHECK(queried == stored);
    // A join by program reads only that program's rows, as the other tables keyed by their first column.
    const ProgramVariable first = stored.front();
    CHECK(uint64_t(single(session,
              "SELECT count(*) FROM programs p JOIN program_variables pv ON pv.program = p.id WHERE p.id = "
                  + std::to_string(first.program)))
        == uint64_t(std::count_if(stored.begin(), stored.end(),
            [&](const ProgramVariable& row) { return row.program == first.program; })));

    popscope::test::TempDir dir;
    const std::string older = dir.file("without-program-variables.pop");
    std::filesystem::copy_file(path, older);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(older.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "DROP TABLE program_variables", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    QuerySession withoutTable(older);
    CHECK(single(withoutTable, "SELECT count(*) FROM program_variables") == 0);
}
