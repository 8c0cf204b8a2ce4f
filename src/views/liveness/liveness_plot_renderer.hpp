#pragma once
// Paints the liveness step plot into any QPainter (the widget, a PNG or SVG, the bench): not-always
// -live bytes over the liveness program steps, stacked on the always-live bytes, from per-pixel-
// column min/max aggregates; capacity line, selected steps, the peak marker, steps matching the
// filter, hover. Compare mode: both curves on one plot (target as a line) or one pane above the
// other with the same axes.
#include "models/tile_axis.hpp"
#include "popscope/liveness.hpp"
#include "popscope/units.hpp"
#include "views/widgets/chart_legend.hpp"

#include <QFontMetrics>
#include <QPalette>
#include <QRect>
#include <QString>

#include <vector>

class QPainter;

namespace popscope {

struct LivenessPlotCurve {
    const std::vector<uint64_t>* notAlwaysLive = nullptr; // per step; null = no curve
    uint64_t alwaysLive = 0;
    uint64_t capacity = 0;
    int64_t peakStep = -1; // the first step with the most not-always-live bytes (-1: none marked)
    QString name; // file name, for compare mode's legend and pane titles
};

struct LivenessPlotScene {
    LivenessPlotCurve source, target; // target.notAlwaysLive null outside compare mode
    bool includeAlwaysLive = true;
    bool showCapacity = true;
    bool merged = true; // compare mode: one plot, or one pane per report
    TileWindow window; // the visible steps [first, first + count)
    const std::vector<uint32_t>* selected = nullptr; // selected source steps
    const std::vector<uint8_t>* filterMatches = nullptr; // per step: matches the step filter
    int64_t hoverStep = -1;
    MemoryUnit unit = MemoryUnit::Binary;
    QString capacityLabel = QStringLiteral("Capacity"); // "IPU capacity", "Capacity of 4 tiles"
    QString title; // drawn above the legend when not empty (exports)
    QString emptyText = QStringLiteral("Open a report to see its liveness over the program steps");

    bool comparing() const { return target.notAlwaysLive != nullptr; }
    size_t steps() const;
};

class LivenessPlotRenderer {
public:
    // The panes (one, or two in separate compare mode) in widget coordinates.
    static std::vector<QRect> panes(
        const LivenessPlotScene& scene, const QRect& area, const QFontMetrics& metrics);
    // The horizontal extent every pane shares (the step axis), for aligned widgets below.
    static QRect plotRect(const LivenessPlotScene& scene, const QRect& area, const QFontMetrics& metrics);
    static void paint(
        QPainter& painter, const QRect& area, const LivenessPlotScene& scene, const QPalette& palette);
    static double yMax(const LivenessPlotScene& scene);
    static int leftMargin(const LivenessPlotScene& scene, const QFontMetrics& metrics);
    // The legend's keys; the always-live ones (listed struck through while hidden) are clickable.
    static std::vector<LegendItem> legendItems(const LivenessPlotScene& scene, const QPalette& palette);

private:
    static void paintCurve(QPainter& p, const QRect& pane, const LivenessPlotScene& s,
        const LivenessPlotCurve& curve, bool asLine, const QPalette& palette);
};

} // namespace popscope
