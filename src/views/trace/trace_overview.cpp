#include "views/trace/trace_overview.hpp"

#include "models/tile_axis.hpp"
#include "models/trace/trace_tiles_painter.hpp"
#include "models/trace/trace_zoom.hpp"
#include "views/widgets/magnification_edit.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr int kLeft = 78; // lines up with the trace's plot (its lane labels' gutter)
constexpr int kRight = 10;
} // namespace

TraceOverview::TraceOverview(TraceZoom* zoom, QWidget* parent)
    : QWidget(parent)
    , m_zoom(nullptr)
    , m_magnification(new MagnificationEdit(this))
{
    setZoom(zoom);
    connect(
        m_magnification, &MagnificationEdit::magnificationTyped, this, &TraceOverview::applyMagnification);
    setToolTip(tr("The whole run: drag the window to pan, click to centre it there, wheel to zoom, "
                  "double-click to show everything"));
}

void TraceOverview::setZoom(TraceZoom* zoom)
{
    if (m_zoom)
        disconnect(m_zoom, nullptr, this, nullptr);
    m_zoom = zoom;
    connect(m_zoom, &TraceZoom::changed, this, qOverload<>(&QWidget::update));
    update();
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

QRect TraceOverview::stripRect() const
{
    return QRect(kLeft, 2, std::max(10, width() - kLeft - kRight), height() - 4);
}

void TraceOverview::resizeEvent(QResizeEvent*)
{
    m_picture = {};
    const int height = std::min(this->height() - 4, m_magnification->sizeHint().height());
    m_magnification->setGeometry(8, (this->height() - height) / 2, kLeft - 16, height);
}

void TraceOverview::applyMagnification(double factor)
{
    // The window keeps its centre and shows 1/factor of the run.
    const double width = double(std::max<uint64_t>(1, m_zoom->extent())) / factor;
    const double centre = (double(m_zoom->first()) + double(m_zoom->last())) / 2;
    const double first = std::max(0.0, centre - width / 2);
    m_zoom->setWindow(uint64_t(first), uint64_t(first + std::max(width, 1.0)));
}

QRect TraceOverview::windowRect() const
{
    const QRect strip = stripRect();
    const double extent = double(std::max<uint64_t>(1, m_zoom->extent()));
    const int x0 = strip.left() + int(double(m_zoom->first()) / extent * strip.width());
    const int x1 = strip.left() + int(std::ceil(double(m_zoom->last()) / extent * strip.width()));
    return QRect(x0, strip.top(), std::max(3, x1 - x0), strip.height());
}

void TraceOverview::paintEvent(QPaintEvent*)
{
    m_magnification->showMagnification(
        double(std::max<uint64_t>(1, m_zoom->extent())) / double(std::max<uint64_t>(1, m_zoom->width())));
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QRect strip = stripRect();
    if (m_trace && m_picture.isNull() && m_trace->lod.numIpus() > 0) {
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
    if (!m_picture.isNull())
        p.drawImage(strip.topLeft(), m_picture);
    // Dim what is outside the window, and frame the window.
    const QRect window = windowRect();
    QColor shade = palette().color(QPalette::Window);
    shade.setAlpha(150);
    p.fillRect(QRect(strip.left(), strip.top(), window.left() - strip.left(), strip.height()), shade);
    p.fillRect(QRect(window.right() + 1, strip.top(), strip.right() - window.right(), strip.height()), shade);
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawRect(window.adjusted(1, 1, -1, -1));
}

uint64_t TraceOverview::cycleAtX(int x) const
{
    const QRect strip = stripRect();
    const double f = std::clamp(double(x - strip.left()) / std::max(1, strip.width()), 0.0, 1.0);
    return uint64_t(f * double(m_zoom->extent()));
}

void TraceOverview::centreAt(int x)
{
    const uint64_t width = m_zoom->width();
    const uint64_t centre = cycleAtX(x);
    const uint64_t first = centre > width / 2 ? std::min(centre - width / 2, m_zoom->extent() - width) : 0;
    m_zoom->setWindow(first, first + width, false);
}

void TraceOverview::mousePressEvent(QMouseEvent* event)
{
    const QRect window = windowRect();
    if (!window.contains(event->pos()))
        centreAt(event->pos().x());
    m_dragging = true;
    m_grabOffset = event->pos().x() - windowRect().center().x();
}

void TraceOverview::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging)
        centreAt(event->pos().x() - m_grabOffset);
}

void TraceOverview::mouseReleaseEvent(QMouseEvent*)
{
    m_dragging = false;
}

void TraceOverview::mouseDoubleClickEvent(QMouseEvent*)
{
    m_zoom->fit();
}

void TraceOverview::wheelEvent(QWheelEvent* event)
{
    const double factor = wheelZoomFactor(event->angleDelta().y());
    const QRect window = windowRect();
    const double anchor
        = std::clamp(double(event->position().x() - window.left()) / std::max(1, window.width()), 0.0, 1.0);
    if (factor != 1.0)
        m_zoom->zoomAround(factor, anchor);
    event->accept();
}

} // namespace popscope
