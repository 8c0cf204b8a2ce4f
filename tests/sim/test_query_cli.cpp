// popscope-cli query through the real program: table, CSV and JSON output, SQL from a file, and
// refusals as exit codes.
#include "cli_runner.hpp"
#include "sample_profiles.hpp"

#include "popscope/profile.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace popscope;
using popscope::test::runCli;
using simtest::sampleProfile;

TEST_CASE("popscope-cli query prints CSV and JSON, reads SQL from a file and refuses writes", "[query][cli]")
{
    const std::string path = sampleProfile("demo");
    const auto csv = runCli("query " + path + " 'SELECT id, name FROM variables ORDER BY id LIMIT 3' --csv");
    REQUIRE(csv.status == 0);
    CHECK(csv.out.rfind("id,name\n0,", 0) == 0);
    CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 4);
    const auto json
        = runCli("query " + path + " 'SELECT count(*) AS n, sum(bytes) AS b FROM variables' --json");
    REQUIRE(json.status == 0);
    const auto parsed = nlohmann::json::parse(json.out);
    CHECK(parsed["columns"] == nlohmann::json { "n", "b" });
    CHECK(parsed["rows"][0][0] == Profile::open(path)->readVariables(false).size());
    const auto table = runCli("query " + path + " 'SELECT id FROM steps LIMIT 2'");
    CHECK(table.out.rfind("id\n--\n", 0) == 0);
    CHECK_THAT(table.out, Catch::Contains("(2 rows)"));
    const auto syntax = runCli("query " + path + " 'SELECT name FORM variables'");
    CHECK(syntax.status == 10);
    CHECK(syntax.err
        == "popscope-cli: error: near \"variables\": syntax error at line 1, column 18\n  SELECT name FORM "
           "variables\n"
           "                   ^\n");
    const auto runaway = runCli("query " + path
        + " 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n' "
          "--timeout 0.2");
    CHECK(runaway.status == 10);
    CHECK_THAT(runaway.err, Catch::Contains("the query stopped at its time limit of 0.2 s"));
    CHECK(runCli("query " + path + " 'SELECT 1' --timeout soon").status == 2);
    const auto refused = runCli("query " + path + " 'DELETE FROM variables'");
    CHECK(refused.status == 10);
    CHECK_THAT(refused.err, Catch::Contains("read-only"));
    popscope::test::TempDir dir;
    std::ofstream(dir.file("q.sql")) << "-- the largest variable\nSELECT max(bytes) FROM variables;\n";
    const auto fromFile = runCli("query " + path + " --file " + dir.file("q.sql") + " --csv");
    CHECK(fromFile.status == 0);
    CHECK(fromFile.out.rfind("max(bytes)\n", 0) == 0);
    CHECK(runCli("query --help").out.find("--timeout SECONDS") != std::string::npos);
}

TEST_CASE("popscope-cli query escapes control characters of names from the file", "[query][cli]")
{
    popscope::test::TempDir dir;
    const std::string path = dir.file("hostile.pop");
    std::filesystem::copy_file(sampleProfile("demo"), path);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "UPDATE variables SET name = 'evil' || char(27) || '[2J' WHERE id = 0", nullptr,
                nullptr, nullptr)
        == SQLITE_OK);
    sqlite3_close(db);
    const std::string sql = " 'SELECT name FROM variables WHERE id = 0'";
    const auto table = runCli("query " + path + sql);
    CHECK_THAT(table.out, Catch::Contains("evil\\x1b[2J"));
    CHECK(table.out.find('\x1b') == std::string::npos);
    const auto json = runCli("query " + path + sql + " --json");
    CHECK(json.out.find('\x1b') == std::string::npos);
    CHECK(nlohmann::json::parse(json.out)["rows"][0][0] == "evil\x1b[2J");
}
