#pragma once
// The visible window over one zoomable axis of `extent` positions (the Memory chart's tiles, the
// Liveness plot's steps, the Execution Trace's cycles): always inside the axis and never narrower
// than a minimum span (or the whole axis when shorter). The one place the charts' zoom and pan
// arithmetic lives; no Qt, unit-tested. Operations return the window they would show, so its owner
// applies it through one setter and says so to its views (ReportState, LivenessPlot, TraceZoom).
#include "models/tile_axis.hpp"

namespace popscope {

class AxisWindow {
public:
    explicit AxisWindow(double minSpan = 4.0)
        : m_minSpan(minSpan)
    {
    }

    double extent() const { return m_extent; } // positions in all (0: nothing to show)
    double minSpan() const { return m_minSpan; }
    const TileWindow& window() const { return m_window; }
    // A new axis: the window shows all of it.
    void setExtent(double positions);
    // Shows `window` kept inside the axis; false when that is the window shown already.
    bool setWindow(TileWindow window);

    // The window showing every position.
    TileWindow whole() const;
    // Kept inside the axis and at least the minimum span wide.
    TileWindow clamped(TileWindow window) const;
    // Zoomed by `factor` (< 1 in, > 1 out) keeping the position `anchor` under the same pixel.
    TileWindow zoomedAround(double anchor, double factor) const;
    TileWindow zoomedAtCentre(double factor) const;
    // Moved by `fraction` of its own width (negative: towards the start), as wide as before.
    TileWindow pannedBy(double fraction) const;
    // `span` positions (no wider than the window shown) with `position` in the middle.
    TileWindow centredOn(double position, double span) const;

private:
    double m_minSpan;
    double m_extent = 0;
    TileWindow m_window;
};

} // namespace popscope
