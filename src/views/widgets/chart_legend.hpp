#pragma once
// The title and legend rows at the top of the custom-painted charts (Memory, Liveness): swatches,
// lines and markers with labels, wrapped to the width. A key with a `key` hides and shows its
// series on click (the chart asks itemAt); a hidden one is drawn faded and struck through.
#include <QColor>
#include <QFontMetrics>
#include <QRect>
#include <QString>

#include <vector>

class QPainter;

namespace popscope {

struct LegendItem {
    enum class Kind { Swatch, Band, DashedLine, SolidLine, Marker };
    QString label;
    QColor color;
    Kind kind = Kind::Swatch;
    QString key = {}; // the series it stands for, when a click may hide it; empty: not clickable
    bool hidden = false;
};

namespace ChartLegend {
inline constexpr int kMargin = 8; // from the chart's edge to the title and legend
// Height of the title (when not empty) and the legend rows for a chart `width` wide.
int height(
    const QString& title, const std::vector<LegendItem>& items, int width, const QFontMetrics& metrics);
void paint(QPainter& painter, const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QColor& text);
// Where each item is drawn (swatch and label) in `area`, in the items' order.
std::vector<QRect> itemRects(const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QFontMetrics& metrics);
// The clickable item (one with a key) at `point`, or -1.
int itemAt(const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QFontMetrics& metrics, const QPoint& point);
} // namespace ChartLegend

} // namespace popscope
