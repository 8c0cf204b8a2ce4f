#pragma once
// The Execution Trace's time axis and its texts: ticks at 1, 2 or 5 × a power of ten cycles,
// labels in k/M/G (whole numbers once ticks are closer than 1,000 cycles), times at the clock.
#include <QPalette>
#include <QRect>
#include <QString>

#include <cstdint>

class QPainter;

namespace popscope {

QString compactCycles(double cycles, int digits = 4); // "1.25M"
QString axisLabel(double cycles, double tickStep); // "1.25M", or "868,261" for close ticks
QString timeText(uint64_t cycles, double clockHz); // "1.6 ms" ("" without a clock)
// Ticks and labels over `area` (its top edge) for cycles [first, last); "cycles" in the gutter.
// A window that starts before cycle 0 (an aligned compare view) has no ticks there.
void paintCycleAxis(QPainter& p, const QRect& area, double first, double last, const QPalette& palette,
    int gutter, int axisHeight);

} // namespace popscope
