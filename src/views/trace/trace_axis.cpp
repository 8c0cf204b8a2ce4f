#include "views/trace/trace_axis.hpp"

#include "popscope/units.hpp"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace popscope {

QString compactCycles(double cycles, int digits)
{
    const char* suffix[] = { "", "k", "M", "G", "T" };
    int i = 0;
    while (std::abs(cycles) >= 1000 && i < 4) {
        cycles /= 1000;
        ++i;
    }
    return QString::number(cycles, 'g', digits) + QLatin1String(suffix[i]);
}

// An axis label: "1.25M", or with ticks closer than 1,000 cycles the whole number ("868,261").
// Deep in a long run the label keeps the digits that tell two ticks apart ("162.612M").
QString axisLabel(double cycles, double tickStep)
{
    if (tickStep < 1000)
        return QString::fromStdString(formatCount(uint64_t(cycles)));
    const int digits = int(std::ceil(std::log10(std::max(1.0, std::abs(cycles) / tickStep)))) + 1;
    return compactCycles(cycles, std::max(4, digits));
}

QString timeText(uint64_t cycles, double clockHz)
{
    if (clockHz <= 0)
        return {};
    const double seconds = double(cycles) / clockHz;
    if (seconds >= 1)
        return QStringLiteral("%1 s").arg(seconds, 0, 'g', 3);
    if (seconds >= 1e-3)
        return QStringLiteral("%1 ms").arg(seconds * 1e3, 0, 'g', 3);
    if (seconds >= 1e-6)
        return QStringLiteral("%1 µs").arg(seconds * 1e6, 0, 'g', 3);
    return QStringLiteral("%1 ns").arg(seconds * 1e9, 0, 'g', 3);
}

void paintCycleAxis(QPainter& p, const QRect& area, double first, double last, const QPalette& palette,
    int gutter, int axisHeight)
{
    const int y = area.top() - 4;
    const QColor text = palette.color(QPalette::WindowText);
    const QColor grid = palette.color(QPalette::Mid);
    // About one label per 110 pixels, at 1, 2 or 5 × a power of ten cycles.
    const double perPixel = (last - first) / std::max(1, area.width());
    const double raw = perPixel * 110;
    const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
    double step = power;
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (power * m >= raw) {
            step = power * m;
            break;
        }
    p.setPen(grid);
    p.drawLine(area.left(), y, area.right(), y);
    const double firstTick = std::max(0.0, std::ceil(first / step) * step);
    for (double c = firstTick; c < last; c += step) {
        const int x = int(area.left() + (c - first) / (last - first) * area.width());
        p.setPen(grid);
        p.drawLine(x, y - 4, x, y);
        p.setPen(text);
        // Centred on its tick, but never over the gutter's "cycles".
        const QRect box(std::max(x - 50, area.left()), y - axisHeight + 2, 100, axisHeight - 8);
        p.drawText(box, x - 50 < area.left() ? Qt::AlignVCenter | Qt::AlignLeft : Qt::AlignCenter,
            axisLabel(c, step));
    }
    p.setPen(palette.color(QPalette::PlaceholderText));
    p.drawText(QRect(4, y - axisHeight + 2, gutter - 8, axisHeight - 8), Qt::AlignVCenter | Qt::AlignRight,
        QCoreApplication::translate("popscope::TraceAxis", "cycles"));
}

} // namespace popscope
