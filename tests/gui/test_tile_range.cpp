#include "models/memory/tile_range_parser.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("tile ranges parse into sorted unique tiles", "[tiles]")
{
    auto r = TileRangeParser::parse(QStringLiteral("0, 5, 100-103"), 200);
    REQUIRE(r.ok());
    REQUIRE(r.tiles == std::vector<uint32_t> { 0, 5, 100, 101, 102, 103 });
    r = TileRangeParser::parse(QStringLiteral(" 7 3;3  1..2 , 10 - 11"), 20);
    REQUIRE(r.ok());
    REQUIRE(r.tiles == std::vector<uint32_t> { 1, 2, 3, 7, 10, 11 });
    r = TileRangeParser::parse(QString(), 20);
    REQUIRE(r.ok());
    REQUIRE(r.tiles.empty());
    r = TileRangeParser::parse(QStringLiteral("5-5"), 20);
    REQUIRE(r.tiles == std::vector<uint32_t> { 5 });
}

TEST_CASE("bad tile text gives a clear error", "[tiles]")
{
    auto r = TileRangeParser::parse(QStringLiteral("0, abc"), 100);
    REQUIRE(!r.ok());
    REQUIRE(r.error.contains(QStringLiteral("abc")));
    REQUIRE(r.tiles.empty());
    r = TileRangeParser::parse(QStringLiteral("10-5"), 100);
    REQUIRE(r.error.contains(QStringLiteral("backwards")));
    r = TileRangeParser::parse(QStringLiteral("1-"), 100);
    REQUIRE(!r.ok());
    r = TileRangeParser::parse(QStringLiteral("-3"), 100);
    REQUIRE(!r.ok());
    r = TileRangeParser::parse(QStringLiteral("99999999999"), 100);
    REQUIRE(!r.ok());
}

TEST_CASE("tiles past the last one are rejected with the valid range", "[tiles]")
{
    auto r = TileRangeParser::parse(QStringLiteral("5, 120"), 100);
    REQUIRE(!r.ok());
    REQUIRE(r.error.contains(QStringLiteral("120")));
    REQUIRE(r.error.contains(QStringLiteral("0 to 99")));
    r = TileRangeParser::parse(QStringLiteral("90-4000000000"), 100);
    REQUIRE(!r.ok());
    REQUIRE(r.error.contains(QStringLiteral("4000000000")));
}

TEST_CASE("selections format back compactly", "[tiles]")
{
    REQUIRE(TileRangeParser::format({ 0, 5, 100, 101, 102, 103 }) == QStringLiteral("0, 5, 100-103"));
    REQUIRE(TileRangeParser::format({ 1, 2 }) == QStringLiteral("1, 2"));
    REQUIRE(TileRangeParser::format({}) == QString());
    const std::vector<uint32_t> tiles = { 3, 4, 5, 9 };
    REQUIRE(TileRangeParser::parse(TileRangeParser::format(tiles), 10).tiles == tiles);
}
