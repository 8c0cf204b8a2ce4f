#include "views/overview_strip.hpp"

#include "views/chart_palette.hpp"
#include "views/memory_chart.hpp"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace popscope {

OverviewStrip::OverviewStrip(ReportState* state, MemoryChart* chart, QWidget* parent)
    : QWidget(parent), m_state(state), m_chart(chart)
{
    setToolTip(QStringLiteral("Overview of all tiles: drag the window to pan, click to jump, wheel to zoom, "
                              "double-click to show all tiles"));
    setCursor(Qt::PointingHandCursor);
    connect(state, &ReportState::zoomChanged, this, qOverload<>(&QWidget::update));
    connect(chart, &MemoryChart::dataRebuilt, this, qOverload<>(&QWidget::update));
}

QRect OverviewStrip::stripRect() const
{
    // Align with the chart's plot area so the window sits under what it shows.
    const QRect plot = MemoryChartRenderer::plotRect(m_chart->scene(), m_chart->rect(), m_chart->fontMetrics());
    return QRect(plot.left(), 2, plot.width(), height() - 4);
}

double OverviewStrip::positionAtX(int x) const
{
    const QRect r = stripRect();
    return double(x - r.left()) / std::max(1, r.width()) * std::max<uint32_t>(1, m_state->zoomExtent());
}

QRect OverviewStrip::windowRect() const
{
    const QRect r = stripRect();
    const double n = std::max<uint32_t>(1, m_state->zoomExtent());
    const TileWindow w = m_state->zoom();
    const int x0 = r.left() + int(std::floor(w.first / n * r.width()));
    const int x1 = r.left() + int(std::ceil((w.first + w.count) / n * r.width()));
    return QRect(x0, r.top(), std::max(3, x1 - x0), r.height());
}

void OverviewStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QRect r = stripRect();
    p.fillRect(r, ChartPalette::background(palette()));
    const auto& order = m_chart->displayOrder();
    const auto& set = m_chart->seriesSet();
    if (order.empty() || set.maxTotal == 0)
        return;
    const TileWindow all{0.0, double(order.size())};
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
    // Dim outside the window, outline the window.
    const QRect w = windowRect();
    QColor dim = palette().color(QPalette::Window);
    dim.setAlpha(150);
    p.fillRect(QRect(r.left(), r.top(), w.left() - r.left(), r.height()), dim);
    p.fillRect(QRect(w.right() + 1, r.top(), r.right() - w.right(), r.height()), dim);
    QColor hl = palette().color(QPalette::Highlight);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(hl, 2));
    p.drawRect(w.adjusted(1, 1, -1, -1));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
}

void OverviewStrip::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int x = int(event->position().x());
    const TileWindow w = m_state->zoom();
    if (windowRect().contains(QPoint(x, windowRect().center().y()))) {
        m_grabOffset = positionAtX(x) - w.first;
    } else {
        m_grabOffset = w.count / 2;
        m_state->setZoom(TileWindow{positionAtX(x) - m_grabOffset, w.count});
    }
    m_dragging = true;
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return;
    const TileWindow w = m_state->zoom();
    m_state->setZoom(TileWindow{positionAtX(int(event->position().x())) - m_grabOffset, w.count});
}

void OverviewStrip::mouseReleaseEvent(QMouseEvent*) { m_dragging = false; }

void OverviewStrip::mouseDoubleClickEvent(QMouseEvent*) { m_state->resetZoom(); }

void OverviewStrip::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    m_state->setZoom(zoomAround(m_state->zoom(), positionAtX(int(event->position().x())), std::pow(0.8, steps),
                                m_state->zoomExtent()));
}

} // namespace popscope
