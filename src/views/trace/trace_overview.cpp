#include "views/trace/trace_overview.hpp"

#include "models/trace/trace_tiles_painter.hpp"
#include "models/trace/trace_zoom.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr int kOverviewLeft = 78; // lines up with the trace's plot (its lane labels' gutter)
constexpr int kOverviewRight = 10;
} // namespace

TraceOverview::TraceOverview(TraceZoom* zoom, QWidget* parent)
    : NavigationStrip(parent)
    , m_zoom(zoom)
{
    connect(m_zoom, &TraceZoom::changed, this, qOverload<>(&QWidget::update));
    setToolTip(tr("The whole run: drag the window to pan, click to centre it there, wheel to zoom, "
                  "double-click to show everything"));
}

void TraceOverview::setTrace(std::shared_ptr<const TraceData> trace)
{
    m_trace = std::move(trace);
    m_picture = {};
    update();
}

void TraceOverview::setCycleOffset(int64_t offset)
{
    m_cycleOffset = offset;
    m_picture = {};
    update();
}

QRect TraceOverview::plotArea() const
{
    return QRect(kOverviewLeft, 0, std::max(10, width() - kOverviewLeft - kOverviewRight), height());
}

double TraceOverview::extent() const
{
    return double(m_zoom->extent());
}

TileWindow TraceOverview::currentWindow() const
{
    return m_zoom->axis().window();
}

void TraceOverview::applyWindow(TileWindow window)
{
    m_zoom->showWindow(window, false);
}

void TraceOverview::zoomToWindow(TileWindow window)
{
    m_zoom->showWindow(window, true);
}

void TraceOverview::resetWindow()
{
    m_zoom->fit();
}

void TraceOverview::paintMiniature(QPainter& p, const QRect& strip)
{
    if (m_trace && m_picture.size() != strip.size() && m_trace->lod.numIpus() > 0)
        paintRun(strip);
    if (!m_picture.isNull())
        p.drawImage(strip.topLeft(), m_picture);
}

void TraceOverview::paintRun(const QRect& strip)
{
    // Every IPU as a band, each the mix of all its tiles, over the whole extent.
    m_picture = QImage(strip.size(), QImage::Format_RGB32);
    m_picture.fill(palette().color(QPalette::AlternateBase));
    const uint32_t ipus = m_trace->lod.numIpus();
    TraceTilesPainter painter;
    painter.setTrace(m_trace.get());
    TraceWindow window;
    window.cyclesPerColumn = std::max(1e-9, double(m_zoom->extent()) / strip.width());
    window.firstColumn = int64_t(std::floor(double(m_cycleOffset) / window.cyclesPerColumn));
    window.lastTile = m_trace->lod.tilesPerIpu();
    QPainter into(&m_picture);
    for (uint32_t ipu = 0; ipu < ipus; ++ipu) {
        const int top = int(ipu) * strip.height() / int(ipus),
                  bottom = int(ipu + 1) * strip.height() / int(ipus);
        if (bottom - top < 1)
            continue;
        into.drawImage(0, top, painter.paint(ipu, window, QSize(strip.width(), bottom - top), palette()));
    }
}

} // namespace popscope
