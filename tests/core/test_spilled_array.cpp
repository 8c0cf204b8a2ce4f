// Spill files: a large read-mostly array kept in an unnamed file mapped read-only reads back the
// values it was built with, streamed or written at once, after its pages are handed back, in
// copies, and as a report's variables; nothing is left in the folder.
#include "fixture_builder.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_table.hpp"
#include "popscope/report.hpp"
#include "popscope/spilled_array.hpp"
#include "popscope/variable_table.hpp"
#include "spilling_on.hpp"

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <numeric>
#include <thread>
#include <tuple>
#include <unordered_map>

using namespace popscope;
using popscope::test::SpillingOn;
using popscope::test::TempDir;

namespace {

std::vector<uint32_t> numbers(size_t count)
{
    std::vector<uint32_t> values(count);
    std::iota(values.begin(), values.end(), 7u);
    return values;
}

} // namespace

TEST_CASE(
    "a spilled array reads the values it was built with from its file, after its pages go too", "[spill]")
{
    const SpillingOn spilling;
    const uint64_t mappedBefore = spill::mappedBytes();
    const std::vector<uint32_t> values = numbers(300'000);
    {
        SpilledArray<uint32_t> array(values);
        array.spill();
        REQUIRE(array.isSpilled());
        CHECK(spill::mappedBytes() == mappedBefore + values.size() * sizeof(uint32_t));
        CHECK(std::equal(array.begin(), array.end(), values.begin(), values.end()));
        CHECK(spill::releaseResidentPages() >= values.size() * sizeof(uint32_t));
        CHECK(std::equal(array.begin(), array.end(), values.begin(), values.end())); // mapped again
        const SpilledArray<uint32_t> copy = array; // shares the file
        CHECK(copy.isSpilled());
        CHECK(copy[299'999] == values[299'999]);
        CHECK(spill::mappedBytes() == mappedBefore + values.size() * sizeof(uint32_t));
    }
    CHECK(spill::mappedBytes() == mappedBefore); // unmapped with the last array
    CHECK(std::filesystem::is_empty(spilling.folder())); // the files had no names
}

TEST_CASE("a spilled array read while its pages are handed back every millisecond reads right", "[spill]")
{
    const SpillingOn spilling;
    const std::vector<uint32_t> values = numbers(1'000'000);
    SpilledArray<uint32_t> array(values);
    array.spill();
    REQUIRE(array.isSpilled());
    spill::startTrimming(std::chrono::milliseconds(1));
    bool same = true;
    for (int pass = 0; pass < 20; ++pass)
        same = same && std::equal(array.begin(), array.end(), values.begin(), values.end());
    spill::stopTrimming();
    spill::stopTrimming(); // twice: nothing to stop
    CHECK(same);
}

TEST_CASE("an array streamed while it is built goes to its file as it grows", "[spill]")
{
    const SpillingOn spilling;
    SpilledArray<char> text;
    text.streamWhileBuilding();
    std::string expected;
    for (int i = 0; i < 100'000; ++i) {
        const std::string word = "variable/" + std::to_string(i) + "/";
        text.append(word.data(), word.size());
        expected += word;
        REQUIRE(text.size() == expected.size());
    }
    text.push_back('!');
    expected += '!';
    text.spill();
    REQUIRE(text.isSpilled());
    CHECK(std::string_view(text.data(), text.size()) == expected);
}

TEST_CASE("a spill file that cannot be written keeps the values in memory, none lost", "[spill]")
{
    const SpillingOn spilling;
    // Files of at most 64 KiB: write() fails with EFBIG (the signal it would send is ignored).
    rlimit before {};
    REQUIRE(getrlimit(RLIMIT_FSIZE, &before) == 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = before;
    limited.rlim_cur = 64 << 10;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limited) == 0);
    SpilledArray<uint32_t> streamed;
    streamed.streamWhileBuilding();
    for (uint32_t i = 0; i < 600'000; ++i) // 2.4 MB: the first 1 MiB flush fails
        streamed.push_back(i * 3);
    streamed.spill();
    SpilledArray<uint32_t> written(numbers(100'000));
    written.spill();
    setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, previousHandler);

    CHECK_FALSE(streamed.isSpilled());
    REQUIRE(streamed.size() == 600'000);
    bool same = true;
    for (uint32_t i = 0; i < 600'000; ++i)
        same = same && streamed[i] == i * 3;
    CHECK(same);
    CHECK_FALSE(written.isSpilled());
    CHECK(written.size() == 100'000);
    CHECK(written[99'999] == 100'006);
}

TEST_CASE("with spilling off, or an array of nothing, the values stay in memory", "[spill]")
{
    spill::setDirectory("");
    CHECK_FALSE(spill::enabled());
    SpilledArray<uint32_t> array(numbers(1000));
    array.streamWhileBuilding();
    array.spill();
    CHECK_FALSE(array.isSpilled());
    CHECK(array.size() == 1000);
    CHECK(array[999] == 1006);

    const SpillingOn spilling;
    SpilledArray<uint32_t> empty;
    empty.spill();
    CHECK_FALSE(empty.isSpilled());
    CHECK(empty.empty());
}

TEST_CASE("a folder in memory is refused for spill files, and not made there", "[spill]")
{
    if (!std::filesystem::is_directory("/dev/shm"))
        return; // no tmpfs mounted where Linux usually has one
    CHECK_FALSE(spill::setDirectory("/dev/shm/popscope-spill-test/spill", 1));
    CHECK_FALSE(spill::enabled());
    CHECK_FALSE(std::filesystem::exists("/dev/shm/popscope-spill-test"));
}

TEST_CASE("a report's variables spilled read the same as the document's", "[spill][report]")
{
    const SpillingOn spilling;
    const ProfileDocument doc = test::makeDocument();
    const VariableTable table = VariableTable::fromVariables(doc.variables);
    CHECK(table == doc.variables);
    CHECK(spill::mappedBytes() > 0);

    TempDir dir;
    const auto report = Report::open(test::writeValidProfile(dir));
    CHECK(report->variables() == doc.variables);
    CHECK(report->programs() == doc.programs);
    spill::releaseResidentPages();
    CHECK(report->variables().toVariables() == doc.variables);
    CHECK(report->programs().toPrograms() == doc.programs);
}

TEST_CASE("a program table holds a document's programs, rows as views into its columns", "[report]")
{
    const ProgramTable none = ProgramTable::fromPrograms({});
    CHECK(none.empty());
    std::vector<Program> programs(4);
    programs[0] = { "Sequence", "main", { 1, 3 }, -1, -1, 2, 0 };
    programs[1] = { "Repeat", "loop", { 2 }, -1, -1, -1, 7 };
    programs[2] = { "OnTileExecute", "", {}, 5, -1, -1, 0 };
    programs[3] = { "Sequence", "tail/with a longer name than fits a short string", {}, -1, 9, -1, 0 };
    const ProgramTable table = ProgramTable::fromPrograms(programs);
    REQUIRE(table.size() == 4);
    CHECK(table == programs);
    CHECK(table[1].type == "Repeat");
    CHECK(table[1].repeatCount == 7);
    CHECK(table[0].children.size() == 2);
    CHECK(table[2].name.empty());
    CHECK(table[3].exchange == 9);
    CHECK_THROWS_AS(table.at(4), std::out_of_range);
    size_t rows = 0;
    for (const ProgramRow p : table)
        rows += p.toProgram() == programs[rows] ? 1 : 0;
    CHECK(rows == 4);
    programs[2].children = { 3 };
    CHECK_FALSE(table == programs);
}

TEST_CASE("freeMemory hands a container's memory back, where `= {}` keeps it", "[spill]")
{
    std::vector<uint32_t> values = numbers(1000);
    values = {};
    CHECK(values.capacity() >= 1000); // the reason freeMemory exists
    freeMemory(values);
    CHECK(values.capacity() == 0);
    std::unordered_map<int, int> map { { 1, 2 } };
    freeMemory(map);
    CHECK(map.empty());
}

TEST_CASE("the trimmer lets go of a scan's pages once they pass its margin, not only each period", "[spill]")
{
    const SpillingOn spilling;
    SpilledArray<uint64_t> array;
    array.values().resize(size_t(32) << 17); // 32 MiB
    std::iota(array.values().begin(), array.values().end(), uint64_t(1));
    array.spill();
    REQUIRE(array.isSpilled());
    spill::releaseResidentPages();
    const uint64_t before = spill::residentFileBytes();
    REQUIRE(before > 0); // /proc/self/statm is read

    // A period far longer than the test: only the growth past 4 MiB lets the pages go. The array is
    // read a MiB at a time, as a scan on a busy machine would.
    const uint64_t releasesBefore = spill::trimmerReleases();
    spill::startTrimming(std::chrono::hours(1), size_t(4) << 20);
    uint64_t sum = 0;
    constexpr size_t kMiB = size_t(1) << 17; // values in a MiB
    for (size_t from = 0; from < array.size(); from += kMiB) {
        sum = std::accumulate(array.begin() + from, array.begin() + from + kMiB, sum);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    CHECK(sum == (uint64_t(32) << 17) * ((uint64_t(32) << 17) + 1) / 2);
    // The trimmer looks every few milliseconds; a busy machine may keep it waiting a while.
    bool released = false;
    for (int look = 0; look < 1000 && !released; ++look) {
        released = spill::trimmerReleases() > releasesBefore;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    spill::stopTrimming();
    CHECK(released);
}
