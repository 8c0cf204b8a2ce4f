#pragma once
// The title and legend rows at the top of the custom-painted charts (Memory, Liveness): swatches,
// lines and markers with labels, wrapped to the width.
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
};

namespace ChartLegend {
inline constexpr int kMargin = 8; // from the chart's edge to the title and legend
// Height of the title (when not empty) and the legend rows for a chart `width` wide.
int height(
    const QString& title, const std::vector<LegendItem>& items, int width, const QFontMetrics& metrics);
void paint(QPainter& painter, const QRect& area, const QString& title, const std::vector<LegendItem>& items,
    const QColor& text);
} // namespace ChartLegend

} // namespace popscope
