// TraceView's answers to the cursor and its input: what is under the cursor (the readout, the step,
// the flame span) and the wheel, mouse and keyboard that zoom, pan and select.
#include "views/trace/trace_view.hpp"

#include "models/qt_text.hpp"
#include "models/tile_axis.hpp"
#include "models/trace/trace_zoom.hpp"
#include "popscope/units.hpp"
#include "views/trace/trace_axis.hpp"

#include <QKeyEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {

const SpilledArray<TraceLod::LaneStep>* laneSteps(const TraceData* trace, uint32_t ipu)
{
    return trace && ipu < trace->lod.numIpus() ? &trace->lod.lane(ipu) : nullptr;
}

// Index of the first lane step that ends after `cycle`.
size_t firstEndingAfter(const SpilledArray<TraceLod::LaneStep>& steps, uint64_t cycle)
{
    return size_t(std::partition_point(steps.begin(), steps.end(), [cycle](const TraceLod::LaneStep& s) {
        return s.base + s.cycles <= cycle;
    }) - steps.begin());
}

// The overlapped I/O step (a lane step listed in `io`) that holds `cycle`, or -1.
int64_t ioStepAt(
    const SpilledArray<TraceLod::LaneStep>& steps, const std::vector<uint32_t>& io, uint64_t cycle)
{
    for (uint32_t k : io) // a few per lane: the copies that run beside compute
        if (steps[k].base <= cycle && cycle < steps[k].base + steps[k].cycles)
            return steps[k].step;
    return -1;
}

} // namespace

const FlameSpan* TraceView::flameSpanAt(const QPoint& pos, size_t* level) const
{
    if (!m_flame || !m_trace || signedCycleAtX(pos.x()) < 0)
        return nullptr;
    for (const Lane& lane : lanes()) {
        if (!lane.steps.contains(pos) || lane.ipu >= m_trace->flame.lanes.size() || lane.flameRow == 0)
            continue;
        *level = size_t(pos.y() - lane.steps.top()) / size_t(lane.flameRow);
        return popscope::flameSpanAt(m_trace->flame.lanes[lane.ipu], *level, cycleAtX(pos.x()));
    }
    return nullptr;
}

QString TraceView::flameReadout(const QPoint& pos) const
{
    size_t level = 0;
    const FlameSpan* span = flameSpanAt(pos, &level);
    if (!span)
        return {};
    const std::string_view type = m_trace->flameSpanType(level, *span);
    return tr(" · %1 %2: %3 cycles (%4), %5 step%6")
        .arg(toQString(type), m_trace->flameSpanName(level, *span),
            QString::fromStdString(formatCount(span->last - span->first)),
            timeText(span->last - span->first, m_trace->summary->clockHz),
            QString::fromStdString(formatCount(span->lastStep - span->firstStep + 1)),
            span->lastStep > span->firstStep ? QStringLiteral("s") : QString());
}

int64_t TraceView::stepAt(const QPoint& pos) const
{
    for (const Lane& lane : lanes()) {
        if (pos.y() < lane.steps.top() || pos.y() > lane.tiles.bottom())
            continue;
        const auto* steps = laneSteps(m_trace.get(), lane.ipu);
        if (!steps || signedCycleAtX(pos.x()) < 0)
            return -1;
        const uint64_t cycle = cycleAtX(pos.x());
        static const std::vector<uint32_t> none;
        const std::vector<uint32_t>& io
            = lane.ipu < m_trace->flame.lanes.size() ? m_trace->flame.lanes[lane.ipu].ioSteps : none;
        if (lane.io.contains(pos))
            return ioStepAt(*steps, io, cycle);
        // Elsewhere the steps the rows draw: the overlapped I/O is in its own row.
        for (size_t k = firstEndingAfter(*steps, cycle); k < steps->size() && (*steps)[k].base <= cycle; ++k)
            if (cycle < (*steps)[k].base + (*steps)[k].cycles
                && !std::binary_search(io.begin(), io.end(), uint32_t(k)))
                return (*steps)[k].step;
        return -1;
    }
    return -1;
}

QString TraceView::readoutAt(const QPoint& pos) const
{
    if (!m_trace || !plotArea().contains(pos))
        return {};
    if (signedCycleAtX(pos.x()) < 0)
        return tr("Before this report's run (the traces are aligned at a step)");
    const uint64_t cycle = cycleAtX(pos.x());
    const double clock = m_trace->summary->clockHz;
    for (const Lane& lane : lanes()) {
        if (pos.y() < lane.steps.top() || pos.y() > lane.tiles.bottom())
            continue;
        QString text = tr("IPU %1 · cycle %2 (%3)")
                           .arg(lane.ipu)
                           .arg(QString::fromStdString(formatCount(cycle)), timeText(cycle, clock));
        const QString flame = flameReadout(pos);
        if (!flame.isEmpty())
            return text + flame;
        const int64_t step = stepAt(pos);
        if (step >= 0) {
            const StepOnIpu* si = m_trace->steps.onIpu(size_t(step), lane.ipu);
            const uint64_t cycles = si ? si->cycles : 0;
            text += tr(" · step %1: %2 (%3, %4 cycles)")
                        .arg(step)
                        .arg(m_trace->stepName(uint32_t(step)),
                            QString::fromStdString(m_trace->steps.type(size_t(step))),
                            QString::fromStdString(formatCount(cycles)));
        } else {
            text += tr(" · between steps (idle)");
        }
        if (lane.tiles.contains(pos)) {
            const uint32_t shown = m_tileLast - m_tileFirst;
            const uint32_t tile = m_tileFirst
                + std::min(
                    shown - 1, uint32_t(uint64_t(pos.y() - lane.tiles.top()) * shown / lane.tiles.height()));
            const uint32_t global = lane.ipu * m_trace->lod.tilesPerIpu() + tile;
            const TileMoment moment = m_trace->withProfile(
                [&](const Profile& p) { return tileStateAt(p, m_trace->steps, global, cycle); });
            text += tr(" · tile %1: %2").arg(global).arg(QString::fromLatin1(traceStateName(moment.state)));
            if (moment.step >= 0 && moment.state != TraceState::Sync)
                text += tr(" (works %1 cycles of the step)")
                            .arg(QString::fromStdString(formatCount(moment.tileCycles)));
        }
        return text;
    }
    return {};
}

void TraceView::wheelEvent(QWheelEvent* event)
{
    const double factor = wheelZoomFactor(event->angleDelta().y());
    if (event->modifiers() & Qt::ControlModifier) { // the tiles: around the tile under the cursor
        for (const Lane& lane : lanes()) {
            if (!lane.tiles.contains(event->position().toPoint()))
                continue;
            const TileWindow shown { double(m_tileFirst), double(m_tileLast - m_tileFirst) };
            const double at = xToPosition(
                event->position().y() - lane.tiles.top(), shown, std::max(1, lane.tiles.height()));
            const TileWindow wanted = zoomAround(shown, at, factor, m_trace->lod.tilesPerIpu(), 1.0);
            setTileWindow(
                uint32_t(std::lround(wanted.first)), uint32_t(std::lround(wanted.first + wanted.count)));
        }
        event->accept();
        return;
    }
    m_input.wheel(event);
    event->accept();
}

const AxisWindow& TraceView::axisWindow() const
{
    return m_zoom->axis();
}

void TraceView::showAxisWindow(const TileWindow& window)
{
    m_zoom->showWindow(window, false);
}

void TraceView::zoomToAxisRange(const TileWindow& range)
{
    m_zoom->showWindow(range, true);
}

void TraceView::resetAxisWindow()
{
    m_zoom->fit();
    setTileWindow(0, m_trace ? m_trace->lod.tilesPerIpu() : 1);
}

void TraceView::mousePressEvent(QMouseEvent* event)
{
    setFocus();
    m_input.mousePress(event);
}

void TraceView::mouseMoveEvent(QMouseEvent* event)
{
    m_input.mouseMove(event);
}

void TraceView::axisHovered(QMouseEvent* event)
{
    m_hover = event->pos();
    update();
    emit hovered(readoutAt(event->pos()));
}

void TraceView::mouseReleaseEvent(QMouseEvent* event)
{
    m_input.mouseRelease(event);
}

void TraceView::axisClicked(QMouseEvent* event)
{
    const int64_t step = stepAt(event->pos());
    setSelectedStep(step);
    emit stepClicked(step);
}

void TraceView::mouseDoubleClickEvent(QMouseEvent* event)
{
    size_t level = 0;
    if (const FlameSpan* span = flameSpanAt(event->pos(), &level)) { // zoom to the program's span
        const auto toZoom = [this](uint64_t cycle) {
            return uint64_t(std::max<int64_t>(0, int64_t(cycle) - m_cycleOffset));
        };
        m_zoom->setWindow(toZoom(span->first), toZoom(span->last));
        return;
    }
    m_input.mouseDoubleClick();
}

void TraceView::keyPressEvent(QKeyEvent* event)
{
    const bool alt = event->modifiers() & Qt::AltModifier;
    if (alt && (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right)) { // the zoom's history
        event->key() == Qt::Key_Left ? m_zoom->back() : m_zoom->forward();
        event->accept();
    } else if (!m_input.keyPress(event)) {
        QWidget::keyPressEvent(event);
    }
}

void TraceView::leaveEvent(QEvent*)
{
    m_hover = { -1, -1 };
    update();
    emit hovered({});
}

} // namespace popscope
