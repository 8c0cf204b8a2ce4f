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

std::vector<QRect> itemRects(
    const QRect& area, const QString& title, const std::vector<LegendItem>& items, const QFontMetrics& fm)
{
    std::vector<QRect> rects;
    int y = area.top() + kMargin + (title.isEmpty() ? 0 : fm.height() + 6);
    int x = area.left() + kMargin;
    for (const auto& item : items) {
        const int w = itemWidth(item, fm);
        if (x > area.left() + kMargin && x + w > area.right() - kMargin) {
            x = area.left() + kMargin;
            y += fm.height() + 4;
        }
        rects.emplace_back(x, y, w - kGap, fm.height());
        x += w;
    }
    return rects;
}

int itemAt(const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QFontMetrics& fm, const QPoint& point)
{
    const std::vector<QRect> rects = itemRects(area, title, items, fm);
    for (size_t i = 0; i < rects.size(); ++i)
        if (!items[i].key.isEmpty() && rects[i].adjusted(-2, -2, 2, 2).contains(point))
            return int(i);
    return -1;
}

namespace {

void paintSwatch(QPainter& p, const LegendItem& item, const QRect& swatch)
{
    QColor color = item.color;
    if (item.hidden)
        color.setAlpha(60);
    switch (item.kind) {
    case LegendItem::Kind::DashedLine:
    case LegendItem::Kind::SolidLine:
        p.setPen(QPen(color, 2, item.kind == LegendItem::Kind::DashedLine ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(swatch.left(), swatch.center().y(), swatch.right(), swatch.center().y());
        break;
    case LegendItem::Kind::Marker: {
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        const QPoint marker[3]
            = { swatch.topLeft(), swatch.topRight(), QPoint(swatch.center().x(), swatch.bottom()) };
        p.drawPolygon(marker, 3);
        break;
    }
    case LegendItem::Kind::Band:
        color.setAlpha(item.hidden ? 40 : 120);
        p.fillRect(swatch, color);
        break;
    case LegendItem::Kind::Swatch:
        p.fillRect(swatch, color);
        break;
    }
}

} // namespace

void paint(QPainter& p, const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QColor& text)
{
    const QFontMetrics fm = p.fontMetrics();
    p.setPen(text);
    if (!title.isEmpty()) {
        QFont bold = p.font();
        bold.setBold(true);
        p.save();
        p.setFont(bold);
        p.drawText(
            QRect(area.left() + kMargin, area.top() + kMargin, area.width() - 2 * kMargin, fm.height()),
            Qt::AlignLeft, title);
        p.restore();
    }
    const std::vector<QRect> rects = itemRects(area, title, items, fm);
    for (size_t i = 0; i < items.size(); ++i) {
        const LegendItem& item = items[i];
        const QRect& r = rects[i];
        paintSwatch(p, item, QRect(r.left(), r.top() + (fm.height() - kSwatch) / 2, kSwatch, kSwatch));
        QColor labelColor = text;
        if (item.hidden)
            labelColor.setAlpha(110);
        p.setPen(labelColor);
        QFont font = p.font();
        font.setStrikeOut(item.hidden);
        p.save();
        p.setFont(font);
        p.drawText(QPoint(r.left() + kSwatch + 4, r.top() + fm.ascent()), item.label);
        p.restore();
    }
}

} // namespace popscope::ChartLegend
