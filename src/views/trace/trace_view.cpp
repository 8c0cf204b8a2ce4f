#include "views/trace/trace_view.hpp"

#include "models/image_file.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/trace/trace_colors.hpp"
#include "models/trace/trace_picture_job.hpp"
#include "models/trace/trace_zoom.hpp"
#include "popscope/units.hpp"
#include "views/trace/trace_axis.hpp"
#include "views/trace/trace_step_rows.hpp"

#include <QKeyEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {

constexpr int kGutter = 78; // lane labels
constexpr int kAxisHeight = 24;
constexpr int kTitleHeight = 20;
constexpr int kStepRow = 18;
constexpr int kFlameRow = 16; // the tallest flame row (names fit from 12 px)
constexpr int kThinFlameRow = 4; // several lanes: the rows shrink so the tiles keep half the lane
constexpr size_t kMostFlameRows = 16; // deeper program trees show their top levels
constexpr int kLaneGap = 8;
// + and − halve and double the cycles shown; Shift+drag zooms to a range; no letter keys.
constexpr AxisInputOptions kTraceAxisInput {
    .keyZoomFactor = 0.5, .letterKeys = false, .shiftDragZooms = true
};

} // namespace

TraceView::TraceView(TraceZoom* zoom, QWidget* parent)
    : QWidget(parent)
    , m_zoom(zoom)
    , m_pictures(new TracePictureJob([this] { return pictureRequest(); }, this))
    , m_input(this, this, kTraceAxisInput)
{
    connect(m_pictures, &TracePictureJob::updated, this, qOverload<>(&TraceView::update));
    connect(m_pictures, &TracePictureJob::ready, this, &TraceView::picturesReady);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_zoom, &TraceZoom::changed, this, &TraceView::invalidate);
}

void TraceView::setTrace(std::shared_ptr<const TraceData> trace)
{
    m_trace = std::move(trace);
    m_pictures->setTrace(m_trace);
    m_selectedStep = -1;
    m_tileFirst = 0;
    m_tileLast = m_trace ? std::max<uint32_t>(1, m_trace->lod.tilesPerIpu()) : 1;
    invalidate();
}

void TraceView::setZoom(TraceZoom* zoom)
{
    if (zoom == m_zoom)
        return;
    disconnect(m_zoom, nullptr, this, nullptr);
    m_zoom = zoom;
    connect(m_zoom, &TraceZoom::changed, this, &TraceView::invalidate);
    invalidate();
}

void TraceView::setTileWindow(uint32_t first, uint32_t last)
{
    const uint32_t tiles = m_trace ? std::max<uint32_t>(1, m_trace->lod.tilesPerIpu()) : 1;
    last = std::clamp<uint32_t>(last, 1, tiles);
    first = std::min(first, last - 1);
    m_tileFirst = first;
    m_tileLast = last;
    invalidate();
}

void TraceView::setIpu(int ipu)
{
    m_ipu = ipu;
    invalidate();
}

void TraceView::setStepFilter(const QString& text)
{
    m_filter = text;
    update();
}

void TraceView::setFlame(bool flame)
{
    if (flame == m_flame)
        return;
    m_flame = flame;
    invalidate(); // the lanes change height
}

void TraceView::setSelectedStep(int64_t step)
{
    m_selectedStep = step;
    update();
}

void TraceView::setTitle(const QString& title, const QColor& colour)
{
    m_title = title;
    m_titleColour = colour;
    invalidate();
}

void TraceView::setCycleOffset(int64_t offset)
{
    if (offset == m_cycleOffset)
        return;
    m_cycleOffset = offset;
    invalidate();
}

void TraceView::invalidate()
{
    m_pictures->invalidate();
    update();
}

TraceWindow TraceView::currentWindow() const
{
    TraceWindow window;
    window.cyclesPerColumn = std::max(1e-9, double(m_zoom->width()) / std::max(1, plotArea().width()));
    window.firstColumn = int64_t(std::floor(viewFirst() / window.cyclesPerColumn));
    window.firstTile = m_tileFirst;
    window.lastTile = m_tileLast;
    return window;
}

QRect TraceView::plotArea() const
{
    const int top = (m_title.isEmpty() ? 0 : kTitleHeight) + kAxisHeight;
    return QRect(kGutter, top, std::max(10, width() - kGutter - 10), std::max(10, height() - top - 4));
}

std::vector<TraceView::Lane> TraceView::lanes() const
{
    std::vector<Lane> out;
    if (!m_trace)
        return out;
    std::vector<uint32_t> ipus;
    for (uint32_t ipu = 0; ipu < m_trace->lod.numIpus(); ++ipu)
        if (m_ipu < 0 || uint32_t(m_ipu) == ipu)
            ipus.push_back(ipu);
    if (ipus.empty())
        return out;
    const QRect area = plotArea();
    const int n = int(ipus.size());
    const int rowHeight = flameRowHeight((area.height() - n * kLaneGap) / n);
    const int stepsHeight
        = rowHeight ? int(std::min(m_trace->flame.depth(), kMostFlameRows)) * rowHeight : kStepRow;
    const bool io = std::any_of(ipus.begin(), ipus.end(), [this](uint32_t ipu) {
        return ipu < m_trace->flame.lanes.size() && !m_trace->flame.lanes[ipu].ioSteps.empty();
    });
    const int ioHeight = io ? (rowHeight ? std::max(rowHeight, 8) : kStepRow) : 0;
    const int tilesHeight = std::max(8, (area.height() - n * (stepsHeight + ioHeight + kLaneGap)) / n);
    int y = area.top();
    for (uint32_t ipu : ipus) {
        Lane lane;
        lane.ipu = ipu;
        lane.steps = QRect(area.left(), y, area.width(), stepsHeight);
        if (io)
            lane.io = QRect(area.left(), y + stepsHeight, area.width(), ioHeight);
        lane.tiles = QRect(area.left(), y + stepsHeight + ioHeight + 1, area.width(), tilesHeight);
        lane.flameRow = rowHeight;
        out.push_back(lane);
        y += stepsHeight + ioHeight + 1 + tilesHeight + kLaneGap;
    }
    return out;
}

QRect TraceView::stepRowsRect(size_t index) const
{
    const auto all = lanes();
    return index < all.size() ? all[index].steps : QRect();
}

QRect TraceView::ioRowRect(size_t index) const
{
    const auto all = lanes();
    return index < all.size() ? all[index].io : QRect();
}

int TraceView::flameRowHeight(int laneHeight) const
{
    if (!m_flame || !m_trace || m_trace->flame.depth() == 0)
        return 0;
    const int rows = int(std::min(m_trace->flame.depth(), kMostFlameRows));
    return std::clamp(laneHeight / 2 / rows, kThinFlameRow, kFlameRow);
}

double TraceView::viewFirst() const
{
    return double(m_zoom->first()) + double(m_cycleOffset);
}

double TraceView::viewLast() const
{
    return double(m_zoom->last()) + double(m_cycleOffset);
}

double TraceView::xOfCycle(uint64_t cycle) const
{
    const QRect area = plotArea();
    return area.left() + (double(cycle) - viewFirst()) / double(m_zoom->width()) * area.width();
}

double TraceView::zoomCycleAtX(int x) const
{
    const QRect area = plotArea();
    const double f = std::clamp(double(x - area.left()) / std::max(1, area.width()), 0.0, 1.0);
    return std::floor(double(m_zoom->first()) + f * double(m_zoom->width()));
}

double TraceView::signedCycleAtX(int x) const
{
    return zoomCycleAtX(x) + double(m_cycleOffset);
}

uint64_t TraceView::cycleAtX(int x) const
{
    return uint64_t(std::max(0.0, signedCycleAtX(x)));
}

void TraceView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.fillRect(QRect(kGutter, 4, 10, 10), m_titleColour);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(kGutter + 16, 0, width() - kGutter - 16, kTitleHeight),
            Qt::AlignVCenter | Qt::AlignLeft, m_title);
        p.setFont(font());
    }
    if (!m_trace) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No execution trace"));
        return;
    }
    const QRect area = plotArea();
    paintAxis(p, area);
    const auto all = lanes();
    m_pictures->start(); // off the GUI thread; meanwhile the last pictures, moved to this window
    const TraceWindow window = currentWindow();
    for (size_t i = 0; i < all.size(); ++i) {
        const Lane& lane = all[i];
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(4, lane.steps.top(), kGutter - 8, kStepRow), Qt::AlignVCenter | Qt::AlignRight,
            tr("IPU %1").arg(lane.ipu));
        p.setPen(palette().color(QPalette::PlaceholderText));
        const uint32_t base = lane.ipu * m_trace->lod.tilesPerIpu();
        p.drawText(QRect(4, lane.tiles.top(), kGutter - 8, lane.tiles.height()),
            Qt::AlignTop | Qt::AlignRight, tr("tile %1").arg(base + m_tileFirst));
        if (lane.tiles.height() > 2 * fontMetrics().height()) // room for both ends
            p.drawText(QRect(4, lane.tiles.top(), kGutter - 8, lane.tiles.height()),
                Qt::AlignBottom | Qt::AlignRight, QString::number(base + m_tileLast - 1));
        paintSteps(p, lane);
        paintPicture(p, lane, window);
    }
    // The cross-hair: the cycle across every lane, the tile row.
    if (area.contains(m_hover) && !m_input.isPickingRange()) {
        QColor line = palette().color(QPalette::WindowText);
        line.setAlpha(110);
        p.setPen(QPen(line, 1, Qt::DashLine));
        p.drawLine(m_hover.x(), area.top(), m_hover.x(), area.bottom());
        for (const Lane& lane : all)
            if (lane.tiles.contains(m_hover))
                p.drawLine(lane.tiles.left(), m_hover.y(), lane.tiles.right(), m_hover.y());
    }
    if (m_input.isPickingRange()) { // the cycles Shift+drag will zoom to
        QColor band = palette().color(QPalette::Highlight);
        band.setAlpha(60);
        const int x0 = m_input.rangeStartX();
        p.fillRect(QRect(x0, area.top(), m_input.rangeEndX() - x0, area.height()), band);
    }
}

void TraceView::paintAxis(QPainter& p, const QRect& area) const
{
    paintCycleAxis(p, area, viewFirst(), viewLast(), palette(), kGutter, kAxisHeight);
}

void TraceView::paintSteps(QPainter& p, const Lane& lane) const
{
    StepRowsFrame frame;
    frame.trace = m_trace.get();
    frame.left = plotArea().left();
    frame.width = plotArea().width();
    frame.first = viewFirst();
    frame.last = viewLast();
    frame.filter = m_filter;
    frame.selectedStep = m_selectedStep;
    frame.palette = palette();
    frame.font = font();
    if (lane.flameRow > 0)
        paintFlameRows(p, frame, lane.ipu, lane.steps, lane.flameRow);
    else
        paintFlatRow(p, frame, lane.ipu, lane.steps);
    if (lane.io.isEmpty())
        return;
    paintIoRow(p, frame, lane.ipu, lane.io);
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(
        QRect(4, lane.io.top(), kGutter - 8, lane.io.height()), Qt::AlignVCenter | Qt::AlignRight, tr("I/O"));
}

void TraceView::resizeEvent(QResizeEvent*)
{
    invalidate();
}

bool TraceView::saveImage(const QString& path, QString* error)
{
    finishPictures();
    return saveImageFile(grab().toImage(), path, error);
}

} // namespace popscope
