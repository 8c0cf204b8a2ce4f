// The command line never destroys what it reads, checks whole files on request, and keeps text
// from hostile files out of the terminal's control sequences.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sys/stat.h>

using namespace popscope;
using popscope::test::runCli;
using popscope::test::TempDir;
namespace fs = std::filesystem;

TEST_CASE("an output that is the input, a device, a pipe or a folder is refused before anything is written",
    "[cli][safety]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const std::string before = test::readBytes(good);

    auto same = runCli("export " + good + " -o " + good);
    CHECK(same.status == 11);
    CHECK_THAT(same.err, Catch::Contains(good) && Catch::Contains("is also the input file"));
    CHECK(test::readBytes(good) == before);

    REQUIRE(runCli("export " + good + " -o " + dir.file("a.json")).status == 0);
    const std::string json = test::readBytes(dir.file("a.json"));
    auto sameJson = runCli("import " + dir.file("a.json") + " -o " + dir.file("a.json"));
    CHECK(sameJson.status == 11);
    CHECK(test::readBytes(dir.file("a.json")) == json);

    // A report folder is read through its profile.pop: that file is the input too.
    fs::create_directory(dir.file("report"));
    test::writeValidProfile(dir, "report/profile.pop");
    const std::string inFolder = test::readBytes(dir.file("report/profile.pop"));
    auto folderInput = runCli("export " + dir.file("report") + " -o " + dir.file("report/profile.pop"));
    CHECK(folderInput.status == 11);
    CHECK(test::readBytes(dir.file("report/profile.pop")) == inFolder);

    REQUIRE(::mkfifo(dir.file("pipe").c_str(), 0600) == 0);
    auto pipe = runCli("export " + good + " -o " + dir.file("pipe"));
    CHECK(pipe.status == 11);
    CHECK_THAT(pipe.err, Catch::Contains("not a regular file"));
    CHECK(fs::is_fifo(dir.file("pipe")));

    fs::create_directory(dir.file("folder"));
    CHECK(runCli("export " + good + " -o " + dir.file("folder")).status == 11);
    CHECK(fs::is_directory(dir.file("folder")));

    auto noFolder = runCli("export " + good + " -o " + dir.file("missing/out.json"));
    CHECK(noFolder.status == 11);
    CHECK_THAT(noFolder.err, Catch::Contains("does not exist"));
    // Nothing but what the test made is left in the folder (no temporaries).
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        names.insert(entry.path().filename().string());
    CHECK(names == std::set<std::string> { "good.pop", "a.json", "report", "pipe", "folder" });
}

TEST_CASE("check reads every table, summary reads only what it shows", "[cli][check]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    auto ok = runCli("check " + good);
    CHECK(ok.status == 0);
    CHECK_THAT(ok.out, Catch::Contains(good) && Catch::Contains("OK"));

    test::execSql(good, "UPDATE cycles_by_tile SET cycles = zeroblob(3)");
    CHECK(runCli("summary " + good).status == 0); // per-tile cycles are not part of the summary
    auto damaged = runCli("check " + good);
    CHECK(damaged.status == 9);
    CHECK_THAT(damaged.err, Catch::Contains(good) && Catch::Contains("cycles_by_tile"));
}

TEST_CASE("summary shows memory by category and cycles by step type", "[cli][summary]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const ProfileDocument doc = test::makeDocument();
    auto text = runCli("summary " + good);
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out,
        Catch::Contains("Memory by category") && Catch::Contains("Variables")
            && Catch::Contains("Cycles by step type"));
    for (const ExecutionStep& step : doc.steps)
        CHECK_THAT(text.out, Catch::Contains(step.type));
    auto json = runCli("summary --json " + good);
    CHECK_THAT(json.out, Catch::Contains("\"byCategory\"") && Catch::Contains("\"cyclesByStepType\""));
}

TEST_CASE("text and numbers from a hostile file reach messages safely", "[cli][hostile]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);

    SECTION("control characters are escaped")
    {
        test::execSql(
            path, "UPDATE meta SET value = 'x' || char(27) || '[2J' || char(10) || 'y' WHERE key = 'format'");
        auto result = runCli("summary " + path);
        CHECK(result.status == 7);
        CHECK(result.err.find('\x1b') == std::string::npos);
        CHECK_THAT(result.err, Catch::Contains("\\x1b[2J\\x0ay"));
    }
    SECTION("a count stored as text")
    {
        test::execSql(path, "UPDATE target SET num_ipus = 'two'");
        auto result = runCli("summary " + path);
        CHECK(result.status == 9);
        CHECK_THAT(result.err, Catch::Contains("numIPUs is 'two', not a whole number"));
    }
    SECTION("cycle counts beyond 2^48")
    {
        // Without the figures stored at writing (profiles before format 1.1), the Summary sums the steps.
        test::execSql(path,
            "UPDATE steps_by_ipu SET cycles = 9223372036854775807 WHERE step_id = 0;"
            " DELETE FROM meta WHERE key = 'total_cycles'");
        auto result = runCli("summary " + path);
        CHECK(result.status == 9);
        CHECK_THAT(result.err, Catch::Contains("2^48"));
        CHECK(runCli("check " + path).status == 9);
    }
    SECTION("stored figures that are not counts, or that do not match the tables")
    {
        test::execSql(path, "UPDATE meta SET value = '9223372036854775807' WHERE key = 'total_cycles'");
        auto result = runCli("summary " + path);
        CHECK(result.status == 9);
        CHECK_THAT(result.err, Catch::Contains("meta.total_cycles is not a count"));
        test::execSql(path, "UPDATE meta SET value = '12' WHERE key = 'total_cycles'");
        CHECK(runCli("summary " + path).status == 0); // in bounds: shown as stored
        auto checked = runCli("check " + path);
        CHECK(checked.status == 9);
        CHECK_THAT(checked.err, Catch::Contains("meta.total_cycles says 12"));
        // A stored count that lies is shown by the Summary only: nothing is sized or indexed by it.
        test::execSql(path, "UPDATE meta SET value = '1' WHERE key = 'rows.programs'");
        CHECK(runCli("liveness " + path).status == 0);
        CHECK(runCli("summary " + path).status == 0);
    }
    SECTION("a NULL where a cycle count belongs")
    {
        test::execSql(path,
            "CREATE TABLE s2(step_id, ipu, cycles, active_tiles, cycles_base, active_cycles_from_min,"
            " active_cycles_from_max, active_cycles_to_min, active_cycles_to_max, data_in, data_out);"
            " INSERT INTO s2 SELECT * FROM steps_by_ipu; UPDATE s2 SET cycles_base = NULL, cycles = 1e300"
            " WHERE step_id = 0; DROP TABLE steps_by_ipu; ALTER TABLE s2 RENAME TO steps_by_ipu;"
            " DELETE FROM meta WHERE key = 'total_cycles'"); // as in a profile written before format 1.1
        auto result = runCli("summary " + path);
        CHECK(result.status == 9);
        CHECK_THAT(result.err, Catch::Contains("steps_by_ipu"));
    }
    SECTION("very long text is cut")
    {
        test::execSql(path, "UPDATE meta SET value = printf('%.*c', 100000, 'x') WHERE key = 'format'");
        auto result = runCli("summary " + path);
        CHECK(result.status == 7);
        CHECK(result.err.size() < 3000);
    }
}

TEST_CASE("messages keep text printable and valid UTF-8", "[errors]")
{
    CHECK(printableMessage("plain text") == "plain text");
    CHECK(printableMessage("a\x1b[2Jb") == "a\\x1b[2Jb");
    CHECK(printableMessage("C1 \xc2\x9b here") == "C1 \\xc2\\x9b here"); // U+009B, a CSI on some terminals
    CHECK(printableMessage("bad \xff byte") == "bad \\xff byte");
    CHECK(printableMessage("caf\xc3\xa9") == "caf\xc3\xa9"); // é stays
    // Cutting never splits a character.
    std::string text;
    for (int i = 0; i < 1000; ++i)
        text += "\xc3\xa9";
    const std::string cut = printableMessage(text, 101);
    CHECK(cut.size() <= 101 + std::string("…").size());
    CHECK(cut.substr(cut.size() - std::string("…").size()) == "…");
    const std::string body = cut.substr(0, cut.size() - std::string("…").size());
    CHECK(body.size() % 2 == 0);
    CHECK(body.find("\\x") == std::string::npos);
}

TEST_CASE("the writer refuses what readers would refuse: steps ending past 2^48 cycles", "[errors][limits]")
{
    TempDir dir;
    ProfileDocument doc = test::makeDocument();
    REQUIRE(!doc.steps.empty());
    REQUIRE(!doc.steps.front().ipus.empty());
    StepIpu& first = doc.steps.front().ipus.front();
    const uint64_t limit = uint64_t(1) << 48;
    first.cyclesBase = limit - first.cycles; // ends exactly at the limit: fine
    CHECK(validateDocument(doc).empty());
    first.cyclesBase += 1;
    CHECK_THAT(validateDocument(doc), Catch::Contains("2^48"));
    CHECK_THROWS_AS(writeProfile(doc, dir.file("late.pop")), ProfileError);

    ProfileDocument ops = test::makeDocument();
    REQUIRE(!ops.operations.empty());
    ops.operations.front().cycles = limit + 1;
    CHECK_THAT(validateDocument(ops), Catch::Contains("2^48"));
}
