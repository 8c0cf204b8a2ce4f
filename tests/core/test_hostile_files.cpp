// Hostile SQLite files: schema tricks, absurd counts, lying blobs. Each is refused cleanly.
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/program_index.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::TempDir;

namespace {

// Opens and reads everything a report could ask for; returns the error.
ProfileError refusal(const std::string& path)
{
    try {
        auto profile = Profile::open(path);
        querySummary(*profile);
        queryTileMemory(*profile);
        profile->readVariableDigest(); // what a comparison reads of the variables
        profile->readProgramNames(); // what the trace summary reads of the programs
        profile->readDocument();
    } catch (const ProfileError& error) {
        return error;
    }
    FAIL("the hostile file was accepted");
    throw;
}

} // namespace

TEST_CASE("hostile profiles are refused with a clear error", "[hostile]")
{
    TempDir dir;
    const std::string path = dir.file("hostile.pop");
    writeProfile(test::makeDocument(), path);

    SECTION("a trigger hidden in the schema")
    {
        test::execSql(path,
            "CREATE TABLE log(x); CREATE TRIGGER steps AFTER INSERT ON meta BEGIN INSERT INTO log VALUES(1); "
            "END");
        auto error = refusal(path);
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(), Catch::Contains("trigger") && Catch::Contains("steps"));
    }
    SECTION("a view named like one of our tables")
    {
        test::execSql(path,
            "DROP TABLE runs; CREATE VIEW runs AS SELECT 0 AS id, 'x' AS name, 0 AS microseconds_start,"
            " 0 AS microseconds_end");
        auto error = refusal(path);
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(), Catch::Contains("view") && Catch::Contains("runs"));
    }
    SECTION("a table without an expected column")
    {
        test::execSql(path, "ALTER TABLE variables DROP COLUMN element_type");
        CHECK_THAT(refusal(path).what(), Catch::Contains("variables") && Catch::Contains("element_type"));
    }
    SECTION("absurd target counts")
    {
        test::execSql(path, "UPDATE target SET num_ipus = 1000000000");
        auto error = refusal(path);
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(), Catch::Contains("numIPUs"));
    }
    SECTION("zero tiles")
    {
        test::execSql(path, "UPDATE target SET tiles_per_ipu = 0");
        CHECK_THAT(refusal(path).what(), Catch::Contains("tilesPerIpu"));
    }
    SECTION("a memory blob whose length does not match the tile count")
    {
        test::execSql(path, "UPDATE memory_by_tile SET bytes = zeroblob(12) WHERE rowid = 1");
        CHECK_THAT(refusal(path).what(),
            Catch::Contains("memory_by_tile.bytes") && Catch::Contains("expected 4 per tile"));
    }
    SECTION("a per-tile cycles blob of the wrong length")
    {
        test::execSql(path, "UPDATE cycles_by_tile SET cycles = zeroblob(7)");
        CHECK_THAT(refusal(path).what(), Catch::Contains("cycles_by_tile"));
    }
    SECTION("a variable on a tile that does not exist")
    {
        test::execSql(path, "UPDATE vars_info SET tile = 999999 WHERE rowid = 1");
        CHECK_THAT(refusal(path).what(), Catch::Contains("tile 999999"));
    }
    SECTION("an IPU index out of range")
    {
        test::execSql(path, "UPDATE memory_by_tile SET ipu = 7 WHERE rowid = 1");
        CHECK_THAT(refusal(path).what(), Catch::Contains("memory_by_tile.ipu"));
    }
    SECTION("a program tree with a cycle")
    {
        test::execSql(path, "INSERT INTO program_children VALUES(3, 9, 0)");
        CHECK_THAT(refusal(path).what(), Catch::Contains("cycle"));
    }
    SECTION("rows not numbered 0..n-1")
    {
        test::execSql(path, "UPDATE variables SET id = id + 1000 WHERE id = 5");
        CHECK_THAT(refusal(path).what(), Catch::Contains("variables") && Catch::Contains("numbered"));
    }
    SECTION("an unknown category id")
    {
        test::execSql(path, "UPDATE memory_by_tile SET category = 99 WHERE rowid = 2");
        CHECK_THAT(refusal(path).what(), Catch::Contains("category 99"));
    }
    SECTION("a negative byte count")
    {
        test::execSql(path, "UPDATE variables SET size_bytes = -5 WHERE id = 0");
        CHECK_THAT(refusal(path).what(), Catch::Contains("variables.size_bytes"));
    }
    SECTION("a damaged page")
    {
        std::string bytes = test::readBytes(path);
        for (size_t i = 4096; i < bytes.size(); i += 3)
            bytes[i] = char(0xA5);
        test::writeBytes(path, bytes);
        auto error = refusal(path);
        CHECK((error.kind() == ErrorKind::CorruptProfile || error.kind() == ErrorKind::Truncated));
        CHECK_THAT(error.what(), Catch::Contains("hostile.pop"));
    }
}

TEST_CASE("the trace's outline of the program tree refuses what the tree refuses", "[hostile]")
{
    TempDir dir;
    const std::string path = dir.file("hostile.pop");
    writeProfile(test::makeDocument(), path);
    const auto outlineRefusal = [&path] {
        try {
            Profile::open(path)->readProgramOutline();
        } catch (const ProfileError& error) {
            return std::string(error.what());
        }
        FAIL("the hostile file was accepted");
        return std::string();
    };
    SECTION("a cycle")
    {
        test::execSql(path, "INSERT INTO program_children VALUES(3, 9, 0)");
        CHECK_THAT(outlineRefusal(), Catch::Contains("cycle") && Catch::Contains("hostile.pop"));
    }
    SECTION("a child that does not exist")
    {
        test::execSql(path,
            "UPDATE program_children SET child = 99999 WHERE position = 0"
            " AND parent = (SELECT min(parent) FROM program_children)");
        CHECK_THAT(outlineRefusal(), Catch::Contains("program_children.child"));
    }
    SECTION("a parent stored as text, which sorts after every number")
    {
        test::execSql(path,
            "UPDATE program_children SET parent = 'x' WHERE parent = (SELECT min(parent) FROM "
            "program_children)");
        CHECK_THAT(outlineRefusal(), Catch::Contains("program_children.parent"));
    }
}
