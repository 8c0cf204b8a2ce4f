// Opening a profile never changes the user's file and never writes anything beside it.
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

using namespace popscope;
using popscope::test::TempDir;

namespace {

std::set<std::string> listing(const std::filesystem::path& dir)
{
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        names.insert(entry.path().filename().string());
    return names;
}

} // namespace

TEST_CASE("opening and reading leaves the user's file byte-identical and nothing beside it", "[readonly]")
{
    TempDir dir;
    const std::string path = dir.file("user.pop");
    writeProfile(test::makeDocument(), path);
    const std::string before = test::readBytes(path);
    const auto mtime = std::filesystem::last_write_time(path);
    const auto filesBefore = listing(dir.path());
    {
        auto profile = Profile::open(path);
        querySummary(*profile);
        queryTileMemory(*profile);
        profile->readDocument();
        // While it is open, too: no journal, -wal or -shm files.
        CHECK(listing(dir.path()) == filesBefore);
    }
    CHECK(test::readBytes(path) == before);
    CHECK(std::filesystem::last_write_time(path) == mtime);
    CHECK(listing(dir.path()) == filesBefore);
}

TEST_CASE("a read-only file in a read-only folder opens", "[readonly]")
{
    TempDir dir;
    const std::string path = dir.file("locked.pop");
    writeProfile(test::makeDocument(), path);
    namespace fs = std::filesystem;
    fs::permissions(path, fs::perms::owner_read, fs::perm_options::replace);
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
    CHECK(Profile::open(path)->readDocument().variables.size() == 40);
    fs::permissions(dir.path(), fs::perms::owner_all, fs::perm_options::replace);
}
