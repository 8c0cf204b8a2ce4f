#include "views/widgets/navigation_strip.hpp"

#include "views/widgets/chart_palette.hpp"
#include "views/widgets/magnification_edit.hpp"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace popscope {

NavigationStrip::NavigationStrip(QWidget* parent)
    : QWidget(parent)
{
    setCursor(Qt::PointingHandCursor);
    m_magnification = new MagnificationEdit(this);
    m_magnification->setCursor(Qt::IBeamCursor);
    connect(
        m_magnification, &MagnificationEdit::magnificationTyped, this, &NavigationStrip::applyMagnification);
}

void NavigationStrip::applyMagnification(double factor)
{
    // The window keeps its centre and shows 1/factor of everything.
    const double n = std::max(1.0, extent());
    const TileWindow w = currentWindow();
    const double count = n / factor;
    zoomToWindow(TileWindow { w.first + w.count / 2 - count / 2, count });
}

void NavigationStrip::placeMagnification()
{
    const int gutter = plotArea().left() - 6;
    const int height = std::min(this->height() - 4, m_magnification->sizeHint().height());
    m_magnification->setVisible(gutter >= 40);
    m_magnification->setGeometry(2, (this->height() - height) / 2, std::min(gutter, 64), height);
}

QRect NavigationStrip::stripRect() const
{
    const QRect plot = plotArea();
    return QRect(plot.left(), 2, plot.width(), height() - 4);
}

double NavigationStrip::positionAtX(int x) const
{
    const QRect r = stripRect();
    return double(x - r.left()) / std::max(1, r.width()) * std::max(1.0, extent());
}

QRect NavigationStrip::windowRect() const
{
    const QRect r = stripRect();
    const double n = std::max(1.0, extent());
    const TileWindow w = currentWindow();
    const int x0 = r.left() + int(std::floor(w.first / n * r.width()));
    const int x1 = r.left() + int(std::ceil((w.first + w.count) / n * r.width()));
    return QRect(x0, r.top(), std::max(3, x1 - x0), r.height());
}

void NavigationStrip::paintEvent(QPaintEvent*)
{
    placeMagnification();
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QRect r = stripRect();
    m_magnification->showMagnification(std::max(1.0, extent()) / std::max(1e-9, currentWindow().count));
    p.fillRect(r, ChartPalette::background(palette()));
    if (extent() <= 0)
        return;
    paintMiniature(p, r);
    // Dim outside the window, outline the window.
    const QRect w = windowRect();
    QColor dim = palette().color(QPalette::Window);
    dim.setAlpha(150);
    p.fillRect(QRect(r.left(), r.top(), w.left() - r.left(), r.height()), dim);
    p.fillRect(QRect(w.right() + 1, r.top(), r.right() - w.right(), r.height()), dim);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawRect(w.adjusted(1, 1, -1, -1));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(r.adjusted(0, 0, -1, -1));
}

void NavigationStrip::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int x = int(event->position().x());
    const TileWindow w = currentWindow();
    if (windowRect().contains(QPoint(x, windowRect().center().y()))) {
        m_grabOffset = positionAtX(x) - w.first;
    } else {
        m_grabOffset = w.count / 2;
        applyWindow(TileWindow { positionAtX(x) - m_grabOffset, w.count });
    }
    m_dragging = true;
}

void NavigationStrip::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return;
    applyWindow(TileWindow { positionAtX(int(event->position().x())) - m_grabOffset, currentWindow().count });
}

void NavigationStrip::mouseReleaseEvent(QMouseEvent*)
{
    m_dragging = false;
}

void NavigationStrip::mouseDoubleClickEvent(QMouseEvent*)
{
    resetWindow();
}

void NavigationStrip::wheelEvent(QWheelEvent* event)
{
    const double factor = wheelZoomFactor(event->angleDelta().y());
    if (factor == 1.0)
        return;
    applyWindow(zoomAround(
        currentWindow(), positionAtX(int(event->position().x())), factor, uint32_t(std::max(1.0, extent()))));
}

} // namespace popscope
