// Where the Tile Map places tiles: Mk2's 1,472 tiles an IPU in 23 columns of 64 with the exchange
// between the halves, by physical id; small targets in near-square columns; and the values it
// colours tiles by are core's memory figures.
#include "models/memory/tile_map_layout.hpp"

#include <catch2/catch.hpp>

#include <numeric>

using namespace popscope;

TEST_CASE("the Tile Map lays an Mk2 IPU out in 23 columns of 64 tiles, by physical id", "[memory][tile-map]")
{
    std::vector<uint32_t> physical(2 * 1472);
    for (uint32_t t = 0; t < physical.size(); ++t)
        physical[t] = ((t % 1472) * 7) % 1472; // a permutation within each IPU
    const TileMapLayout layout = TileMapLayout::build(2, 1472, physical);
    CHECK(layout.columnLength == 64);
    CHECK(layout.columnsPerIpu == 23);
    CHECK(layout.exchangeGap);
    REQUIRE(layout.places.size() == 2944);
    // Tile 1472 + 10 is IPU 1's tile 10, physical id 70: column 1, position 6.
    CHECK(layout.places[1482].ipu == 1);
    CHECK(layout.places[1482].column == 1);
    CHECK(layout.places[1482].index == 6);
    // Every cell holds the tile placed there, and only it.
    for (uint32_t t = 0; t < layout.places.size(); ++t) {
        const auto& place = layout.places[t];
        REQUIRE(layout.tileAt(place.ipu, place.column, place.index) == int32_t(t));
    }
    CHECK(layout.tileAt(2, 0, 0) == -1);
    CHECK(layout.tileAt(0, 23, 0) == -1);
}

TEST_CASE("without physical ids, or on a small target, tiles stand in id order in near-square columns",
    "[memory][tile-map]")
{
    const TileMapLayout layout = TileMapLayout::build(1, 10, {});
    CHECK(layout.columnLength == 4);
    CHECK(layout.columnsPerIpu == 3);
    CHECK_FALSE(layout.exchangeGap);
    CHECK(layout.places[9].column == 2);
    CHECK(layout.places[9].index == 1);
    CHECK(layout.tileAt(0, 2, 2) == -1); // past the last tile
    // Ids out of range place a tile by its id on the IPU.
    const TileMapLayout bad = TileMapLayout::build(1, 10, std::vector<uint32_t>(10, 99));
    CHECK(bad.places[7].column == 1);
    CHECK(bad.places[7].index == 3);
}

TEST_CASE("the Tile Map colours tiles by all memory or by one category's bytes", "[memory][tile-map]")
{
    TileMemory memory;
    memory.numIpus = 1;
    memory.tilesPerIpu = 3;
    memory.categories = { "variable", "vertexCode" };
    memory.byCategory = { { 10, 20, 30 }, { 1, 2, 3 } };
    memory.totalExcludingGaps = { 11, 22, 33 };
    memory.totalIncludingGaps = { 15, 26, 37 };
    CHECK(tileMapValues(memory, "", false) == std::vector<uint32_t> { 11, 22, 33 });
    CHECK(tileMapValues(memory, "", true) == std::vector<uint32_t> { 15, 26, 37 });
    CHECK(tileMapValues(memory, "vertexCode", false) == std::vector<uint32_t> { 1, 2, 3 });
    CHECK(tileMapValues(memory, "message", false) == std::vector<uint32_t> { 0, 0, 0 });
}
