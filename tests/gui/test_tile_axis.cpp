#include "models/tile_axis.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace popscope;

TEST_CASE("tile <-> pixel mapping is linear and inverse", "[axis]")
{
    const TileWindow w { 100.0, 50.0 };
    REQUIRE(positionToX(100.0, w, 500) == Approx(0.0));
    REQUIRE(positionToX(150.0, w, 500) == Approx(500.0));
    REQUIRE(positionToX(125.0, w, 500) == Approx(250.0));
    for (double x : { 0.0, 17.5, 250.0, 499.0 })
        REQUIRE(positionToX(xToPosition(x, w, 500), w, 500) == Approx(x));
    REQUIRE(positionAtX(0, w, 500, 1000) == 100);
    REQUIRE(positionAtX(9.99, w, 500, 1000) == 100);
    REQUIRE(positionAtX(10, w, 500, 1000) == 101);
    REQUIRE(positionAtX(-1, TileWindow { 0, 10 }, 100, 10) == -1);
    REQUIRE(positionAtX(100, TileWindow { 0, 10 }, 100, 10) == -1);
}

TEST_CASE("pixel columns cover every position exactly when zoomed out", "[axis]")
{
    const uint32_t n = 5888;
    const TileWindow all { 0.0, double(n) };
    const int width = 1000;
    uint32_t next = 0;
    for (int c = 0; c < width; ++c) {
        const PositionRange r = positionsInColumn(c, all, width, n);
        REQUIRE(!r.empty());
        REQUIRE(r.begin <= next); // no gap between columns
        next = r.end;
    }
    REQUIRE(next == n);
    REQUIRE(positionsInColumn(0, all, width, n).begin == 0);
}

TEST_CASE("pixel columns show one tile each when zoomed in", "[axis]")
{
    const TileWindow w { 10.0, 4.0 };
    // 4 tiles over 400 pixels: 100 pixels per tile.
    REQUIRE(positionsInColumn(0, w, 400, 100).begin == 10);
    REQUIRE(positionsInColumn(0, w, 400, 100).end == 11);
    REQUIRE(positionsInColumn(99, w, 400, 100).begin == 10);
    REQUIRE(positionsInColumn(100, w, 400, 100).begin == 11);
    REQUIRE(positionsInColumn(399, w, 400, 100).begin == 13);
}

TEST_CASE("column aggregation gives min, max, sum and where the max is", "[axis]")
{
    const std::vector<uint32_t> values = { 5, 9, 1, 7, 3, 3, 8, 2 };
    const auto columns = aggregateColumns(values, {}, TileWindow { 0, 8 }, 4);
    REQUIRE(columns.size() == 4);
    REQUIRE(columns[0].max == 9);
    REQUIRE(columns[0].min == 5);
    REQUIRE(columns[0].sum == 14);
    REQUIRE(columns[0].argMax == 1);
    REQUIRE(columns[1].max == 7);
    REQUIRE(columns[1].argMax == 3);
    REQUIRE(columns[3].max == 8);
    REQUIRE(columns[3].count == 2);

    // Through a display order (reversed): position p shows values[order[p]].
    const std::vector<uint32_t> order = { 7, 6, 5, 4, 3, 2, 1, 0 };
    const auto reversed = aggregateColumns(values, order, TileWindow { 0, 8 }, 4);
    REQUIRE(reversed[0].max == 8);
    REQUIRE(reversed[0].argMax == 1);
    REQUIRE(reversed[3].max == 9);
}

TEST_CASE("zoom keeps the anchor under the cursor and stays in range", "[axis]")
{
    const uint32_t n = 1000;
    const TileWindow all { 0, 1000 };
    const TileWindow in = zoomAround(all, 250.0, 0.5, n);
    REQUIRE(in.count == Approx(500));
    // Anchor at 25% of the window before and after.
    REQUIRE((250.0 - in.first) / in.count == Approx(0.25));
    const TileWindow out = zoomAround(in, 250.0, 10.0, n);
    REQUIRE(out.first == Approx(0));
    REQUIRE(out.count == Approx(1000));
    const TileWindow tiny = zoomAround(all, 999, 1e-6, n);
    REQUIRE(tiny.count >= 4.0);
    REQUIRE(tiny.first + tiny.count <= 1000.0 + 1e-9);
    const TileWindow panned = panBy(TileWindow { 100, 50 }, 10000, n);
    REQUIRE(panned.first == Approx(950));
    REQUIRE(panBy(TileWindow { 100, 50 }, -10000, n).first == Approx(0));
}

TEST_CASE("the mouse wheel zooms by 0.8 a notch, around the position under the cursor", "[axis]")
{
    REQUIRE(wheelZoomFactor(0) == 1.0);
    REQUIRE(wheelZoomFactor(120) == Approx(0.8));
    REQUIRE(wheelZoomFactor(-120) == Approx(1.25));
    REQUIRE(wheelZoomFactor(240) == Approx(0.64));
    REQUIRE(wheelZoomFactor(60) == Approx(std::sqrt(0.8))); // a high-resolution wheel's half notch
    REQUIRE(wheelZoomFactor(120) * wheelZoomFactor(-120) == Approx(1.0)); // in and out again: where it was
    // The trace's tile rows zoom down to one tile, the charts to four positions.
    const TileWindow rows = zoomAround(TileWindow { 0, 16 }, 10.0, 1e-6, 16, 1.0);
    REQUIRE(rows.count == Approx(1.0));
    REQUIRE(rows.first == Approx(10.0 - 10.0 / 16.0)); // tile 10 stays under the cursor
    REQUIRE(zoomAround(TileWindow { 0, 16 }, 10.0, 1e-6, 16).count == Approx(4.0));
}

TEST_CASE("nice ticks use 1-2-5 steps", "[axis]")
{
    const auto ticks = niceTicks(600, 6);
    REQUIRE(ticks.front() == 0);
    REQUIRE(ticks[1] == Approx(100));
    REQUIRE(ticks.back() == Approx(600));
    REQUIRE(niceTicks(0, 5) == std::vector<double> { 0.0 });
}
