#include "models/trace/trace_zoom.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

TraceZoom::TraceZoom(QObject* parent)
    : QObject(parent)
{
    m_axis.setExtent(1);
}

void TraceZoom::setExtent(uint64_t extent)
{
    const TileWindow before = m_axis.window();
    m_axis.setExtent(double(std::max<uint64_t>(extent, 1)));
    m_history = { { 0, this->extent() } };
    m_position = 0;
    if (m_axis.window().first != before.first || m_axis.window().count != before.count)
        emit changed();
}

void TraceZoom::apply(uint64_t first, uint64_t last)
{
    // At least kMinimumWidth cycles (or the whole run when shorter), inside [0, extent]; `last`
    // may come before `first` (a window shorter than the minimum near the end).
    if (m_axis.setWindow(TileWindow { double(first), double(last) - double(first) }))
        emit changed();
}

void TraceZoom::setWindow(uint64_t first, uint64_t last, bool remember)
{
    if (remember && (first != this->first() || last != this->last())) {
        m_history.resize(m_position + 1);
        m_history.back() = { this->first(), this->last() };
        m_history.emplace_back(first, last);
        m_position = m_history.size() - 1;
    }
    apply(first, std::min(last, extent()));
    if (remember)
        m_history[m_position] = { this->first(), this->last() };
}

void TraceZoom::showWindow(const TileWindow& window, bool remember)
{
    const TileWindow w = m_axis.clamped(window);
    setWindow(uint64_t(std::llround(w.first)), uint64_t(std::llround(w.first + w.count)), remember);
}

void TraceZoom::zoomAround(double factor, double anchor)
{
    const TileWindow& w = m_axis.window();
    showWindow(m_axis.zoomedAround(w.first + std::clamp(anchor, 0.0, 1.0) * w.count, factor), false);
}

void TraceZoom::panBy(double fraction)
{
    showWindow(m_axis.pannedBy(fraction), false);
}

void TraceZoom::back()
{
    if (!canGoBack())
        return;
    m_history[m_position] = { first(), last() };
    --m_position;
    apply(m_history[m_position].first, m_history[m_position].second);
}

void TraceZoom::forward()
{
    if (!canGoForward())
        return;
    m_history[m_position] = { first(), last() };
    ++m_position;
    apply(m_history[m_position].first, m_history[m_position].second);
}

} // namespace popscope
