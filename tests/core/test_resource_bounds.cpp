// Claimed counts cannot make popscope allocate beyond what the file holds, and huge or sparse
// files fail (or open) without reading their bulk (docs/reliability.md, "Resource bounds").
#include "fixture_builder.hpp"
#include "popscope/errors.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE(
    "a small profile claiming millions of tiles is refused before per-tile tables are allocated", "[bounds]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "claims.pop");
    // 1,024 IPUs × 65,536 tiles would take gigabytes of per-tile tables; the file holds none of it.
    test::execSql(path,
        "UPDATE target SET num_ipus = 1024, tiles_per_ipu = 65536, ipus_per_replica = 1024;"
        " DELETE FROM memory_by_tile; DELETE FROM memory_gaps; DELETE FROM memory_liveness;");
    try {
        Report::open(path);
        FAIL("the file opened");
    } catch (const ProfileError& error) {
        CHECK(error.kind() == ErrorKind::CorruptProfile);
        CHECK_THAT(error.what(),
            Catch::Contains("claims.pop") && Catch::Contains("67,108,864 tiles")
                && Catch::Contains("per-tile memory for only 0"));
    }
}

TEST_CASE("tile counts up to 65,536 need no per-tile data, more need it for every tile", "[bounds]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "big.pop");
    test::execSql(path,
        "UPDATE target SET num_ipus = 1, tiles_per_ipu = 65536, ipus_per_replica = 1;"
        " DELETE FROM memory_by_tile; DELETE FROM memory_gaps; DELETE FROM memory_liveness;"
        " DELETE FROM vars_info; DELETE FROM compute_set_vertices; DELETE FROM exchanges;"
        " DELETE FROM cycles_by_tile; DELETE FROM io_tiles; DELETE FROM liveness_by_tile; DELETE FROM "
        "tiles;");
    CHECK(Report::open(path)->numTiles() == 65536);
    test::execSql(path, "UPDATE target SET num_ipus = 2, ipus_per_replica = 2");
    CHECK_THROWS_WITH(Report::open(path), Catch::Contains("131,072 tiles"));
}

TEST_CASE(
    "a JSON document claiming millions of tiles without their data is refused on import", "[bounds][json]")
{
    TempDir dir;
    const std::string path = dir.file("claims.json");
    test::writeBytes(path,
        R"({"compilation": {"target": {"numIPUs": 1024, "tilesPerIpu": 65536, "ipusPerReplica": 1024}}})");
    CHECK_THROWS_WITH(
        readJsonFile(path), Catch::Contains("claims.json") && Catch::Contains("67,108,864 tiles"));
}

TEST_CASE("a 10 GB sparse file is refused or opened from its header, never read through", "[bounds]")
{
    TempDir dir;
    namespace fs = std::filesystem;
    constexpr uintmax_t kTenGigabytes = uintmax_t(10) << 30;
    SECTION("holes only")
    {
        const std::string path = dir.file("holes.pop");
        test::writeBytes(path, "");
        fs::resize_file(path, kTenGigabytes); // sparse: no disk used
        CHECK_THROWS_WITH(Report::open(path), Catch::Contains("not an SQLite database"));
    }
    SECTION("a profile followed by holes")
    {
        const std::string path = test::writeValidProfile(dir, "padded.pop");
        fs::resize_file(path, kTenGigabytes);
        auto report = Report::open(path);
        // SQLite reads the pages its header counts; the 10 GB of holes after them are never read.
        CHECK(report->variables().size() == 40);
        CHECK(report->summary().numVariables == 40);
    }
}
