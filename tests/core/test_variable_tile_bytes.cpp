// The Variables graph's figures: which names a pattern matches, and the bytes per tile of the
// variables each pattern matches, summed from the variables' own tiles.
#include "popscope/variable_tile_bytes.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("a variable pattern matches whole names, with * for any text and ? for one character",
    "[variables][graph]")
{
    CHECK(matchesNamePattern("layer1/weights", "layer1/weights"));
    CHECK_FALSE(matchesNamePattern("layer1/weights", "layer1/weight"));
    CHECK_FALSE(matchesNamePattern("layer1/weight", "layer1/weights"));
    CHECK(matchesNamePattern("layer1/weights", "layer1/*"));
    CHECK(matchesNamePattern("layer1/weights", "*weights"));
    CHECK(matchesNamePattern("layer1/weights", "*1*s"));
    CHECK(matchesNamePattern("layer1/weights", "layer?/weights"));
    CHECK_FALSE(matchesNamePattern("layer12/weights", "layer?/weights"));
    CHECK(matchesNamePattern("a", "*"));
    CHECK(matchesNamePattern("", "*"));
    CHECK_FALSE(matchesNamePattern("", "?"));
    CHECK(matchesNamePattern("aaab", "*a*b")); // backtracks past an early match
    CHECK_FALSE(matchesNamePattern("aaa", "*a*b"));
    CHECK(matchesNamePattern("x[1].y", "x[1].y")); // brackets and dots are plain characters
}

TEST_CASE(
    "a comma-separated list of patterns is split and trimmed, empty entries dropped", "[variables][graph]")
{
    CHECK(splitVariablePatterns(" a, b* ,,c ") == std::vector<std::string> { "a", "b*", "c" });
    CHECK(splitVariablePatterns("").empty());
    CHECK(splitVariablePatterns(" , ").empty());
}

TEST_CASE("each pattern's series sums, per tile, the bytes of the variables it matches", "[variables][graph]")
{
    std::vector<Variable> variables(4);
    variables[0].name = "layer1/weights";
    variables[0].tiles = { { 0, 100 }, { 2, 50 } };
    variables[1].name = "layer1/bias";
    variables[1].tiles = { { 2, 10 }, { 5, 7 } }; // tile 5 lies past the tiles asked for
    variables[2].name = "layer2/weights";
    variables[2].tiles = { { 1, 300 } };
    variables[3].name = "loss";
    for (Variable& v : variables)
        for (const TileBytes& t : v.tiles)
            v.sizeBytes += t.bytes;
    const VariableTable table = VariableTable::fromVariables(variables);

    const auto series = variableTileSeries(table, { "layer1/*", "*weights", "absent" }, 4);
    REQUIRE(series.size() == 3);
    CHECK(series[0].pattern == "layer1/*");
    CHECK(series[0].matched == 2);
    CHECK(series[0].totalBytes == 167); // every tile, tile 5 too
    CHECK(series[0].bytesByTile == std::vector<uint32_t> { 100, 0, 60, 0 });
    CHECK(series[1].matched == 2); // layer1/weights counts in both series
    CHECK(series[1].bytesByTile == std::vector<uint32_t> { 100, 300, 50, 0 });
    CHECK(series[2].matched == 0);
    CHECK(series[2].totalBytes == 0);
    CHECK(series[2].bytesByTile == std::vector<uint32_t>(4, 0));
}
