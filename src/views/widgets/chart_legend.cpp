#include "views/widgets/chart_legend.hpp"

#include <QPainter>

namespace popscope::ChartLegend {

namespace {
constexpr int kSwatch = 12;
constexpr int kGap = 18;

int itemWidth(const LegendItem& item, const QFontMetrics& fm)
{
    return kSwatch + 4 + fm.horizontalAdvance(item.label) + kGap;
}
} // namespace

int height(const QString& title, const std::vector<LegendItem>& items, int width, const QFontMetrics& fm)
{
    int x = 0, rows = items.empty() ? 0 : 1;
    for (const auto& item : items) {
        const int w = itemWidth(item, fm);
        if (x > 0 && x + w > width) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return (title.isEmpty() ? 0 : fm.height() + 6) + rows * (fm.height() + 4);
}

void paint(QPainter& p, const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QColor& text)
{
    const QFontMetrics fm = p.fontMetrics();
    int y = area.top() + kMargin;
    p.setPen(text);
    if (!title.isEmpty()) {
        QFont bold = p.font();
        bold.setBold(true);
        p.save();
        p.setFont(bold);
        p.drawText(
            QRect(area.left() + kMargin, y, area.width() - 2 * kMargin, fm.height()), Qt::AlignLeft, title);
        p.restore();
        y += fm.height() + 6;
    }
    int x = area.left() + kMargin;
    for (const auto& item : items) {
        const int w = itemWidth(item, fm);
        if (x > area.left() + kMargin && x + w > area.right() - kMargin) {
            x = area.left() + kMargin;
            y += fm.height() + 4;
        }
        const QRect swatch(x, y + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
        switch (item.kind) {
        case LegendItem::Kind::DashedLine:
        case LegendItem::Kind::SolidLine:
            p.setPen(QPen(
                item.color, 2, item.kind == LegendItem::Kind::DashedLine ? Qt::DashLine : Qt::SolidLine));
            p.drawLine(swatch.left(), swatch.center().y(), swatch.right(), swatch.center().y());
            break;
        case LegendItem::Kind::Marker: {
            p.setPen(Qt::NoPen);
            p.setBrush(item.color);
            const QPoint marker[3]
                = { swatch.topLeft(), swatch.topRight(), QPoint(swatch.center().x(), swatch.bottom()) };
            p.drawPolygon(marker, 3);
            break;
        }
        case LegendItem::Kind::Band: {
            QColor c = item.color;
            c.setAlpha(120);
            p.fillRect(swatch, c);
            break;
        }
        case LegendItem::Kind::Swatch:
            p.fillRect(swatch, item.color);
            break;
        }
        p.setPen(text);
        p.drawText(QPoint(x + kSwatch + 4, y + fm.ascent()), item.label);
        x += w;
    }
}

} // namespace popscope::ChartLegend
