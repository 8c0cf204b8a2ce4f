// GroupRows: mostly idle rows keep their busy groups only, busy rows keep every group, and both
// read back the same; damaged arrays (as a cache file could hold) are refused.
#include "popscope/group_rows.hpp"

#include <catch2/catch.hpp>

#include <array>

using popscope::GroupRows;

namespace {

std::vector<uint16_t> expanded(const GroupRows<uint16_t>& rows, size_t row)
{
    std::vector<uint16_t> dense(rows.groups(), 7); // stale figures must be overwritten
    rows.expand(row, dense.data());
    return dense;
}

} // namespace

TEST_CASE("group rows keep idle groups out and read back every figure", "[group-rows]")
{
    constexpr uint32_t kGroups = 10;
    const std::vector<uint16_t> idle(kGroups, 0);
    std::vector<uint16_t> few(kGroups, 0);
    few[2] = 500;
    few[9] = 65520;
    std::vector<uint16_t> many(kGroups, 3);
    many[4] = 0;
    GroupRows<uint16_t> rows(kGroups);
    rows.append(idle.data());
    rows.append(few.data());
    rows.append(many.data());

    REQUIRE(rows.rows() == 3);
    CHECK(expanded(rows, 0) == idle);
    CHECK(expanded(rows, 1) == few);
    CHECK(expanded(rows, 2) == many);
    CHECK(rows.at(1, 2) == 500);
    CHECK(rows.at(1, 3) == 0);
    CHECK(rows.at(2, 4) == 0);
    CHECK(rows.at(2, 5) == 3);
    // The idle row holds nothing, the one with two busy groups two pairs, the busy one every group.
    CHECK(rows.values().size() == 0 + 2 + kGroups);
    CHECK(std::vector<uint16_t>(rows.groupIndex().begin(), rows.groupIndex().end())
        == std::vector<uint16_t> { 2, 9 });
}

TEST_CASE("group rows of several figures a group (the LOD's levels)", "[group-rows]")
{
    using Busy = std::array<float, 3>;
    std::vector<Busy> row(4, Busy {});
    row[1] = { 0.f, 2.5f, 0.f };
    GroupRows<Busy> rows(4);
    rows.append(row.data());
    std::vector<Busy> back(4, Busy { 1.f, 1.f, 1.f });
    rows.expand(0, back.data());
    CHECK(back == row);
    CHECK(rows.at(0, 1)[1] == 2.5f);
}

TEST_CASE("group rows refuse damaged arrays", "[group-rows]")
{
    GroupRows<uint16_t> out;
    // A sparse row of two pairs over four groups, then a dense row: accepted.
    REQUIRE(
        GroupRows<uint16_t>::fromArrays(4, { 0, 2, 6 }, { 0, 2, 2 }, { 1, 2, 3, 4, 5, 6 }, { 0, 3 }, out));
    CHECK(out.at(0, 3) == 2);
    CHECK(out.at(1, 2) == 5);
    // Groups out of order, past the last group, or fewer pairs than figures: refused.
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, { 0, 2 }, { 0, 2 }, { 1, 2 }, { 3, 0 }, out));
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, { 0, 2 }, { 0, 2 }, { 1, 2 }, { 0, 4 }, out));
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, { 0, 2 }, { 0, 1 }, { 1, 2 }, { 0 }, out));
    // Starts that run backwards or past the figures: refused.
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, { 0, 4, 2 }, { 0, 0, 0 }, { 1, 2 }, {}, out));
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, { 0, 5 }, { 0, 0 }, { 1, 2, 3, 4 }, {}, out));
    CHECK_FALSE(GroupRows<uint16_t>::fromArrays(4, {}, {}, {}, {}, out));
    CHECK(out.rows() == 2); // a refused read leaves the rows alone
}
