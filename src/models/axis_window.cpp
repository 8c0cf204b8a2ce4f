#include "models/axis_window.hpp"

#include <algorithm>

namespace popscope {

void AxisWindow::setExtent(double positions)
{
    m_extent = std::max(positions, 0.0);
    m_window = whole();
}

bool AxisWindow::setWindow(TileWindow window)
{
    window = clamped(window);
    if (window.first == m_window.first && window.count == m_window.count)
        return false;
    m_window = window;
    return true;
}

TileWindow AxisWindow::whole() const
{
    return TileWindow { 0.0, std::max(m_extent, 1.0) };
}

TileWindow AxisWindow::clamped(TileWindow window) const
{
    return clampWindow(window, m_extent, m_minSpan);
}

TileWindow AxisWindow::zoomedAround(double anchor, double factor) const
{
    return zoomAround(m_window, anchor, factor, m_extent, m_minSpan);
}

TileWindow AxisWindow::zoomedAtCentre(double factor) const
{
    return zoomedAround(m_window.first + m_window.count / 2, factor);
}

TileWindow AxisWindow::pannedBy(double fraction) const
{
    return panBy(m_window, fraction * m_window.count, m_extent, m_minSpan);
}

TileWindow AxisWindow::centredOn(double position, double span) const
{
    const double count = std::min(m_window.count, span);
    return clamped(TileWindow { position - count / 2, count });
}

} // namespace popscope
