// VariableTable: a report's variables packed in columns hold what the document's variables hold,
// whatever order the file stores their tile rows in.
#include "fixture_builder.hpp"
#include "popscope/profile.hpp"
#include "popscope/report.hpp"
#include "popscope/variable_table.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

using namespace popscope;
using popscope::test::TempDir;

TEST_CASE("a variable table holds a document's variables, rows as views into its columns", "[report]")
{
    const ProfileDocument doc = test::makeDocument();
    const VariableTable table = VariableTable::fromVariables(doc.variables);
    REQUIRE(table.size() == doc.variables.size());
    CHECK(table == doc.variables);
    CHECK(table.toVariables() == doc.variables);
    const VariableRow last = table[table.size() - 1];
    CHECK(last.name == doc.variables.back().name);
    CHECK(last.tiles.size() == doc.variables.back().tiles.size());
    CHECK(last.toVariable() == doc.variables.back());
    CHECK_THROWS_AS(table.at(table.size()), std::out_of_range);

    size_t rows = 0;
    for (const VariableRow v : table)
        rows += v.name == doc.variables[rows].name ? 1 : 0;
    CHECK(rows == doc.variables.size());

    // One field read alone is the row's (a scan for one column reads that column only).
    for (size_t v = 0; v < table.size(); ++v) {
        const VariableRow row = table[v];
        CHECK(table.name(v) == row.name);
        CHECK(table.sizeBytes(v) == row.sizeBytes);
        CHECK(table.alwaysLive(v) == row.alwaysLive);
        CHECK(std::vector<TileBytes>(table.tiles(v).begin(), table.tiles(v).end())
            == std::vector<TileBytes>(row.tiles.begin(), row.tiles.end()));
    }

    std::vector<Variable> changed = doc.variables;
    changed[3].tiles.pop_back();
    CHECK_FALSE(table == changed);
    CHECK_FALSE(VariableTable() == doc.variables);
}

TEST_CASE("a variable's tile rows stored apart are read into its own list, in the file's order", "[report]")
{
    TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    const ProfileDocument doc = test::makeDocument();
    const auto split = std::find_if(
        doc.variables.begin(), doc.variables.end(), [](const Variable& v) { return v.tiles.size() >= 2; });
    REQUIRE(split != doc.variables.end());
    const size_t index = size_t(split - doc.variables.begin());
    REQUIRE(std::any_of(split + 1, doc.variables.end(), [](const Variable& v) { return !v.tiles.empty(); }));
    // That variable's first row moves to the end of vars_info, after every other variable's rows.
    const std::string first
        = "(SELECT min(rowid) FROM vars_info WHERE variable = " + std::to_string(index) + ")";
    test::execSql(path,
        "CREATE TEMP TABLE moved AS SELECT * FROM vars_info WHERE rowid = " + first
            + ";"
              " DELETE FROM vars_info WHERE rowid = "
            + first + "; INSERT INTO vars_info SELECT * FROM moved;");

    std::vector<Variable> expected = doc.variables;
    auto& tiles = expected[index].tiles;
    std::rotate(tiles.begin(), tiles.begin() + 1, tiles.end());
    CHECK(Profile::open(path)->readVariableTable() == expected);
    const ParallelReadsScope parallel; // the tiles read beside the variables, on a second connection
    CHECK(Profile::open(path)->readVariableTable() == expected);
}

TEST_CASE("a variable's tiles packed read back as they were, in any order and at any size", "[report]")
{
    const std::vector<std::vector<TileBytes>> lists = {
        {}, { { 5887, 624 * 1024 } },
        { { 7, 1 }, { 8, 127 }, { 9, 128 }, { 10, 16384 } }, // tiles in a row, bytes at varint edges
        { { 100, 3 }, { 4, 2 }, { 100, 1 }, { 0, 0 } }, // going back, the same tile twice
        { { UINT32_MAX, UINT32_MAX }, { 0, UINT32_MAX }, { UINT32_MAX - 1, 0 } }, // the widest steps
    };
    TileCodeWriter writer;
    writer.reserve(lists.size(), 12);
    for (const auto& list : lists)
        REQUIRE(writer.add(list));
    REQUIRE(writer.variables() == lists.size());
    const auto [ends, code] = writer.take();
    REQUIRE(ends.size() == lists.size());
    CHECK(ends[0] == 1); // an empty list is its count alone
    CHECK(ends[2] - ends[1] == 1 + 4 + (1 + 1 + 2 + 3)); // the count, a byte a step, 1-3 a size
    for (size_t v = 0; v < lists.size(); ++v) {
        const TileList packed(code.data() + (v == 0 ? 0 : ends[v - 1]));
        CHECK(packed.size() == lists[v].size());
        CHECK(packed.empty() == lists[v].empty());
        CHECK(std::vector<TileBytes>(packed.begin(), packed.end()) == lists[v]);
    }

    // In a table: variables past the code's have an empty list, and rows read back the same.
    VariableTable table;
    for (const char* name : { "v0", "v1", "v2", "v3", "v4", "v5", "v6" })
        REQUIRE(table.append(name, Symbol("variable"), Symbol("float"), 8, false, -1).empty());
    table.setTileCode(ends, code);
    for (size_t v = 0; v < table.size(); ++v) {
        const std::vector<TileBytes> expected = v < lists.size() ? lists[v] : std::vector<TileBytes> {};
        CHECK(std::vector<TileBytes>(table[v].tiles.begin(), table[v].tiles.end()) == expected);
    }
    CHECK(table[2].tiles.front() == TileBytes { 7, 1 });
}

TEST_CASE(
    "a variable table keeps any size exactly and refuses what its narrow columns cannot hold", "[report]")
{
    VariableTable table;
    REQUIRE(table.append("small", Symbol("variable"), Symbol("float"), 64, false, -1).empty());
    // Sizes are 32 bits each until one needs 64: every earlier one still reads back.
    REQUIRE(table.append("huge", Symbol("variable"), Symbol("float"), uint64_t(5) << 30, true, 7).empty());
    CHECK(table[0].sizeBytes == 64);
    CHECK(table[1].sizeBytes == uint64_t(5) << 30);
    CHECK(table[0].debugContext == -1);
    CHECK(table[1].debugContext == 7);

    const std::string_view pastContexts
        = table.append("far", Symbol("variable"), Symbol("float"), 8, false, int64_t(INT32_MAX) + 1);
    CHECK(pastContexts.find("debug context") != std::string_view::npos);
    CHECK(table.size() == 2);

    // Categories and element types share 65,536 indexes ("variable" and "float" hold two).
    for (int c = 0; c < 65533; ++c)
        REQUIRE(table.append("v", Symbol("category " + std::to_string(c)), Symbol("float"), 8, false, -1)
                    .empty());
    // One index left: a variable with two new texts is refused whole, and leaves none behind.
    const std::string_view tooMany = table.append("v", Symbol("one more"), Symbol("int"), 8, false, -1);
    CHECK(tooMany.find("65,536") != std::string_view::npos);
    CHECK(table.size() == 65535);
    REQUIRE(table.append("v", Symbol("one more"), Symbol("float"), 8, false, -1).empty());
    CHECK(!table.append("v", Symbol("variable"), Symbol("int"), 8, false, -1).empty());
    REQUIRE(table.append("v", Symbol("variable"), Symbol("float"), 8, false, -1).empty());
    CHECK(table.size() == 65537);
    CHECK(table[65534].category.str() == "category 65532");
    CHECK(table[65535].category.str() == "one more");
    CHECK(table[1].sizeBytes == uint64_t(5) << 30);
}
