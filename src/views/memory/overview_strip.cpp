#include "views/memory/overview_strip.hpp"

#include "views/memory/memory_chart.hpp"

#include <QPainter>

#include <cmath>

namespace popscope {

OverviewStrip::OverviewStrip(ReportState* state, MemoryChart* chart, QWidget* parent)
    : NavigationStrip(parent)
    , m_state(state)
    , m_chart(chart)
{
    setToolTip(tr("Overview of all tiles: drag the window to pan, click to jump, wheel to zoom, "
                  "double-click to show all tiles"));
    connect(state, &ReportState::zoomChanged, this, qOverload<>(&QWidget::update));
    connect(chart, &MemoryChart::dataRebuilt, this, qOverload<>(&QWidget::update));
}

QRect OverviewStrip::plotArea() const
{
    return MemoryChartRenderer::plotRect(m_chart->scene(), m_chart->rect(), m_chart->fontMetrics());
}

void OverviewStrip::paintMiniature(QPainter& p, const QRect& r)
{
    const auto& order = m_chart->displayOrder();
    const auto& set = m_chart->seriesSet();
    if (order.empty() || set.maxTotal == 0)
        return;
    const TileWindow all { 0.0, double(order.size()) };
    const auto columns = aggregateColumns(set.total, order, all, r.width());
    QColor fill = palette().color(QPalette::WindowText);
    fill.setAlpha(110);
    std::vector<QRect> bars;
    bars.reserve(columns.size());
    const double k = (r.height() - 2) / double(std::max<uint64_t>(set.maxTotal, 1));
    for (size_t c = 0; c < columns.size(); ++c) {
        const int h = int(std::lround(columns[c].max * k));
        if (h > 0)
            bars.emplace_back(r.left() + int(c), r.bottom() + 1 - h, 1, h);
    }
    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRects(bars.data(), int(bars.size()));
}

} // namespace popscope
