#pragma once
// The navigation strip under the memory chart: the total of every tile in miniature with the
// visible window drawn on it. Drag the window to pan, click elsewhere to centre it there, wheel
// to zoom, double-click to show everything.
#include "models/report_state.hpp"

#include <QWidget>

namespace popscope {

class MemoryChart;

class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    OverviewStrip(ReportState* state, MemoryChart* chart, QWidget* parent = nullptr);
    QSize sizeHint() const override { return {600, 44}; }
    QSize minimumSizeHint() const override { return {100, 36}; }
    QRect windowRect() const; // the visible window in widget coordinates

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    QRect stripRect() const;
    double positionAtX(int x) const;
    ReportState* m_state;
    MemoryChart* m_chart;
    bool m_dragging = false;
    double m_grabOffset = 0;
};

} // namespace popscope
