// The tile selection parser (core, shared by the tile box, --select and the fuzz target).
#include "popscope/tile_selection.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("tile selections accept the usual separators and range spellings", "[tiles]")
{
    CHECK(
        parseTileSelection("0, 5, 100-103", 200).tiles == std::vector<uint32_t> { 0, 5, 100, 101, 102, 103 });
    CHECK(parseTileSelection(" 7 3;3  1..2 , 10 - 11\t12\xE2\x80\x93"
                             "13",
              20)
              .tiles
        == std::vector<uint32_t> { 1, 2, 3, 7, 10, 11, 12, 13 });
    CHECK(parseTileSelection("4 -5", 20).tiles == std::vector<uint32_t> { 4, 5 });
    CHECK(parseTileSelection("", 20).ok());
    CHECK(parseTileSelection(" ,; ", 20).tiles.empty());
}

TEST_CASE("a repeated range does not hide a later tile", "[tiles]")
{
    // The old parser stopped after 2 × numTiles collected tiles and dropped tile 99 here.
    const TileSelection s = parseTileSelection("0-98, 0-98, 0-98, 99", 100);
    REQUIRE(s.ok());
    CHECK(s.tiles.size() == 100);
    CHECK(s.tiles.back() == 99);
}

TEST_CASE("bad selections name the item, cut to a readable length", "[tiles]")
{
    CHECK(parseTileSelection("0, abc", 100).error
        == "“abc” is not a tile number; type tiles like 0, 5, 100-120");
    CHECK(parseTileSelection("10-5", 100).error == "Range “10-5” runs backwards; write it as 5-10");
    CHECK(
        parseTileSelection("5, 120", 100).error == "Tile 120 does not exist: this report has tiles 0 to 99");
    CHECK(parseTileSelection("1-2-3", 100).error.find("not a tile range") != std::string::npos);
    CHECK_FALSE(parseTileSelection("99999999999", 100).ok());
    CHECK_FALSE(parseTileSelection("٣", 100).ok()); // digits of other scripts are not tile numbers
    const TileSelection pasted = parseTileSelection(std::string(5000, 'x'), 100);
    CHECK(pasted.tiles.empty());
    CHECK(pasted.error.size() < 120);
    CHECK(parseTileSelection("0", 0).error == "Tile 0 does not exist: this report has tiles 0 to none");
}

TEST_CASE("selections format back compactly and parse to themselves", "[tiles]")
{
    CHECK(formatTileSelection({ 0, 5, 100, 101, 102, 103 }) == "0, 5, 100-103");
    CHECK(formatTileSelection({ 1, 2 }) == "1, 2");
    CHECK(parseTileSelection("5-9, 0-6, 2-3, 9", 10).tiles
        == std::vector<uint32_t> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 });
    CHECK(formatTileSelection({}).empty());
    const std::vector<uint32_t> tiles = { 0, 3, 4, 5, 9, 4294967293u, 4294967294u };
    CHECK(parseTileSelection(formatTileSelection(tiles), 4294967295u).tiles == tiles);
}
