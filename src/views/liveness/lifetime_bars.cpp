#include "views/liveness/lifetime_bars.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "views/liveness/liveness_plot.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace popscope {

LifetimeBars::LifetimeBars(LivenessPlot* plot, QWidget* parent)
    : QWidget(parent)
    , m_plot(plot)
{
    setMouseTracking(true);
    connect(plot, &LivenessPlot::windowChanged, this, qOverload<>(&QWidget::update));
    connect(plot, &LivenessPlot::selectionChanged, this, qOverload<>(&QWidget::update));
    setVisible(false);
}

void LifetimeBars::setRows(std::vector<LifetimeRow> rows)
{
    if (rows.size() > size_t(kMaxRows))
        rows.erase(rows.begin(), rows.end() - kMaxRows); // the latest picks
    m_rows = std::move(rows);
    setVisible(!m_rows.empty());
    updateGeometry();
    update();
}

void LifetimeBars::setComparing(bool comparing)
{
    m_comparing = comparing;
    updateGeometry();
    update();
}

void LifetimeBars::setUnit(MemoryUnit unit)
{
    m_unit = unit;
    update();
}

int LifetimeBars::rowHeight() const
{
    return fontMetrics().height() + (m_comparing ? 8 : 4);
}

QSize LifetimeBars::sizeHint() const
{
    return { 600, int(m_rows.size()) * rowHeight() + 4 };
}

int LifetimeBars::rowAt(const QPoint& pos) const
{
    const int row = (pos.y() - 2) / rowHeight();
    return pos.y() >= 2 && row < int(m_rows.size()) ? row : -1;
}

QRect LifetimeBars::removeBox(int row) const
{
    const int h = fontMetrics().height();
    return QRect(4, 2 + row * rowHeight() + (rowHeight() - h) / 2, h, h);
}

void LifetimeBars::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), ChartPalette::background(palette()));
    const QRect plot = m_plot->plotRect();
    const TileWindow window = m_plot->window();
    const QFontMetrics fm = fontMetrics();
    const QColor text = ChartPalette::text(palette());
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const LifetimeRow& row = m_rows[i];
        const int top = 2 + int(i) * rowHeight();
        if (i % 2)
            p.fillRect(QRect(0, top, width(), rowHeight()), ChartPalette::grid(palette()).lighter(115));
        // × in the margin; the name goes on a plate over the start of the bars (drawn last).
        const QRect x = removeBox(int(i));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(x, Qt::AlignCenter, QStringLiteral("×"));
        p.save();
        p.setClipRect(QRect(plot.left(), top, plot.width(), rowHeight()));
        const auto bars = [&](const std::vector<StepRange>& ranges, QColor colour, int y, int h) {
            colour.setAlpha(200);
            for (const StepRange& r : ranges) {
                const double x0 = positionToX(r.first, window, plot.width());
                const double x1 = positionToX(r.last + 1.0, window, plot.width());
                if (x1 < 0 || x0 > plot.width())
                    continue;
                p.fillRect(
                    QRect(plot.left() + int(std::floor(x0)), y, std::max(2, int(std::ceil(x1 - x0))), h),
                    colour);
            }
        };
        const int inner = rowHeight() - 6;
        if (m_comparing) {
            bars(row.source, CompareColors::source(), top + 3, inner / 2);
            bars(row.target, CompareColors::target(), top + 3 + inner / 2, inner - inner / 2);
        } else {
            bars(row.source, ChartPalette::seriesColor(QStringLiteral("notAlwaysLive")), top + 3, inner);
        }
        const QString name = fm.elidedText(row.name, Qt::ElideLeft, std::max(40, plot.width() / 3));
        const QRect label(plot.left() + 4, top + (rowHeight() - fm.height()) / 2,
            fm.horizontalAdvance(name) + 8, fm.height());
        QColor plate = ChartPalette::background(palette());
        plate.setAlpha(200);
        p.fillRect(label, plate);
        p.setPen(text);
        p.drawText(label, Qt::AlignCenter, name);
        p.restore();
    }
    // The selected steps, as on the plot.
    QColor selection = palette().color(QPalette::Highlight);
    p.setPen(QPen(selection, 1, Qt::DashLine));
    for (uint32_t step : m_plot->selectedSteps()) {
        const double sx = positionToX(step + 0.5, window, plot.width());
        if (sx >= 0 && sx <= plot.width())
            p.drawLine(plot.left() + int(sx), 0, plot.left() + int(sx), height());
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(plot.left(), 0, plot.left(), height());
}

void LifetimeBars::mousePressEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0 && removeBox(row).adjusted(-2, -2, 2, 2).contains(event->position().toPoint()))
        emit removeRequested(m_rows[size_t(row)].name);
}

bool LifetimeBars::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int row = rowAt(help->pos());
    if (row < 0) {
        QToolTip::hideText();
        return true;
    }
    const LifetimeRow& r = m_rows[size_t(row)];
    const auto ranges = [](const std::vector<StepRange>& list) {
        QStringList parts;
        for (const StepRange& s : list)
            parts << QStringLiteral("%1–%2").arg(countText(s.first), countText(s.last));
        return parts.isEmpty() ? tr("not live") : parts.join(QStringLiteral(", "));
    };
    QString html = QStringLiteral("<b>%1</b>").arg(r.name.toHtmlEscaped());
    if (removeBox(row).contains(help->pos()))
        html = tr("Remove %1 from the lifetimes").arg(html);
    else if (m_comparing)
        html += tr("<br>Source: %1 (%2)<br>Target: %3 (%4)")
                    .arg(r.inSource ? ranges(r.source) : tr("no such variable"),
                        bytesText(r.sourceBytes, m_unit),
                        r.inTarget ? ranges(r.target) : tr("no such variable"),
                        bytesText(r.targetBytes, m_unit));
    else
        html += tr("<br>Live at steps %1<br>%2").arg(ranges(r.source), bytesText(r.sourceBytes, m_unit));
    QToolTip::showText(help->globalPos(), html, this);
    return true;
}

} // namespace popscope
