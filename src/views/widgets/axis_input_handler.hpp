#pragma once
// The mouse, wheel and keys of a chart that zooms along x (the Memory chart, the Liveness plot, the
// Execution Trace), in one place: the wheel zooms around the position under the cursor, a drag
// pans, Shift+drag (where the chart allows it) picks the range to zoom to, double-click shows
// everything; + / − zoom at the centre, ← / → pan a fifth of the window, Home shows everything
// (with letter keys also W / S, A / D and 0). A press and release without a drag is the chart's
// click. The chart implements AxisInputTarget and passes its events on, after taking those it
// answers itself (a legend key, Escape, moving a selection).
#include "models/axis_window.hpp"

#include <QPoint>
#include <QRect>

#include <algorithm>

class QKeyEvent;
class QMouseEvent;
class QWheelEvent;
class QWidget;

namespace popscope {

class AxisInputTarget {
public:
    // The plot in widget coordinates: its left and right edges show the window's ends.
    virtual QRect axisRect() const = 0;
    virtual const AxisWindow& axisWindow() const = 0;
    virtual void showAxisWindow(const TileWindow& window) = 0;
    virtual void resetAxisWindow() = 0;
    // A Shift+drag's range: by default shown like any other window.
    virtual void zoomToAxisRange(const TileWindow& range) { showAxisWindow(range); }
    virtual void axisClicked(QMouseEvent* event) = 0; // a left press and release with no drag
    virtual void axisHovered(QMouseEvent* event) = 0; // the cursor moved, no drag under way

protected:
    ~AxisInputTarget() = default;
};

struct AxisInputOptions {
    double keyZoomFactor = 0.7; // + shows this share of the window, − its inverse
    bool letterKeys = true; // W / S, A / D and 0 as well
    bool shiftDragZooms = false; // Shift+drag picks a range instead of panning
};

class AxisInputHandler {
public:
    static constexpr double kKeyPanShare = 0.2; // ← / → move a fifth of the window

    AxisInputHandler(QWidget* widget, AxisInputTarget* target, AxisInputOptions options = {});

    // Each returns false for an event it leaves to the widget (QWidget's handler, or its own).
    bool wheel(QWheelEvent* event);
    bool mousePress(QMouseEvent* event);
    void mouseMove(QMouseEvent* event);
    bool mouseRelease(QMouseEvent* event);
    void mouseDoubleClick() { m_target->resetAxisWindow(); }
    bool keyPress(QKeyEvent* event);

    // A Shift+drag under way, and the x it spans so far (for the widget to draw).
    bool isPickingRange() const { return m_pickingRange; }
    int rangeStartX() const { return std::min(m_pressPos.x(), m_rangeEndX); }
    int rangeEndX() const { return std::max(m_pressPos.x(), m_rangeEndX); }

private:
    double positionAtX(int x) const; // clamped to the plot
    void pan(const QPoint& pos);
    void finishRange();

    QWidget* m_widget;
    AxisInputTarget* m_target;
    AxisInputOptions m_options;
    QPoint m_pressPos;
    double m_pressFirst = 0; // the window's first position at the press: a drag pans from there
    bool m_pressed = false;
    bool m_dragging = false;
    bool m_pickingRange = false;
    int m_rangeEndX = 0;
};

} // namespace popscope
