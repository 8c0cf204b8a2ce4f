// The Execution Trace view's wheel, drags and keys as AxisInputHandler gives them to it: on a view
// with no trace loaded, only its TraceZoom answers.
#include "models/trace/trace_zoom.hpp"
#include "mouse_drag.hpp"
#include "views/trace/trace_view.hpp"

#include <QTest>

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE(
    "trace view input: keys halve and double the cycles, Alt+arrows walk the history", "[trace][zoom][input]")
{
    TraceZoom zoom;
    zoom.setExtent(100000);
    TraceView view(&zoom);
    view.resize(1088, 300); // a 1,000-pixel plot right of the lane labels
    QTest::keyClick(&view, Qt::Key_Plus);
    CHECK(zoom.width() == 50000);
    CHECK(zoom.first() == 25000);
    QTest::keyClick(&view, Qt::Key_Right);
    CHECK(zoom.first() == 35000);
    QTest::keyClick(&view, Qt::Key_W); // no letter keys on the trace
    CHECK(zoom.width() == 50000);
    QTest::keyClick(&view, Qt::Key_Minus);
    CHECK(zoom.width() == 100000);

    zoom.setWindow(10000, 20000); // remembered
    QTest::keyClick(&view, Qt::Key_Left, Qt::AltModifier);
    CHECK(zoom.width() == 100000);
    QTest::keyClick(&view, Qt::Key_Right, Qt::AltModifier);
    CHECK(zoom.first() == 10000);
    QTest::keyClick(&view, Qt::Key_Home);
    CHECK(zoom.width() == 100000);
}

TEST_CASE("trace view input: a drag pans, Shift+drag zooms to the cycles dragged over and Back returns",
    "[trace][zoom][input]")
{
    TraceZoom zoom;
    zoom.setExtent(100000);
    TraceView view(&zoom);
    view.resize(1088, 300);
    const int left = 78; // the plot's left edge
    const int y = 150;
    dragMouse(&view, QPoint(left + 200, y), QPoint(left + 600, y), Qt::ShiftModifier);
    CHECK(zoom.first() == 20000);
    CHECK(zoom.last() == 60000);
    REQUIRE(zoom.canGoBack());

    dragMouse(&view, QPoint(left + 500, y), QPoint(left + 250, y), Qt::NoModifier);
    CHECK(zoom.width() == 40000); // a quarter of the plot: 10,000 cycles later
    CHECK(zoom.first() == 30000);

    zoom.back();
    CHECK(zoom.width() == 100000);
}
