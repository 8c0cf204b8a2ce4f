#pragma once
// The Execution Trace's overview strip: the whole run of every IPU in miniature (the BSP mix of
// each IPU's tiles) with the visible window drawn on it; NavigationStrip does the mouse and the
// magnification, on the page's TraceZoom.
#include "models/trace/trace_data.hpp"
#include "views/widgets/navigation_strip.hpp"

#include <QImage>

#include <memory>

namespace popscope {

class TraceZoom;

class TraceOverview : public NavigationStrip {
    Q_OBJECT
public:
    TraceOverview(TraceZoom* zoom, QWidget* parent = nullptr);
    void setTrace(std::shared_ptr<const TraceData> trace);
    void setCycleOffset(int64_t offset); // as TraceView's: the zoom's cycle c is the trace's c + offset
    QSize sizeHint() const override { return { 600, 36 }; }
    QSize minimumSizeHint() const override { return { 100, 24 }; }

protected:
    QRect plotArea() const override;
    double extent() const override;
    TileWindow currentWindow() const override;
    void applyWindow(TileWindow window) override;
    void zoomToWindow(TileWindow window) override; // remembered: Back returns
    void resetWindow() override;
    void paintMiniature(QPainter& painter, const QRect& strip) override;

private:
    void paintRun(const QRect& strip); // into m_picture

    TraceZoom* m_zoom;
    std::shared_ptr<const TraceData> m_trace;
    QImage m_picture; // the whole run at the strip's size
    int64_t m_cycleOffset = 0;
};

} // namespace popscope
