// AxisInputHandler: the wheel, drags, clicks and keys every zoomable chart shares, driven on a bare
// widget whose target records what it was asked.
#include "views/widgets/axis_input_handler.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QWidget>

#include <catch2/catch.hpp>

using namespace popscope;

namespace {

// A 100-position axis drawn from x = 0 to x = 100 of a bare widget.
class RecordingAxisTarget : public AxisInputTarget {
public:
    RecordingAxisTarget() { axis.setExtent(100); }
    QRect axisRect() const override { return QRect(0, 0, 100, 50); }
    const AxisWindow& axisWindow() const override { return axis; }
    void showAxisWindow(const TileWindow& window) override { axis.setWindow(window); }
    void resetAxisWindow() override { axis.setWindow(axis.whole()); }
    void zoomToAxisRange(const TileWindow& range) override { picked = range; }
    void axisClicked(QMouseEvent*) override { ++clicks; }
    void axisHovered(QMouseEvent*) override { ++hovers; }

    AxisWindow axis;
    TileWindow picked { -1, -1 };
    int clicks = 0;
    int hovers = 0;
};

QMouseEvent axisMouse(QEvent::Type type, int x, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const QPointF pos(x, 25);
    return QMouseEvent(type, pos, pos, button, Qt::LeftButton, modifiers);
}

void pressAxisKey(AxisInputHandler& input, int key)
{
    QKeyEvent event(QEvent::KeyPress, key, Qt::NoModifier);
    REQUIRE(input.keyPress(&event));
}

} // namespace

TEST_CASE("axis input: the wheel zooms around the position under the cursor", "[axis][input]")
{
    QWidget widget;
    RecordingAxisTarget target;
    AxisInputHandler input(&widget, &target);
    QWheelEvent wheel(QPointF(25, 25), QPointF(25, 25), QPoint(), QPoint(0, 120), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    REQUIRE(input.wheel(&wheel));
    CHECK(target.axis.window().count == Approx(80)); // one notch: 0.8 of the window
    CHECK(target.axis.window().first + target.axis.window().count / 4 == Approx(25));
    QWheelEvent sideways(QPointF(25, 25), QPointF(25, 25), QPoint(), QPoint(120, 0), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    CHECK_FALSE(input.wheel(&sideways)); // no vertical turn: left to the widget
}

TEST_CASE("axis input: a drag pans, a short press is a click, double-click shows all", "[axis][input]")
{
    QWidget widget;
    RecordingAxisTarget target;
    target.axis.setWindow(TileWindow { 40, 20 });
    AxisInputHandler input(&widget, &target);
    QMouseEvent press = axisMouse(QEvent::MouseButtonPress, 50);
    QMouseEvent nudge = axisMouse(QEvent::MouseMove, 52); // within the click's slack: a hover
    QMouseEvent drag = axisMouse(QEvent::MouseMove, 0); // half the plot left: the window moves right
    QMouseEvent release = axisMouse(QEvent::MouseButtonRelease, 0);
    REQUIRE(input.mousePress(&press));
    input.mouseMove(&nudge);
    input.mouseMove(&drag);
    REQUIRE(input.mouseRelease(&release));
    CHECK(target.axis.window().first == Approx(50)); // 50 pixels of a 20-position window over 100
    CHECK(target.hovers == 1);
    CHECK(target.clicks == 0);

    QMouseEvent click = axisMouse(QEvent::MouseButtonPress, 30);
    QMouseEvent clickRelease = axisMouse(QEvent::MouseButtonRelease, 31);
    input.mousePress(&click);
    input.mouseRelease(&clickRelease);
    CHECK(target.clicks == 1);
    CHECK(target.axis.window().first == Approx(50));
    input.mouseDoubleClick();
    CHECK(target.axis.window().count == 100.0);
}

TEST_CASE("axis input: Shift+drag picks a range where the chart allows it", "[axis][input]")
{
    QWidget widget;
    RecordingAxisTarget target;
    AxisInputHandler input(&widget, &target, AxisInputOptions { .shiftDragZooms = true });
    QMouseEvent press = axisMouse(QEvent::MouseButtonPress, 60, Qt::ShiftModifier);
    QMouseEvent move = axisMouse(QEvent::MouseMove, 20, Qt::ShiftModifier);
    QMouseEvent release = axisMouse(QEvent::MouseButtonRelease, 20, Qt::ShiftModifier);
    input.mousePress(&press);
    input.mouseMove(&move);
    CHECK(input.isPickingRange());
    CHECK(input.rangeStartX() == 20);
    CHECK(input.rangeEndX() == 60);
    input.mouseRelease(&release);
    CHECK_FALSE(input.isPickingRange());
    CHECK(target.picked.first == Approx(20));
    CHECK(target.picked.count == Approx(40));
    CHECK(target.axis.window().count == 100.0); // the pan did not move meanwhile
    CHECK(target.clicks == 0);
}

TEST_CASE("axis input: keys zoom at the centre, pan a fifth and show everything", "[axis][input]")
{
    QWidget widget;
    RecordingAxisTarget target;
    AxisInputHandler input(&widget, &target);
    pressAxisKey(input, Qt::Key_Plus);
    CHECK(target.axis.window().count == Approx(70));
    CHECK(target.axis.window().first == Approx(15));
    pressAxisKey(input, Qt::Key_A); // letter keys are on by default
    CHECK(target.axis.window().first == Approx(1));
    pressAxisKey(input, Qt::Key_Right);
    CHECK(target.axis.window().first == Approx(15));
    pressAxisKey(input, Qt::Key_0);
    CHECK(target.axis.window().count == 100.0);

    AxisInputHandler noLetters(
        &widget, &target, AxisInputOptions { .keyZoomFactor = 0.5, .letterKeys = false });
    pressAxisKey(noLetters, Qt::Key_Equal);
    CHECK(target.axis.window().count == Approx(50));
    pressAxisKey(noLetters, Qt::Key_Minus);
    CHECK(target.axis.window().count == Approx(100));
    QKeyEvent letter(QEvent::KeyPress, Qt::Key_W, Qt::NoModifier);
    CHECK_FALSE(noLetters.keyPress(&letter));
}
