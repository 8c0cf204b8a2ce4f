// The compiler's cycle estimates (format 1.2): written, read back, exchanged as JSON, absent from
// older files, and refused when damaged.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/cycle_estimates.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/program_estimates.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace popscope;
using popscope::test::TempDir;

namespace {

ProfileError readError(const std::string& path)
{
    try {
        Profile::open(path)->readEstimates();
    } catch (const ProfileError& error) {
        return error;
    }
    FAIL("the estimates of " << path << " were read without an error");
    throw;
}

// As a profile of format 1.1 is: none of the three tables, nor their counts in meta.
void makeFormat11(const std::string& path)
{
    test::execSql(path,
        "DROP TABLE compute_set_estimates; DROP TABLE vertex_estimates; DROP TABLE program_estimates;"
        " DELETE FROM meta WHERE key LIKE 'rows.%estimates';"
        " UPDATE meta SET value = '1' WHERE key = 'version_minor'");
}

} // namespace

TEST_CASE("estimates round-trip through the writer and the reader", "[estimates][writer][reader]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    REQUIRE(doc.estimates.computeSets.size() == 4);
    const std::string path = dir.file("estimates.pop");
    writeProfile(doc, path);
    auto profile = Profile::open(path);
    CHECK(profile->formatMajor() == 1);
    CHECK(profile->formatMinor() == kFormatMinor);
    CHECK(profile->hasEstimates());
    CHECK(profile->readEstimates() == doc.estimates);
    CHECK(profile->readDocument() == doc);
    // By key: a compute set's rows on each IPU, a program's, none for a program without any.
    CHECK(profile->readComputeSetEstimates(2)
        == std::vector<EstimatedTileCycles>(
            doc.estimates.computeSets.begin() + 2, doc.estimates.computeSets.end()));
    CHECK(profile->readComputeSetEstimates(1).empty());
    CHECK(profile->readProgramEstimates(6) == std::vector<EstimatedTileCycles> { doc.estimates.programs[1] });
    CHECK(profile->readProgramEstimates(1).empty());
    CHECK(profile->readVertexEstimates() == doc.estimates.vertices);
    profile->checkStoredCounts(); // rows.compute_set_estimates and the others match
    // The Report's view, and the CLI's comparison with the measured cycles.
    const auto report = Report::open(path);
    CHECK(report->profileHasEstimates());
    CHECK(report->vertexEstimates() == doc.estimates.vertices);
    CHECK(report->programEstimates(2) == std::vector<EstimatedTileCycles> { doc.estimates.programs[0] });
    const EstimateComparison comparison = compareEstimates(*report);
    CHECK(comparison.present);
    REQUIRE(comparison.computeSets.size() == 2);
    CHECK(comparison.computeSets[1].estimatedCycles == 80000); // compute set 2's slowest tile
    REQUIRE(comparison.programs.size() == 2);
    CHECK(comparison.programs[0].type == "DoExchange");
    CHECK(comparison.programs[0].executions == 2); // the fixture's steps 4 and 10
    CHECK(comparison.vertices.size() == 3);
    CHECK(comparison.vertices[0].vertexType == "poplin::ConvPartial1x1Out<half,float>");
}

TEST_CASE("estimates round-trip through the JSON interchange form", "[estimates][json]")
{
    const ProfileDocument doc = test::makeDocument();
    const std::string text = documentToJson(doc);
    const auto json = nlohmann::json::parse(text);
    const auto& set = json["compilation"]["computeSets"][2];
    CHECK(set["estimatedCyclesByIpu"].size() == 2);
    CHECK(set["estimatedCyclesByIpu"][1]["ipu"] == 1);
    CHECK(set["estimatedCyclesByIpu"][1]["firstTile"] == 2);
    CHECK(set["estimatedCyclesByIpu"][1]["cycles"].size() == 14);
    CHECK(set["vertices"][0]["estimatedCycles"] == 60);
    CHECK(json["compilation"]["programs"][6]["estimatedCyclesByIpu"][0]["ipu"] == 1);
    CHECK_FALSE(json["compilation"]["programs"][0].contains("estimatedCyclesByIpu"));
    const ProfileDocument back = documentFromJson(text, "estimates.json");
    CHECK(back.estimates == doc.estimates);
    CHECK(back == doc);
    CHECK(documentToJson(back) == text);

    SECTION("an estimate of a compute program is refused, naming the JSON file")
    {
        auto bad = json;
        bad["compilation"]["programs"][1]["estimatedCyclesByIpu"]
            = bad["compilation"]["programs"][2]["estimatedCyclesByIpu"];
        CHECK_THROWS_WITH(documentFromJson(bad.dump(), "bad.json"),
            Catch::Contains("bad.json") && Catch::Contains("OnTileExecute program")
                && Catch::Contains("only exchanges and stream-copy phases"));
    }
    SECTION("a row past the end of its IPU is refused")
    {
        auto bad = json;
        bad["compilation"]["computeSets"][0]["estimatedCyclesByIpu"][0]["cycles"].push_back(1);
        CHECK_THROWS_WITH(documentFromJson(bad.dump(), "bad.json"),
            Catch::Contains("the estimate of compute set 0 on IPU 0 covers tiles 0 to 16")
                && Catch::Contains("at least one tile of 0..15"));
    }
}

TEST_CASE(
    "a profile of format 1.1, without the estimate tables, still opens and reads", "[estimates][reader]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "old.pop");
    makeFormat11(path);
    auto profile = Profile::open(path);
    CHECK(profile->formatMinor() == 1);
    CHECK_FALSE(profile->hasEstimates());
    CHECK(profile->readEstimates().empty());
    CHECK(profile->readComputeSetEstimates(0).empty());
    CHECK(profile->readDocument().estimates.empty());
    profile->checkStoredCounts();
    const auto report = Report::open(path);
    CHECK_FALSE(report->profileHasEstimates());
    CHECK(report->vertexEstimates().empty());
    CHECK_FALSE(compareEstimates(*report).present);
    const auto check = test::runCli("check " + path);
    CHECK(check.status == 0);
    const auto estimates = test::runCli("estimates " + path);
    CHECK(estimates.status == 0);
    CHECK_THAT(estimates.out, Catch::Contains("no cycle estimates") && Catch::Contains("format 1.1"));

    SECTION("a count stored for a table the file does without is found by check")
    {
        test::execSql(path, "INSERT INTO meta VALUES('rows.vertex_estimates', '3')");
        CHECK_THROWS_WITH(Profile::open(path)->checkStoredCounts(),
            Catch::Contains("meta.rows.vertex_estimates says 3, the tables hold 0"));
    }
}

TEST_CASE(
    "damaged estimates are refused when read, naming the file and the row", "[estimates][reader][hostile]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "damaged.pop");
    SECTION("a per-tile row of the wrong length")
    {
        test::execSql(path,
            "UPDATE compute_set_estimates SET cycles = x'0102030405' WHERE compute_set = 2 AND ipu = 1");
        CHECK(Profile::open(path)->hasEstimates()); // found when the rows are read, not at open
        const ProfileError error = readError(path);
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(),
            Catch::Contains("damaged.pop") && Catch::Contains("compute_set_estimates")
                && Catch::Contains(
                    "compute set 2, IPU 1 holds 5 bytes, expected 2 or 4 per tile (14 tiles)"));
        const auto check = test::runCli("check " + path);
        CHECK(check.status == 9);
        CHECK_THAT(check.err, Catch::Contains("damaged.pop") && Catch::Contains("holds 5 bytes"));
        CHECK(test::runCli("estimates " + path).status == 9);
    }
    SECTION("a row twice, in a table without its primary key")
    {
        test::execSql(path,
            "CREATE TABLE copy AS SELECT * FROM program_estimates; DROP TABLE program_estimates;"
            " ALTER TABLE copy RENAME TO program_estimates;"
            " INSERT INTO program_estimates SELECT * FROM program_estimates WHERE program = 2");
        CHECK_THAT(readError(path).what(), Catch::Contains("program 2, IPU 0 comes twice"));
    }
    SECTION("an estimate table without one of its columns is refused at open")
    {
        test::execSql(path, "ALTER TABLE vertex_estimates RENAME COLUMN cycles TO estimate");
        CHECK_THROWS_WITH(Profile::open(path),
            Catch::Contains("damaged.pop")
                && Catch::Contains("table 'vertex_estimates' has no column 'cycles'"));
    }
}

TEST_CASE("estimates of a compute set, program, IPU, tile or vertex entry out of range are refused",
    "[estimates][reader][hostile]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "damaged.pop");
    const std::pair<const char*, const char*> cases[] = {
        { "UPDATE compute_set_estimates SET compute_set = 3 WHERE compute_set = 2 AND ipu = 1",
            "compute_set_estimates.compute_set is 3, outside 0..2" },
        { "UPDATE program_estimates SET ipu = 2 WHERE program = 6",
            "program_estimates.ipu is 2, outside 0..1" },
        { "UPDATE program_estimates SET first_tile = 16 WHERE program = 6",
            "program_estimates.first_tile is 16, outside 0..15" },
        { "UPDATE compute_set_estimates SET tiles = 15 WHERE compute_set = 2",
            "compute_set_estimates.tiles is 15, outside 1..14" },
        { "UPDATE program_estimates SET tiles = 0, cycles = x'' WHERE program = 6",
            "program_estimates.tiles is 0, outside 1..1" },
        { "UPDATE program_estimates SET program = 9 WHERE program = 6",
            "program_estimates.program is 9, outside 0..6" },
        { "UPDATE program_estimates SET program = 1 WHERE program = 2", "estimates a OnTileExecute program" },
        { "UPDATE vertex_estimates SET position = 1 WHERE compute_set = 1",
            "vertex_estimates.position is 1, outside 0..0" },
        { "UPDATE vertex_estimates SET cycles = -5 WHERE compute_set = 1", "vertex_estimates.cycles is -5" },
    };
    for (const auto& [sql, problem] : cases) {
        const std::string copy = dir.file("copy.pop");
        test::writeBytes(copy, test::readBytes(path));
        test::execSql(copy, sql);
        INFO(sql);
        CHECK_THAT(readError(copy).what(), Catch::Contains("copy.pop") && Catch::Contains(problem));
    }
}

TEST_CASE("the writer refuses estimates that do not match the document", "[estimates][writer]")
{
    ProfileDocument doc = test::makeDocument();
    SECTION("out of order")
    {
        std::swap(doc.estimates.computeSets[0], doc.estimates.computeSets[1]);
        CHECK_THAT(validateDocument(doc), Catch::Contains("comes twice or out of order"));
    }
    SECTION("a vertex entry the compute set does not have")
    {
        doc.estimates.vertices.back().position = 1;
        CHECK_THAT(
            validateDocument(doc), Catch::Contains("the estimate of vertex 1 of compute set 2 refers to 1"));
    }
    SECTION("a program that is not an exchange")
    {
        doc.estimates.programs[0].id = 0;
        CHECK_THAT(validateDocument(doc), Catch::Contains("is for a Sequence program"));
    }
}

TEST_CASE("program estimates: each program's own and its subtree's, as measured or as compiled",
    "[estimates][programs]")
{
    // The fixture's tree: main = Sequence[cs0 (p1), DoExchange (p2), Repeat x4 (p3) [cs1 (p4), cs2 (p5)]],
    // and the function p6 (StreamCopyMid). Slowest tiles, from addEstimates: cs0 on tile 14,
    // 90 + 10 * 14 = 230; cs1 none; cs2 80,000 (its last row's first tile); p2 206; p6 750.
    TempDir dir;
    const std::string executed = dir.file("executed.pop");
    writeProfile(test::makeDocument(), executed);
    const ProgramEstimates measured = Report::open(executed)->programCycleEstimates();
    REQUIRE(measured.present);
    REQUIRE(measured.perExecution);
    CHECK(measured.own == std::vector<uint64_t> { 0, 230, 206, 0, 0, 80000, 750 });
    // Twelve steps run programs 6, 6, 6, 0, 2, 1 in turn: p1 and p2 twice, p6 six times, and the
    // loop never: p1 460, p2 412, main 0 x 2 + 460 + 412 + 0 = 872, p6 4,500.
    CHECK(measured.total == std::vector<uint64_t> { 872, 460, 412, 0, 0, 0, 4500 });

    test::FixtureOptions noSteps;
    noSteps.numSteps = 0;
    const std::string compiled = dir.file("compiled.pop");
    writeProfile(test::makeDocument(noSteps), compiled);
    const ProgramEstimates once = Report::open(compiled)->programCycleEstimates();
    REQUIRE(once.present);
    REQUIRE_FALSE(once.perExecution);
    // One run as compiled: the loop 4 x (0 + 80,000) = 320,000; main 230 + 206 + 320,000.
    CHECK(once.total == std::vector<uint64_t> { 320436, 230, 206, 320000, 0, 80000, 750 });

    makeFormat11(compiled); // no estimates: every figure 0
    const ProgramEstimates none = Report::open(compiled)->programCycleEstimates();
    CHECK_FALSE(none.present);
    CHECK(none.total == std::vector<uint64_t>(7, 0));
}

TEST_CASE("operations of a report without execution take their cycles from the estimates, labelled",
    "[estimates][operations]")
{
    // The fixture's operation "conv" runs programs 1, 4 and 5 and stores 123,456 measured cycles.
    TempDir dir;
    const std::string executed = dir.file("executed.pop");
    writeProfile(test::makeDocument(), executed);
    const auto measured = Report::open(executed);
    CHECK_FALSE(measured->operationAnalysis().cyclesEstimated);
    CHECK(measured->operationAnalysis().figures.at(0).cycles == 123456);

    test::FixtureOptions noSteps;
    noSteps.numSteps = 0;
    const std::string compiled = dir.file("compiled.pop");
    writeProfile(test::makeDocument(noSteps), compiled);
    const auto estimated = Report::open(compiled);
    // One run as compiled (the test above): p1 once, 230; p4 and p5 in the Repeat x4, 4 x 0 and
    // 4 x 80,000: 320,230. The function p6 has no caller here, so it is a root of its own: once.
    REQUIRE(estimated->operationAnalysis().cyclesEstimated);
    CHECK(estimated->programCycleEstimates().runs == std::vector<uint64_t> { 1, 1, 1, 1, 4, 4, 1 });
    CHECK(estimated->operationAnalysis().figures.at(0).cycles == 320230);
    const auto text = test::runCli("operations " + compiled + " --layer all");
    CHECK_THAT(text.out,
        Catch::Contains("Est. cycles") && Catch::Contains("320,230")
            && Catch::Contains("the compiler's estimates of one run"));
    const auto json
        = nlohmann::json::parse(test::runCli("operations " + compiled + " --layer all --json").out);
    CHECK(json["cyclesEstimated"] == true);
    CHECK(json["operations"][0]["cycles"] == 320230);
}

TEST_CASE("the summary of a report without execution carries the compiler's estimate of one run",
    "[estimates][summary]")
{
    TempDir dir;
    const std::string executed = dir.file("executed.pop");
    writeProfile(test::makeDocument(), executed);
    CHECK(Report::open(executed)->summary().estimatedCycles == 0); // measured cycles instead

    test::FixtureOptions noSteps;
    noSteps.numSteps = 0;
    const std::string compiled = dir.file("compiled.pop");
    writeProfile(test::makeDocument(noSteps), compiled);
    // The control program main's one run (the test above): 230 + 206 + 4 x 80,000 = 320,436.
    CHECK(Report::open(compiled)->summary().estimatedCycles == 320436);
    const auto text = test::runCli("summary " + compiled);
    CHECK_THAT(text.out, Catch::Contains("Estimated cycles") && Catch::Contains("320,436"));
    const auto json = nlohmann::json::parse(test::runCli("summary " + compiled + " --json").out);
    CHECK(json["execution"]["estimatedCycles"] == 320436);
}
