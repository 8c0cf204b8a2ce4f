// TraceZoom: the Execution Trace's cycle window, its limits and its Back/Forward history, without
// a widget.
#include "models/trace/trace_zoom.hpp"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("trace zoom: a new extent shows everything and forgets the history", "[trace][zoom]")
{
    TraceZoom zoom;
    zoom.setExtent(1000);
    zoom.setWindow(100, 200);
    REQUIRE(zoom.canGoBack());
    zoom.setExtent(5000);
    REQUIRE(zoom.first() == 0);
    REQUIRE(zoom.last() == 5000);
    REQUIRE(!zoom.canGoBack());
    REQUIRE(!zoom.canGoForward());
}

TEST_CASE("trace zoom: windows stay inside the run and never narrower than the deepest zoom", "[trace][zoom]")
{
    TraceZoom zoom;
    zoom.setExtent(1000);
    zoom.setWindow(990, 2000); // past the end: clamped to the run
    REQUIRE(zoom.last() == 1000);
    REQUIRE(zoom.width() >= TraceZoom::kMinimumWidth);
    zoom.setWindow(500, 501); // one cycle asked: the minimum width shown
    REQUIRE(zoom.first() == 500);
    REQUIRE(zoom.width() == TraceZoom::kMinimumWidth);
    zoom.setWindow(995, 996); // the minimum width near the end moves left instead
    REQUIRE(zoom.last() == 1000);
    REQUIRE(zoom.first() == 1000 - TraceZoom::kMinimumWidth);

    TraceZoom tiny; // a run shorter than the minimum width shows all of it
    tiny.setExtent(5);
    tiny.setWindow(2, 3);
    REQUIRE(tiny.first() == 0);
    REQUIRE(tiny.last() == 5);
}

TEST_CASE(
    "trace zoom: zooming keeps the anchored cycle in place and panning keeps the width", "[trace][zoom]")
{
    TraceZoom zoom;
    zoom.setExtent(1000);
    zoom.zoomAround(0.5, 0.25); // the cycle a quarter in (250) stays a quarter in
    REQUIRE(zoom.width() == 500);
    REQUIRE(zoom.first() + zoom.width() / 4 == 250);
    zoom.panBy(0.5);
    REQUIRE(zoom.width() == 500);
    REQUIRE(zoom.first() == 375);
    zoom.panBy(10.0); // far past the end: stops at the end
    REQUIRE(zoom.last() == 1000);
    REQUIRE(zoom.width() == 500);
    zoom.zoomAround(100.0, 0.5); // zooming out past the run shows the whole run
    REQUIRE(zoom.first() == 0);
    REQUIRE(zoom.last() == 1000);
}

TEST_CASE("trace zoom: Back and Forward walk the remembered windows", "[trace][zoom]")
{
    TraceZoom zoom;
    zoom.setExtent(1000);
    QSignalSpy changed(&zoom, &TraceZoom::changed);
    zoom.setWindow(100, 300);
    zoom.setWindow(150, 200);
    zoom.setWindow(160, 400, false); // not remembered: replaces nothing in the history
    REQUIRE(changed.count() == 3);
    zoom.back();
    REQUIRE(zoom.first() == 100);
    REQUIRE(zoom.last() == 300);
    zoom.back();
    REQUIRE(zoom.first() == 0);
    REQUIRE(zoom.last() == 1000);
    REQUIRE(!zoom.canGoBack());
    zoom.back(); // nothing further back: no change
    REQUIRE(changed.count() == 5);
    zoom.forward();
    zoom.forward();
    REQUIRE(zoom.first() == 160); // the last window shown at that place in the history
    REQUIRE(zoom.last() == 400);
    REQUIRE(!zoom.canGoForward());
    zoom.back();
    zoom.setWindow(10, 50); // a new window drops the forward history
    REQUIRE(!zoom.canGoForward());
}
