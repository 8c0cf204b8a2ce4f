// matchRows and signedDiff: one-side rows, renames, duplicates, empty sides, signs, overflow edges.
#include "popscope/row_match.hpp"
#include "popscope/trace_comparison.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <limits>
#include <map>
#include <random>
#include <string>

using namespace popscope;

namespace {

std::vector<std::pair<int64_t, int64_t>> pairs(const std::vector<MatchedRow>& rows)
{
    std::vector<std::pair<int64_t, int64_t>> out;
    for (const MatchedRow& r : rows)
        out.emplace_back(r.source, r.target);
    return out;
}

using P = std::vector<std::pair<int64_t, int64_t>>;

} // namespace

TEST_CASE("rows on both sides match by key, one-side rows follow", "[join]")
{
    const std::vector<std::string_view> source { "a", "b", "c", "gone" };
    const std::vector<std::string_view> target { "new", "c", "a", "b", "new2" };
    CHECK(pairs(matchRows(source, target))
        == P { { 0, 2 }, { 1, 3 }, { 2, 1 }, { 3, -1 }, { -1, 0 }, { -1, 4 } });
}

TEST_CASE("a renamed row is one removed and one new row", "[join]")
{
    const std::vector<std::string_view> source { "layer1/w", "layer2/w" };
    const std::vector<std::string_view> target { "layer1/weights", "layer2/w" };
    CHECK(pairs(matchRows(source, target)) == P { { 0, -1 }, { 1, 1 }, { -1, 0 } });
}

TEST_CASE("duplicated names pair up in order of occurrence", "[join]")
{
    const std::vector<std::string_view> source { "x", "y", "x", "x" };
    const std::vector<std::string_view> target { "x", "x", "y", "y" };
    // 1st x-1st x, y-1st y, 2nd x-2nd x, 3rd x has no partner, 2nd y is target-only.
    CHECK(pairs(matchRows(source, target)) == P { { 0, 0 }, { 1, 2 }, { 2, 1 }, { 3, -1 }, { -1, 3 } });
    const std::vector<std::string_view> more { "x", "x", "x", "x", "x" };
    CHECK(pairs(matchRows(source, more))
        == P { { 0, 0 }, { 1, -1 }, { 2, 1 }, { 3, 2 }, { -1, 3 }, { -1, 4 } });
}

TEST_CASE("empty sides and empty keys", "[join]")
{
    const std::vector<std::string_view> none;
    const std::vector<std::string_view> two { "a", "" };
    CHECK(matchRows(none, none).empty());
    CHECK(pairs(matchRows(two, none)) == P { { 0, -1 }, { 1, -1 } });
    CHECK(pairs(matchRows(none, two)) == P { { -1, 0 }, { -1, 1 } });
    const std::vector<std::string_view> reversed { "", "a" };
    CHECK(pairs(matchRows(two, reversed)) == P { { 0, 1 }, { 1, 0 } }); // "" is a key like any other
}

TEST_CASE("a join, kept or streamed, pairs each key's occurrences in order, whatever the repeats", "[join]")
{
    // Many repeats use up a key's rows while other keys still probe past its slot; the reference
    // pairs the k-th occurrence of a key on one side with the k-th on the other.
    std::mt19937 random(20261128);
    for (const int distinct : { 3, 50, 4000 }) {
        std::vector<std::string> sourceNames, targetNames;
        for (int i = 0; i < 6000; ++i) {
            sourceNames.push_back("k" + std::to_string(random() % unsigned(distinct)));
            targetNames.push_back("k" + std::to_string(random() % unsigned(distinct + distinct / 5)));
        }
        const std::vector<std::string_view> source(sourceNames.begin(), sourceNames.end());
        const std::vector<std::string_view> target(targetNames.begin(), targetNames.end());
        std::map<std::string_view, std::deque<int64_t>> unused;
        for (size_t t = 0; t < target.size(); ++t)
            unused[target[t]].push_back(int64_t(t));
        P expected;
        std::vector<bool> matched(target.size(), false);
        for (size_t s = 0; s < source.size(); ++s) {
            auto& rows = unused[source[s]];
            expected.emplace_back(int64_t(s), rows.empty() ? -1 : rows.front());
            if (!rows.empty()) {
                matched[size_t(rows.front())] = true;
                rows.pop_front();
            }
        }
        for (size_t t = 0; t < target.size(); ++t)
            if (!matched[t])
                expected.emplace_back(-1, int64_t(t));
        CHECK(pairs(matchRows(source, target)) == expected);
        std::vector<MatchedRow> streamed;
        forEachMatchedRow(source, target, [&](const MatchedRow& row) { streamed.push_back(row); });
        CHECK(pairs(streamed) == expected);
    }
}

TEST_CASE("keys read by index from a packed list join as views of them do", "[join]")
{
    const std::string packed = "abcgone"; // a, b, c, gone
    const std::vector<size_t> ends { 1, 2, 3, 7 };
    const KeyList source(ends.size(), [&](size_t i) {
        const size_t begin = i == 0 ? 0 : ends[i - 1];
        return std::string_view(packed).substr(begin, ends[i] - begin);
    });
    const std::vector<std::string_view> target { "new", "c", "a", "b", "new2" };
    CHECK(source.size() == 4);
    CHECK(source[3] == "gone");
    CHECK(pairs(matchRows(source, target))
        == P { { 0, 2 }, { 1, 3 }, { 2, 1 }, { 3, -1 }, { -1, 0 }, { -1, 4 } });
}

// bench/bench_row_match times this join against its budget; here only its rows count.
TEST_CASE("a quarter of a million keys per side join, the unmatched source rows kept", "[join]")
{
    std::vector<std::string> names;
    for (int i = 0; i < 250000; ++i)
        names.push_back("model/layer" + std::to_string(i / 70) + "/var" + std::to_string(i % 70));
    std::vector<std::string_view> source(names.begin(), names.end());
    std::vector<std::string_view> target(names.rbegin(), names.rend());
    target.resize(200000); // 50,000 source-only rows
    const auto rows = matchRows(source, target);
    REQUIRE(rows.size() == 250000);
    CHECK(rows[0].source == 0);
    CHECK(rows[0].target == -1); // names[0] is among the 50,000 dropped from the end of the reversed list
    CHECK(rows[249999].target == 0);
    size_t matched = 0;
    for (const MatchedRow& r : rows)
        matched += r.source >= 0 && r.target >= 0;
    CHECK(matched == 200000);
}

TEST_CASE("signed differences: signs, zero source, saturation", "[join]")
{
    CHECK(signedDiff(100, 150) == SignedDiff { 50, 0.5 });
    CHECK(signedDiff(200, 50) == SignedDiff { -150, -0.75 });
    CHECK(signedDiff(7, 7) == SignedDiff { 0, 0.0 });
    CHECK(signedDiff(0, 0) == SignedDiff { 0, std::nullopt });
    CHECK(signedDiff(0, 42) == SignedDiff { 42, std::nullopt });
    CHECK(signedDiff(42, 0).absolute == -42);
    CHECK(*signedDiff(42, 0).fraction == -1.0);

    constexpr uint64_t kMaxU = std::numeric_limits<uint64_t>::max();
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    CHECK(signedDiff(0, kMaxU).absolute == kMax);
    CHECK(signedDiff(kMaxU, 0).absolute == kMin);
    CHECK(signedDiff(0, uint64_t(kMax)).absolute == kMax);
    CHECK(signedDiff(uint64_t(kMax), 0).absolute == -kMax);
    CHECK(signedDiff(uint64_t(kMax) + 1, 0).absolute == kMin); // exactly representable
    CHECK(signedDiff(uint64_t(kMax) + 2, 0).absolute == kMin); // saturated
    CHECK(signedDiff(kMaxU, kMaxU - 1).absolute == -1);
    CHECK(signedDiff(1, kMaxU).fraction.value() == Approx(double(kMaxU)));
}

TEST_CASE("pairSteps: the k-th step of a program with the k-th of the same program, else the same index")
{
    // Source: load, sort, sort, store. Target: load, swap, swap, swap, sort, store.
    const std::vector<std::string_view> source = { "in/load", "heap/sort", "heap/sort", "out/store" };
    const std::vector<std::string_view> target
        = { "in/load", "bitonic/swap", "bitonic/swap", "bitonic/swap", "heap/sort", "out/store" };
    const StepPairs pairs = pairSteps(source, target);
    CHECK(pairs.sourceToTarget
        == std::vector<int32_t> { 0, 4, 2, 5 }); // the 2nd sort has no partner by name: index 2
    CHECK(pairs.targetToSource == std::vector<int32_t> { 0, -1, 2, -1, 1, 3 });
    CHECK(pairSteps({}, target).targetToSource == std::vector<int32_t>(6, -1));
}
