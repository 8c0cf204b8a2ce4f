#include "models/trace/trace_zoom.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

void TraceZoom::setExtent(uint64_t extent)
{
    m_extent = std::max<uint64_t>(extent, 1);
    m_history = { { 0, m_extent } };
    m_position = 0;
    apply(0, m_extent);
}

void TraceZoom::apply(uint64_t first, uint64_t last)
{
    // At least kMinimumWidth cycles (or the whole run when shorter), inside [0, extent].
    const uint64_t minimum = std::min(kMinimumWidth, m_extent);
    last = std::max(last, first + minimum);
    if (last > m_extent) {
        first -= std::min(first, last - m_extent);
        last = m_extent;
    }
    if (first == m_first && last == m_last)
        return;
    m_first = first;
    m_last = last;
    emit changed();
}

void TraceZoom::setWindow(uint64_t first, uint64_t last, bool remember)
{
    if (remember && (first != m_first || last != m_last)) {
        m_history.resize(m_position + 1);
        m_history.back() = { m_first, m_last };
        m_history.emplace_back(first, last);
        m_position = m_history.size() - 1;
    }
    apply(first, std::min(last, m_extent));
    if (remember)
        m_history[m_position] = { m_first, m_last };
}

void TraceZoom::zoomAround(double factor, double anchor)
{
    anchor = std::clamp(anchor, 0.0, 1.0);
    const double newWidth
        = std::clamp(double(width()) * factor, double(std::min(kMinimumWidth, m_extent)), double(m_extent));
    const double at = double(m_first) + anchor * double(width());
    const double first = std::clamp(at - anchor * newWidth, 0.0, double(m_extent) - newWidth);
    apply(uint64_t(std::llround(first)), uint64_t(std::llround(first + newWidth)));
}

void TraceZoom::panBy(double fraction)
{
    const double shift = fraction * double(width());
    const double first = std::clamp(double(m_first) + shift, 0.0, double(m_extent - width()));
    const uint64_t start = uint64_t(std::llround(first));
    apply(start, start + width());
}

void TraceZoom::back()
{
    if (!canGoBack())
        return;
    m_history[m_position] = { m_first, m_last };
    --m_position;
    apply(m_history[m_position].first, m_history[m_position].second);
}

void TraceZoom::forward()
{
    if (!canGoForward())
        return;
    m_history[m_position] = { m_first, m_last };
    ++m_position;
    apply(m_history[m_position].first, m_history[m_position].second);
}

} // namespace popscope
