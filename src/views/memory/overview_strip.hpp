#pragma once
// The navigation strip under the memory chart: the total of every tile in miniature with the
// visible window drawn on it (NavigationStrip does the mouse).
#include "models/report_state.hpp"
#include "views/widgets/navigation_strip.hpp"

namespace popscope {

class MemoryChart;

class OverviewStrip : public NavigationStrip {
    Q_OBJECT
public:
    OverviewStrip(ReportState* state, MemoryChart* chart, QWidget* parent = nullptr);

protected:
    QRect plotArea() const override;
    double extent() const override { return m_state->zoomExtent(); }
    TileWindow currentWindow() const override { return m_state->zoom(); }
    void applyWindow(TileWindow window) override { m_state->setZoom(window); }
    void resetWindow() override { m_state->resetZoom(); }
    void paintMiniature(QPainter& painter, const QRect& strip) override;

private:
    ReportState* m_state;
    MemoryChart* m_chart;
};

} // namespace popscope
