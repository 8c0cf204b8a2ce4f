#include "views/liveness/liveness_overview.hpp"

#include "models/compare_colors.hpp"
#include "models/liveness/step_buckets.hpp"
#include "views/liveness/liveness_plot.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace popscope {

LivenessOverview::LivenessOverview(LivenessPlot* plot, QWidget* parent)
    : NavigationStrip(parent)
    , m_plot(plot)
{
    setToolTip(tr("Overview of all steps: drag the window to pan, click to jump, wheel to zoom, "
                  "double-click to show all steps"));
    connect(plot, &LivenessPlot::windowChanged, this, qOverload<>(&QWidget::update));
    connect(plot, &LivenessPlot::selectionChanged, this, qOverload<>(&QWidget::update));
}

QRect LivenessOverview::plotArea() const
{
    return m_plot->plotRect();
}
double LivenessOverview::extent() const
{
    return double(m_plot->steps());
}
TileWindow LivenessOverview::currentWindow() const
{
    return m_plot->window();
}
void LivenessOverview::applyWindow(TileWindow window)
{
    m_plot->setWindow(window);
}
void LivenessOverview::resetWindow()
{
    m_plot->resetView();
}

void LivenessOverview::paintMiniature(QPainter& p, const QRect& r)
{
    const LivenessPlotData& data = m_plot->data();
    const TileWindow all { 0.0, std::max(1.0, extent()) };
    const auto source = aggregateSteps(data.source.notAlwaysLive, all, r.width());
    const auto target = aggregateSteps(data.target.notAlwaysLive, all, r.width());
    uint64_t top = 1;
    for (const auto* buckets : { &source, &target })
        for (const StepBucket& b : *buckets)
            top = std::max(top, b.max);
    const double k = (r.height() - 2) / double(top);
    std::vector<QRect> bars;
    for (size_t c = 0; c < source.size(); ++c) {
        const int h = int(std::lround(double(source[c].max) * k));
        if (!source[c].empty() && h > 0)
            bars.emplace_back(r.left() + int(c), r.bottom() + 1 - h, 1, h);
    }
    QColor fill = palette().color(QPalette::WindowText);
    fill.setAlpha(110);
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRects(bars.data(), int(bars.size()));
    if (data.targetSteps) {
        QPolygon line;
        for (size_t c = 0; c < target.size(); ++c)
            if (!target[c].empty())
                line << QPoint(
                    r.left() + int(c), r.bottom() + 1 - int(std::lround(double(target[c].max) * k)));
        p.setPen(QPen(CompareColors::target(), 1.2));
        p.drawPolyline(line);
    }
    p.setPen(QPen(palette().color(QPalette::Highlight), 1));
    for (uint32_t step : m_plot->selectedSteps()) {
        const int x = r.left() + int(positionToX(step + 0.5, all, r.width()));
        p.drawLine(x, r.top(), x, r.bottom());
    }
}

} // namespace popscope
