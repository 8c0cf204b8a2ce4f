// Faults a desktop app meets while a report is open: its file truncated, replaced or deleted
// under it. Parts are read lazily, so a part asked for after the damage must fail with an error
// naming the file — never a crash — and the parts already read must stay intact.
#include "fixture_builder.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace popscope;
using popscope::test::TempDir;

namespace {

// Reads every part a report can be asked for after it opened, in an order that leaves the large
// per-tile data last (so a truncated file is found by one of them).
void readLaterParts(const Report& report)
{
    report.variables();
    report.vertexTypes();
    report.computeSets();
    report.exchanges();
    report.profile().readSteps(true);
    report.profile().readLivenessSteps();
    report.profile().readOperations();
}

// Two sections: the file at `path` replaced by another profile (written beside it and renamed
// over it), or deleted.
void replaceOrDelete(const TempDir& dir, const std::string& path)
{
    SECTION("replaced by another profile")
    {
        test::FixtureOptions other;
        other.numVariables = 3;
        writeProfile(test::makeDocument(other), dir.file("other.pop"));
        std::filesystem::rename(dir.file("other.pop"), path);
    }
    SECTION("deleted")
    {
        std::filesystem::remove(path);
    }
}

} // namespace

TEST_CASE("a file truncated while its report is open fails the next part with the file named", "[faults]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "shrinking.pop");
    auto report = Report::open(path);
    const uint64_t totalBytes = report->summary().totalUsedIncludingGaps; // read before the damage
    const auto size = std::filesystem::file_size(path);

    // Another program cuts the file to its first two pages in place (the inode stays the same).
    std::filesystem::resize_file(path, 8192);
    REQUIRE(std::filesystem::file_size(path) < size);

    try {
        readLaterParts(*report);
        FAIL("reading a truncated file succeeded");
    } catch (const ProfileError& error) {
        CHECK(error.path() == path);
        CHECK(std::string(error.what()).find("shrinking.pop") != std::string::npos);
    }
    // Asking again fails again (a failed part is not cached as empty) ...
    CHECK_THROWS_AS(report->variables(), ProfileError);
    // ... and what was read before stays as it was.
    CHECK(report->summary().totalUsedIncludingGaps == totalBytes);
}

TEST_CASE("a file replaced or deleted while its report is open keeps reading the version opened", "[faults]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "moving.pop");
    auto report = Report::open(path);
    report->summary();

    replaceOrDelete(dir, path);
    // The open connection still holds the file it opened: the report stays consistent with itself
    // instead of mixing two files. The window offers Reload for the new version.
    CHECK(report->variables().size() == 40);
    CHECK_NOTHROW(report->profile().readSteps(true));
}

TEST_CASE("a second connection opens only the file the profile opened", "[faults]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "twice.pop");
    auto profile = Profile::open(path);
    auto again = profile->openAgain();
    REQUIRE(again);
    const ParallelReadsScope parallel; // the tiles on a helper thread, on a connection of its own
    CHECK(again->readVariables() == profile->readVariables());

    replaceOrDelete(dir, path);
    // Reading the parts of one report on two threads must not mix two files: no second connection,
    // and both the profile and the one opened before go on reading the first file.
    CHECK_FALSE(profile->openAgain());
    CHECK(profile->readVariables().size() == 40);
    CHECK(again->readVariables().size() == 40);
}

TEST_CASE("a report's parts read on two threads at once are the parts read one by one", "[faults]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "parallel.pop");
    auto sequential = Report::open(path);
    auto parallel = Report::open(path);
    // As the window's page loading reads: the second reader finds the first connection busy and
    // reads on the report's second one, and the variables' tiles are read on a helper thread.
    std::thread other([&parallel] {
        const ParallelReadsScope scope;
        parallel->computeSets();
    });
    {
        const ParallelReadsScope scope;
        CHECK(ParallelReadsScope::active());
        parallel->variables();
    }
    CHECK_FALSE(ParallelReadsScope::active());
    other.join();
    CHECK(parallel->variables() == sequential->variables());
    CHECK(parallel->computeSets() == sequential->computeSets());
}

TEST_CASE("a file without read permission is refused with the file and the cause named", "[faults]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir, "private.pop");
    namespace fs = std::filesystem;
    fs::permissions(path, fs::perms::owner_write, fs::perm_options::replace);
    // Root reads any file, so as root the open runs in a child that has dropped to `nobody`.
    auto refusesWithCause = [&path] {
        try {
            Report::open(path);
            return false;
        } catch (const ProfileError& error) {
            return error.path() == path
                && std::string(error.what()).find("Permission denied") != std::string::npos;
        }
    };
    if (geteuid() != 0) {
        CHECK(refusesWithCause());
    } else {
        fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::others_exec, fs::perm_options::replace);
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            const bool dropped = setgid(65534) == 0 && setuid(65534) == 0;
            _exit(dropped && refusesWithCause() ? 0 : 1);
        }
        int status = 0;
        REQUIRE(waitpid(child, &status, 0) == child);
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
    }
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::replace);
}
