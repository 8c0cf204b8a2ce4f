// AxisWindow: the zoom and pan arithmetic the Memory chart, the Liveness plot and the trace share,
// without a widget.
#include "models/axis_window.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("axis window: a new extent shows everything, an empty axis one position", "[axis][zoom]")
{
    AxisWindow axis;
    axis.setExtent(1000);
    CHECK(axis.window().first == 0.0);
    CHECK(axis.window().count == 1000.0);
    axis.setExtent(0);
    CHECK(axis.window().count == 1.0);
    CHECK(axis.whole().count == 1.0);
}

TEST_CASE("axis window: windows stay inside the axis and at least the minimum span wide", "[axis][zoom]")
{
    AxisWindow axis(8.0);
    axis.setExtent(100);
    CHECK(axis.setWindow(TileWindow { 95, 20 })); // past the end: moved back inside
    CHECK(axis.window().first == 80.0);
    CHECK(axis.window().count == 20.0);
    CHECK_FALSE(axis.setWindow(TileWindow { 80, 20 })); // the window shown already
    axis.setWindow(TileWindow { 50, 2 }); // narrower than the minimum: widened
    CHECK(axis.window().count == 8.0);
    CHECK(axis.window().first == 50.0);

    AxisWindow shortAxis(8.0); // an axis shorter than the minimum shows all of it
    shortAxis.setExtent(5);
    shortAxis.setWindow(TileWindow { 2, 1 });
    CHECK(shortAxis.window().first == 0.0);
    CHECK(shortAxis.window().count == 5.0);
}

TEST_CASE("axis window: zooming keeps the anchor in place, down to the minimum span", "[axis][zoom]")
{
    AxisWindow axis(16.0);
    axis.setExtent(1000);
    axis.setWindow(axis.zoomedAround(250, 0.5)); // the position a quarter in stays a quarter in
    CHECK(axis.window().count == Approx(500));
    CHECK(axis.window().first + axis.window().count / 4 == Approx(250));
    axis.setWindow(axis.zoomedAtCentre(0.001));
    CHECK(axis.window().count == Approx(16));
    CHECK(axis.window().first + 8 == Approx(375)); // the centre stayed
    axis.setWindow(axis.zoomedAtCentre(1e6)); // out past the axis: all of it
    CHECK(axis.window().first == 0.0);
    CHECK(axis.window().count == 1000.0);
}

TEST_CASE("axis window: panning moves a share of the window and stops at the ends", "[axis][zoom]")
{
    AxisWindow axis;
    axis.setExtent(1000);
    axis.setWindow(TileWindow { 100, 200 });
    axis.setWindow(axis.pannedBy(0.5));
    CHECK(axis.window().first == Approx(200));
    CHECK(axis.window().count == Approx(200));
    axis.setWindow(axis.pannedBy(-10));
    CHECK(axis.window().first == 0.0);
    axis.setWindow(axis.pannedBy(10));
    CHECK(axis.window().first + axis.window().count == Approx(1000));
    CHECK(axis.window().count == Approx(200));
}

TEST_CASE("axis window: centring on a position narrows to the span asked, never wider", "[axis][zoom]")
{
    AxisWindow axis;
    axis.setExtent(10000);
    axis.setWindow(axis.centredOn(5000.5, 200));
    CHECK(axis.window().count == Approx(200));
    CHECK(axis.window().first == Approx(4900.5));
    axis.setWindow(TileWindow { 0, 50 });
    axis.setWindow(axis.centredOn(9990, 200)); // the narrower window stays, moved inside the axis
    CHECK(axis.window().count == Approx(50));
    CHECK(axis.window().first + axis.window().count == Approx(10000));
}

TEST_CASE("axis window: an axis past 2^32 positions (a trace's cycles) zooms like any other", "[axis][zoom]")
{
    AxisWindow axis(16.0);
    const double cycles = 6e10;
    axis.setExtent(cycles);
    axis.setWindow(axis.zoomedAround(cycles / 2, 0.25));
    CHECK(axis.window().count == Approx(cycles / 4));
    CHECK(axis.window().first == Approx(cycles * 3 / 8));
}
