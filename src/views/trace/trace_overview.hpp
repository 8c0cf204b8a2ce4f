#pragma once
// The Execution Trace's overview strip: the whole run of every IPU in miniature (the BSP mix of
// each IPU's tiles) with the visible window drawn on it. Drag the window to pan, click elsewhere
// to centre it there, wheel to zoom, double-click to show everything.
#include "models/trace/trace_data.hpp"

#include <QImage>
#include <QWidget>

#include <memory>

namespace popscope {

class MagnificationEdit;
class TraceZoom;

class TraceOverview : public QWidget {
    Q_OBJECT
public:
    TraceOverview(TraceZoom* zoom, QWidget* parent = nullptr);
    void setTrace(std::shared_ptr<const TraceData> trace);
    void setZoom(TraceZoom* zoom);
    void setCycleOffset(int64_t offset); // as TraceView's: the zoom's cycle c is the trace's c + offset
    QRect windowRect() const; // the visible window in widget coordinates
    MagnificationEdit* magnification() const { return m_magnification; }
    QSize sizeHint() const override { return { 600, 36 }; }
    QSize minimumSizeHint() const override { return { 100, 24 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    QRect stripRect() const;
    uint64_t cycleAtX(int x) const;
    void centreAt(int x);
    void applyMagnification(double factor);

    TraceZoom* m_zoom;
    MagnificationEdit* m_magnification;
    std::shared_ptr<const TraceData> m_trace;
    QImage m_picture; // the whole run at the strip's size
    int64_t m_cycleOffset = 0;
    bool m_dragging = false;
    int m_grabOffset = 0;
};

} // namespace popscope
