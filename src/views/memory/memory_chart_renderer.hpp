#pragma once
// Paints the memory-by-tile chart (axes, legend, stacked bars over per-pixel-column aggregates,
// capacity line, selection and hover) into any QPainter: the widget, a PNG, an SVG, the bench.
#include "models/memory/memory_series.hpp"
#include "models/tile_axis.hpp"
#include "popscope/units.hpp"
#include "views/widgets/chart_legend.hpp"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPalette>
#include <QRect>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace popscope {

struct MemoryChartScene {
    const MemorySeriesSet* series = nullptr;
    const std::vector<uint32_t>* order = nullptr; // display position -> global tile
    const std::vector<int32_t>* positionOf = nullptr; // global tile -> display position, -1 hidden
    const std::vector<uint32_t>* selection = nullptr; // sorted global tiles
    const std::vector<uint32_t>* physicalIds = nullptr;
    TileWindow window;
    uint64_t capacity = 0;
    bool showCapacity = true;
    bool includeGaps = false; // said in the y-axis title: other pages count gaps, this one may not
    bool variablesGraph = false; // the series are chosen variables' bytes, not the memory breakdown
    const QSet<QString>* hidden = nullptr; // series keys hidden from the legend (drawn as zero)
    MemoryUnit unit = MemoryUnit::Binary;
    TileOrder tileOrder = TileOrder::Software;
    uint32_t tilesPerIpu = 0;
    uint32_t numIpus = 0;
    int ipu = -1; // -1 = all IPUs
    int64_t hoverPosition = -1;
    // Compare mode: the target's total per global tile of the source's numbering (0 past the
    // target's tiles), drawn as an outline over the source's bars.
    const std::vector<uint32_t>* compareTotal = nullptr;
    uint64_t compareMax = 0;
    uint32_t compareTiles = 0; // the outline stops past the target's last tile
    bool difference = false; // the series are |target - source| per tile (more / less)
    QString sourceName, compareName; // legend labels in compare mode
    QString title; // drawn above the legend when not empty (exports)
    QString emptyText = QCoreApplication::translate(
        "popscope::MemoryChartRenderer", "Open a report to see memory per tile");
};

struct AxisUnit {
    double divisor = 1;
    QString name; // "KiB", "kB", "bytes", ...
};

class MemoryChartRenderer {
    Q_DECLARE_TR_FUNCTIONS(popscope::MemoryChartRenderer)

public:
    static QRect plotRect(const MemoryChartScene& scene, const QRect& area, const QFontMetrics& metrics);
    static void paint(
        QPainter& painter, const QRect& area, const MemoryChartScene& scene, const QPalette& palette);
    static double yMax(const MemoryChartScene& scene);
    static AxisUnit axisUnit(double maxBytes, MemoryUnit unit);
    static QString axisNumber(double value);
    static QString xAxisTitle(const MemoryChartScene& scene);
    // Shared with the Liveness plot: horizontal grid lines with their labels left of `plot`
    // (values 0..ymax bytes in `unit`), and the y-axis title rotated left of the labels: the
    // first of `titles` that fits the plot's height.
    static void paintValueGrid(QPainter& painter, const QRect& area, const QRect& plot, double ymax,
        const AxisUnit& unit, const QPalette& palette);
    static void paintYTitle(
        QPainter& painter, const QRect& area, const QRect& plot, const QStringList& titles);
    // The legend's keys: the series (clickable, top of the stack first), then the compare,
    // capacity and selection marks.
    static std::vector<LegendItem> legendItems(const MemoryChartScene& scene, const QPalette& palette);

private:
    // The y axis' titles, longest first: the first that fits the plot's height is drawn.
    static QStringList yTitles(const MemoryChartScene& scene, const AxisUnit& unit);
};

} // namespace popscope
