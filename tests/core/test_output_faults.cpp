// Outputs on a full disk or in a place that cannot be written: a clear error naming the output,
// and nothing written half — an earlier file of that name is left as it was, no temporary remains.
#include "file_size_limit.hpp"
#include "fixture_builder.hpp"
#include "popscope/errors.hpp"
#include "popscope/json_interchange.hpp"
#include "popscope/profile_writer.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::TempDir;

namespace {

size_t filesIn(const std::filesystem::path& dir)
{
    return size_t(
        std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()));
}

} // namespace

TEST_CASE(
    "JSON export and profile writing on a full disk leave the earlier output intact", "[faults][output]")
{
    TempDir dir;
    const ProfileDocument doc = test::makeDocument();
    const std::string json = dir.file("out.json"), pop = dir.file("out.pop");
    test::writeBytes(json, "earlier export\n");
    test::writeBytes(pop, "earlier profile\n");
    {
        test::FileSizeLimit fullDisk(4096); // both outputs are far larger
        try {
            writeJsonFile(doc, json);
            FAIL("the JSON export succeeded on a full disk");
        } catch (const ProfileError& error) {
            CHECK(error.path() == json);
            CHECK_THAT(error.what(), Catch::Contains("cannot write the file"));
        }
        CHECK_THROWS_AS(writeProfile(doc, pop), ProfileError);
    }
    CHECK(test::readBytes(json) == "earlier export\n");
    CHECK(test::readBytes(pop) == "earlier profile\n");
    CHECK(filesIn(dir.path()) == 2); // no temporary left behind
}

TEST_CASE("outputs in a place that cannot be written name the output and the cause", "[faults][output]")
{
    // /proc refuses new files even to root, as a read-only mount would.
    const std::string json = "/proc/popscope-export.json";
    try {
        writeJsonFile(test::makeDocument(), json);
        FAIL("the JSON export succeeded in /proc");
    } catch (const ProfileError& error) {
        CHECK(error.path() == json);
        CHECK_THAT(error.what(), Catch::Contains("popscope-export.json"));
    }
    CHECK_FALSE(std::filesystem::exists(json));
}
