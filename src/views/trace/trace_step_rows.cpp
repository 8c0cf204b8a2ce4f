#include "views/trace/trace_step_rows.hpp"

#include "models/programs/program_type_style.hpp"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace popscope {

namespace {

// One row's spans, left to right: whole spans are boxes with their names, spans under a pixel
// wide are merged per pixel column (the longest one's colour wins).
class RowPainter {
public:
    RowPainter(QPainter& p, const StepRowsFrame& frame, int top, int height)
        : m_p(p)
        , m_frame(frame)
        , m_metrics(frame.font)
        , m_top(top)
        , m_height(height)
    {
    }
    ~RowPainter() { flush(); }

    void add(uint64_t first, uint64_t last, QColor colour, bool matches, const QString& name)
    {
        const double x0 = std::max(m_frame.xOf(first), m_frame.left);
        const double x1 = std::min(m_frame.xOf(last), m_frame.left + m_frame.width);
        if (!matches)
            colour.setAlpha(50);
        if (x1 - x0 < 1.0) {
            const int px = int(x0);
            if (px != m_pendingX)
                flush();
            if (last - first >= m_pendingCycles) {
                m_pendingX = px;
                m_pendingCycles = last - first;
                m_pendingColour = colour;
            }
            return;
        }
        flush();
        const QRectF box(x0, m_top, x1 - x0, m_height);
        m_p.fillRect(box, colour);
        if (box.width() > 4) // a hairline between neighbours of one colour
            m_p.fillRect(QRectF(x1 - 1, m_top, 1, m_height), m_frame.palette.color(QPalette::Base));
        if (box.width() > 36 && m_height >= 11 && matches) {
            m_p.setPen(qGray(colour.rgb()) > 150 ? Qt::black : Qt::white); // readable on any type's colour
            const QString text = m_metrics.elidedText(name, Qt::ElideRight, int(box.width()) - 6);
            m_p.drawText(box.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
    }

private:
    void flush()
    {
        if (m_pendingX != INT32_MIN)
            m_p.fillRect(QRect(m_pendingX, m_top, 1, m_height), m_pendingColour);
        m_pendingX = INT32_MIN;
        m_pendingCycles = 0;
    }

    QPainter& m_p;
    const StepRowsFrame& m_frame;
    QFontMetrics m_metrics;
    int m_top, m_height;
    int m_pendingX = INT32_MIN;
    uint64_t m_pendingCycles = 0;
    QColor m_pendingColour;
};

bool matchesFilter(const StepRowsFrame& frame, const QString& name)
{
    return frame.filter.isEmpty() || name.contains(frame.filter, Qt::CaseInsensitive);
}

// A frame around the selected step through every row of the lane (a marker when it is thin).
void markSelected(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& rows)
{
    // The step's row on this IPU, found directly: a walk along the lane read all of it each frame.
    const StepTable& steps = frame.trace->steps;
    const StepOnIpu* s = frame.selectedStep >= 0 && uint64_t(frame.selectedStep) < steps.size()
        ? steps.onIpu(size_t(frame.selectedStep), ipu)
        : nullptr;
    if (!s)
        return;
    const double x0 = frame.xOf(s->cyclesBase), x1 = frame.xOf(s->cyclesBase + s->cycles);
    if (x1 < frame.left || x0 > frame.left + frame.width)
        return;
    p.setBrush(Qt::NoBrush);
    if (x1 - x0 < 3) {
        p.fillRect(QRectF(x0 - 1, rows.top(), 3, rows.height()), frame.palette.color(QPalette::WindowText));
    } else {
        p.setPen(QPen(frame.palette.color(QPalette::WindowText), 2));
        p.drawRect(QRectF(x0 + 1, rows.top() + 1, x1 - x0 - 2, rows.height() - 2));
    }
}

// One lane step into a row: its type's colour, its name where it may show.
void addLaneStep(RowPainter& painter, const StepRowsFrame& frame, const TraceLod::LaneStep& step)
{
    const QColor colour = programTypeColor(frame.trace->steps.type(step.step));
    if (frame.filter.isEmpty() && frame.xOf(step.base + step.cycles) - frame.xOf(step.base) < 1.0) {
        painter.add(step.base, step.base + step.cycles, colour, true, QString());
        return;
    }
    const QString name = frame.trace->stepName(step.step);
    painter.add(step.base, step.base + step.cycles, colour, matchesFilter(frame, name), name);
}

const std::vector<uint32_t>* ioStepsOf(const StepRowsFrame& frame, uint32_t ipu)
{
    return ipu < frame.trace->flame.lanes.size() ? &frame.trace->flame.lanes[ipu].ioSteps : nullptr;
}

} // namespace

void paintFlatRow(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& row)
{
    p.fillRect(row, frame.palette.color(QPalette::AlternateBase));
    if (!frame.trace || ipu >= frame.trace->lod.numIpus())
        return;
    const auto& steps = frame.trace->lod.lane(ipu);
    const auto begin = std::partition_point(steps.begin(), steps.end(),
        [&](const TraceLod::LaneStep& s) { return s.base + s.cycles <= frame.first; });
    // The overlapped I/O has a row of its own (paintIoRow): both lists ascend, so one walk skips it.
    const std::vector<uint32_t>* io = ioStepsOf(frame, ipu);
    std::vector<uint32_t>::const_iterator nextIo;
    if (io)
        nextIo = std::lower_bound(io->begin(), io->end(), uint32_t(begin - steps.begin()));
    {
        RowPainter painter(p, frame, row.top(), row.height());
        for (auto it = begin; it != steps.end() && double(it->base) < frame.last; ++it) {
            const uint32_t k = uint32_t(it - steps.begin());
            if (io && nextIo != io->end() && *nextIo == k) {
                ++nextIo;
                continue;
            }
            addLaneStep(painter, frame, *it);
        }
    }
    markSelected(p, frame, ipu, row);
}

void paintIoRow(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& row)
{
    p.fillRect(row, frame.palette.color(QPalette::AlternateBase));
    const std::vector<uint32_t>* io = frame.trace ? ioStepsOf(frame, ipu) : nullptr;
    if (!io || io->empty())
        return;
    const auto& steps = frame.trace->lod.lane(ipu);
    const auto begin = std::partition_point(
        io->begin(), io->end(), [&](uint32_t k) { return steps[k].base + steps[k].cycles <= frame.first; });
    bool selectedShown = false; // the selection's frame only where the selected step is drawn
    {
        RowPainter painter(p, frame, row.top(), row.height());
        for (auto it = begin; it != io->end() && double(steps[*it].base) < frame.last; ++it) {
            addLaneStep(painter, frame, steps[*it]);
            selectedShown = selectedShown || int64_t(steps[*it].step) == frame.selectedStep;
        }
    }
    if (selectedShown)
        markSelected(p, frame, ipu, row);
}

void paintFlameRows(QPainter& p, const StepRowsFrame& frame, uint32_t ipu, const QRect& rows, int rowHeight)
{
    p.fillRect(rows, frame.palette.color(QPalette::AlternateBase));
    if (!frame.trace || ipu >= frame.trace->flame.lanes.size())
        return;
    const FlameLane& lane = frame.trace->flame.lanes[ipu];
    const QColor runColour = frame.palette.color(QPalette::Mid);
    for (size_t level = 0; level < lane.levels.size(); ++level) {
        const int top = rows.top() + int(level) * rowHeight;
        if (top + rowHeight > rows.bottom() + 2)
            break; // the lane is shorter than the tree: the deepest levels do not fit
        const auto spans = lane.levels[level].span();
        RowPainter painter(p, frame, top, rowHeight - 1);
        const uint64_t first = uint64_t(std::max(0.0, frame.first)); // an aligned view starts before cycle 0
        for (size_t i = firstFlameSpanEndingAfter(spans, first);
             i < spans.size() && double(spans[i].first) < frame.last; ++i) {
            const QColor colour
                = level == 0 ? runColour : programTypeColor(frame.trace->flameSpanType(level, spans[i]));
            // Zoomed out most spans are under a pixel: their names are neither drawn nor, without a filter,
            // read.
            if (frame.filter.isEmpty() && frame.xOf(spans[i].last) - frame.xOf(spans[i].first) < 1.0) {
                painter.add(spans[i].first, spans[i].last, colour, true, QString());
                continue;
            }
            const QString name = frame.trace->flameSpanName(level, spans[i]);
            painter.add(spans[i].first, spans[i].last, colour, matchesFilter(frame, name), name);
        }
    }
    markSelected(p, frame, ipu, rows);
}

} // namespace popscope
