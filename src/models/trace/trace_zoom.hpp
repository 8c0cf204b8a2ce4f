#pragma once
// The visible cycle window of the Execution Trace, shared by the source and target traces in
// compare mode so they zoom and pan together, with a history for Back and Forward. The window's
// arithmetic is the charts' AxisWindow; this adds whole cycles, the history and a signal.
#include "models/axis_window.hpp"

#include <QObject>

#include <cstdint>
#include <utility>
#include <vector>

namespace popscope {

class TraceZoom : public QObject {
    Q_OBJECT
public:
    static constexpr uint64_t kMinimumWidth = 16; // cycles: the deepest zoom

    explicit TraceZoom(QObject* parent = nullptr);
    // The window holds whole cycles: every change goes through apply or showWindow.
    uint64_t first() const { return uint64_t(m_axis.window().first); }
    uint64_t last() const { return first() + width(); }
    uint64_t width() const { return uint64_t(m_axis.window().count); }
    uint64_t extent() const { return uint64_t(m_axis.extent()); }
    const AxisWindow& axis() const { return m_axis; }
    // The run's length (the longer of two in compare mode); shows everything and clears history.
    void setExtent(uint64_t extent);
    // Shows [first, last) (clamped to the extent); `remember` adds the previous window to Back.
    void setWindow(uint64_t first, uint64_t last, bool remember = true);
    // Zooms by `factor` (< 1 in, > 1 out) keeping the cycle at `anchor` (0..1 of the width) in place.
    void zoomAround(double factor, double anchor);
    void panBy(double fractionOfWidth);
    // Shows `window` (in cycles, rounded to whole ones); `remember` as setWindow's.
    void showWindow(const TileWindow& window, bool remember);
    void fit() { setWindow(0, extent()); }
    bool canGoBack() const { return m_position > 0; }
    bool canGoForward() const { return m_position + 1 < m_history.size(); }
    void back();
    void forward();

signals:
    void changed();

private:
    void apply(uint64_t first, uint64_t last);
    AxisWindow m_axis { double(kMinimumWidth) };
    std::vector<std::pair<uint64_t, uint64_t>> m_history { { 0, 1 } };
    size_t m_position = 0;
};

} // namespace popscope
