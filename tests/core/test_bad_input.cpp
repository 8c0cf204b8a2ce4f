// Every kind of bad input gets its own error kind, a message naming the file, and a CLI exit code.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <set>

using namespace popscope;
using popscope::test::runCli;
using popscope::test::TempDir;

namespace {

ProfileError openError(const std::string& path)
{
    try {
        Profile::open(path)->readDocument();
    } catch (const ProfileError& error) {
        return error;
    }
    FAIL("opening " << path << " did not fail");
    throw;
}

} // namespace

TEST_CASE("each bad input has its own error kind and a message naming the file", "[errors]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const std::string goodBytes = test::readBytes(good);

    SECTION("missing file")
    {
        auto error = openError(dir.file("nowhere.pop"));
        CHECK(error.kind() == ErrorKind::FileNotFound);
        CHECK_THAT(error.what(), Catch::Contains("nowhere.pop") && Catch::Contains("no such file"));
    }
    SECTION("empty file")
    {
        test::writeBytes(dir.file("empty.pop"), "");
        auto error = openError(dir.file("empty.pop"));
        CHECK(error.kind() == ErrorKind::EmptyFile);
        CHECK_THAT(error.what(), Catch::Contains("empty.pop") && Catch::Contains("empty"));
    }
    SECTION("not an SQLite file")
    {
        test::writeBytes(dir.file("notes.pop"), "these are my notes, not a profile\n");
        auto error = openError(dir.file("notes.pop"));
        CHECK(error.kind() == ErrorKind::NotSqlite);
        CHECK_THAT(error.what(), Catch::Contains("notes.pop") && Catch::Contains("not an SQLite database"));
    }
    SECTION("truncated profile")
    {
        test::writeBytes(dir.file("cut.pop"), goodBytes.substr(0, goodBytes.size() / 2));
        auto error = openError(dir.file("cut.pop"));
        CHECK(error.kind() == ErrorKind::Truncated);
        CHECK_THAT(error.what(), Catch::Contains("cut.pop") && Catch::Contains("truncated"));
    }
    SECTION("truncated mid-page")
    {
        test::writeBytes(dir.file("cut2.pop"), goodBytes.substr(0, 4096 * 2 + 77));
        CHECK(openError(dir.file("cut2.pop")).kind() == ErrorKind::Truncated);
    }
    SECTION("an SQLite database that is not a profile")
    {
        test::execSql(dir.file("other.db"), "CREATE TABLE customers(id INTEGER, name TEXT)");
        auto error = openError(dir.file("other.db"));
        CHECK(error.kind() == ErrorKind::NotAProfile);
        CHECK_THAT(error.what(), Catch::Contains("other.db") && Catch::Contains("not a popscope profile"));
    }
    SECTION("a newer major format version")
    {
        test::execSql(good, "UPDATE meta SET value = '2' WHERE key = 'version_major'");
        auto error = openError(good);
        CHECK(error.kind() == ErrorKind::UnsupportedVersion);
        CHECK_THAT(error.what(),
            Catch::Contains("good.pop") && Catch::Contains("version 2." + std::to_string(kFormatMinor))
                && Catch::Contains("newer"));
    }
    SECTION("a newer minor version still opens")
    {
        test::execSql(good, "UPDATE meta SET value = '7' WHERE key = 'version_minor'");
        CHECK(Profile::open(good)->formatMinor() == 7);
    }
    SECTION("a report folder opens through its profile.pop")
    {
        std::filesystem::create_directory(dir.file("report"));
        test::writeValidProfile(dir, "report/profile.pop");
        CHECK(Profile::open(dir.file("report"))->target().numIpus == 2);
        std::filesystem::create_directory(dir.file("emptyreport"));
        auto error = openError(dir.file("emptyreport"));
        CHECK(error.kind() == ErrorKind::FileNotFound);
        CHECK_THAT(error.what(), Catch::Contains("no profile.pop"));
    }
}

TEST_CASE("popscope-cli gives each bad input its own message and exit code", "[errors][cli]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    const std::string goodBytes = test::readBytes(good);
    test::writeBytes(dir.file("empty.pop"), "");
    test::writeBytes(dir.file("text.pop"), "hello");
    test::writeBytes(dir.file("cut.pop"), goodBytes.substr(0, goodBytes.size() / 3));
    test::execSql(dir.file("other.db"), "CREATE TABLE t(x)");
    test::writeValidProfile(dir, "newer.pop");
    test::execSql(dir.file("newer.pop"), "UPDATE meta SET value = '3' WHERE key = 'version_major'");

    const std::pair<std::string, int> cases[] = { { "missing.pop", 3 }, { "empty.pop", 4 }, { "text.pop", 5 },
        { "cut.pop", 6 }, { "other.db", 7 }, { "newer.pop", 8 } };
    std::set<std::string> messages;
    for (const auto& [name, code] : cases) {
        auto result = runCli("summary " + dir.file(name));
        INFO(name << ": " << result.text());
        CHECK(result.status == code);
        CHECK_THAT(
            result.text(), Catch::Contains(dir.file(name)) && Catch::StartsWith("popscope-cli: error:"));
        messages.insert(result.text().substr(result.text().find(name)));
    }
    CHECK(messages.size() == std::size(cases));

    auto usage = runCli("summary");
    CHECK(usage.status == 2);
    CHECK_THAT(usage.text(), Catch::Contains("usage:"));
}

TEST_CASE("popscope-cli summary prints target and memory used vs available", "[cli]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    auto text = runCli("summary " + good);
    CHECK(text.status == 0);
    CHECK_THAT(text.text(),
        Catch::Contains("Architecture") && Catch::Contains("Mk2") && Catch::Contains("IPUs")
            && Catch::Contains("Tiles per IPU") && Catch::Contains("Used (including gaps)")
            && Catch::Contains(" of ") && Catch::Contains("Fits"));
    auto json = runCli("summary --json " + good);
    CHECK(json.status == 0);
    CHECK_THAT(json.text(), Catch::Contains("\"numIPUs\": 2") && Catch::Contains("\"fits\": true"));
}

TEST_CASE("popscope-cli import and export round trip", "[cli][json]")
{
    TempDir dir;
    const std::string good = test::writeValidProfile(dir);
    auto exported = runCli("export " + good + " -o " + dir.file("a.json"));
    REQUIRE(exported.status == 0);
    auto imported = runCli("import " + dir.file("a.json") + " -o " + dir.file("b.pop"));
    REQUIRE(imported.status == 0);
    CHECK(Profile::open(dir.file("b.pop"))->readDocument() == Profile::open(good)->readDocument());
    test::writeBytes(dir.file("bad.json"), "{\"compilation\": {\"target\": {\"numIPUs\": \"two\"}}}");
    auto bad = runCli("import " + dir.file("bad.json") + " -o " + dir.file("c.pop"));
    CHECK(bad.status == 10);
    CHECK_THAT(bad.text(), Catch::Contains("bad.json") && Catch::Contains("compilation.target.numIPUs"));
    CHECK_FALSE(std::filesystem::exists(dir.file("c.pop")));
}
