// Indexes and page size are not part of the format (docs/profile-format.md): the writer no longer
// builds the two indexes on vars_info and writes 16 KiB pages, and files written before, with
// those indexes and 4 KiB pages, read the same.
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>
#include <sqlite3.h>

using namespace popscope;
using popscope::test::TempDir;

namespace {

// The integer that `sql` (one row, one column) gives on the file at `path`, opened read-only.
int64_t queryInt(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* query = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &query, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(query) == SQLITE_ROW);
    const int64_t value = sqlite3_column_int64(query, 0);
    sqlite3_finalize(query);
    sqlite3_close(db);
    return value;
}

int64_t indexesOn(const std::string& path, const std::string& table)
{
    return queryInt(
        path, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = '" + table + "'");
}

} // namespace

TEST_CASE("the writer builds no index on vars_info, keeps the others, and writes 16 KiB pages", "[writer]")
{
    TempDir dir;
    writeProfile(test::makeDocument(), dir.file("new.pop"));
    CHECK(indexesOn(dir.file("new.pop"), "vars_info") == 0);
    CHECK(indexesOn(dir.file("new.pop"), "steps") == 1);
    CHECK(queryInt(dir.file("new.pop"), "PRAGMA page_size") == 16384);
}

TEST_CASE("a file with the vars_info indexes and 4 KiB pages of earlier writers reads as the same document",
    "[reader]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    writeProfile(doc, dir.file("old.pop"));
    test::execSql(dir.file("old.pop"),
        "CREATE INDEX vars_info_by_tile ON vars_info(tile, variable);"
        " CREATE INDEX vars_info_by_variable ON vars_info(variable);"
        " PRAGMA page_size=4096; VACUUM");
    REQUIRE(indexesOn(dir.file("old.pop"), "vars_info") == 2);
    REQUIRE(queryInt(dir.file("old.pop"), "PRAGMA page_size") == 4096);
    CHECK(Profile::open(dir.file("old.pop"))->readDocument() == doc);
}
