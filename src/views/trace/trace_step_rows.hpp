#pragma once
// The step rows of an Execution Trace lane. Flat: one row of steps, each in its program type's
// colour (as in the Program Tree). Flame: the run on top, then the programs from the control
// program down to each step's own, one row per level (TraceFlame). Spans narrower than a pixel
// share it and the pixel takes the colour of the longest; names are drawn where they fit; spans
// that do not match the filter fade; the selected step gets a frame through every row. Overlapped
// I/O is drawn in a row of its own under the others (paintIoRow).
#include "models/trace/trace_data.hpp"

#include <QFont>
#include <QPalette>
#include <QString>

class QPainter;
class QRect;

namespace popscope {

struct StepRowsFrame {
    const TraceData* trace = nullptr;
    double left = 0, width = 1; // the plot's pixels
    double first = 0, last = 1; // the cycles they show (negative before the run)
    QString filter;
    int64_t selectedStep = -1;
    QPalette palette;
    QFont font;
    double xOf(uint64_t cycle) const
    {
        return left + (double(cycle) - first) / std::max(1.0, last - first) * width;
    }
};

void paintFlatRow(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& row);
// The lane's overlapped I/O (FlameLane::ioSteps): the stream copies that run beside compute, in a
// row under the others, so neither hides the other.
void paintIoRow(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& row);
void paintFlameRows(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& rows, int rowHeight);

} // namespace popscope
