#pragma once
// Memory by tile: a custom painter over per-pixel-column aggregates (DESIGN §2, §6). Wheel zooms
// around the cursor, drag pans, hover shows the tile's figures, click selects a tile and
// Shift/Ctrl-click adds or removes tiles; double-click or Home resets the zoom.
#include "models/memory/memory_series.hpp"
#include "models/report_state.hpp"
#include "popscope/variable_tile_bytes.hpp"
#include "views/memory/memory_chart_renderer.hpp"
#include "views/widgets/axis_input_handler.hpp"

#include <QWidget>

#include <array>
#include <memory>

namespace popscope {

class MemoryChart : public QWidget, private AxisInputTarget {
    Q_OBJECT
public:
    // Builds the bars for the open reports whose memory by tile is read, or none.
    void rebuild();
    explicit MemoryChart(ReportState* state, QWidget* parent = nullptr);

    MemoryBreakdown breakdown() const { return m_breakdown; }
    void setBreakdown(MemoryBreakdown breakdown);
    bool includeGaps() const { return m_includeGaps; }
    void setIncludeGaps(bool on);
    bool showCapacity() const { return m_showCapacity; }
    void setShowCapacity(bool on);
    TileOrder tileOrder() const { return m_order; }
    void setTileOrder(TileOrder order);
    int ipu() const { return m_ipu; }
    void setIpu(int ipu); // -1 = all IPUs
    // Compare mode: the target as an outline over the source's bars, or the change per tile
    // (target − source: red bars where the target uses more, green where less).
    enum class CompareView { Outline, Difference };
    CompareView compareView() const { return m_compareView; }
    void setCompareView(CompareView view);
    // The Variables graph: the bars stack, per tile, the bytes of the variables each pattern matches
    // (variable_tile_bytes.hpp) in place of the breakdown; it draws reports whose variables are read.
    void setVariablesGraph(bool on);
    bool isVariablesGraph() const { return m_variablesGraph; }
    void setVariablePatterns(std::vector<std::string> patterns);
    const std::vector<std::string>& variablePatterns() const { return m_patterns; }
    // The source's series of the Variables graph, as core computed them (matches and totals).
    const std::vector<VariableTileSeries>& variableSeries() const { return m_variables[0].series; }

    const MemorySeriesSet& seriesSet() const { return m_series; }
    // A legend key's click: hides the series `key` (it stays in the legend, struck through, and
    // stacks as zero) or shows it again.
    void toggleSeries(const QString& key);
    bool isSeriesHidden(const QString& key) const { return m_hidden.contains(key); }
    const std::vector<uint32_t>& displayOrder() const { return m_displayOrder; }
    MemoryChartScene scene() const;
    // Global tile under widget point `pos`, or -1.
    int64_t tileAt(const QPoint& pos) const;
    // Rich-text tooltip with the figures of global tile `tile`.
    QString tileToolTip(uint32_t tile) const;
    // Writes the chart as PNG (or any raster suffix) or SVG, picked by the file suffix.
    bool saveImage(const QString& path, QString* error) const;
    QSize sizeHint() const override { return { 900, 420 }; }
    QSize minimumSizeHint() const override { return { 320, 200 }; }

signals:
    void dataRebuilt();

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // The zoom is ReportState's; AxisInputHandler turns the wheel, drags and keys into it.
    QRect axisRect() const override;
    const AxisWindow& axisWindow() const override { return m_state->zoomAxis(); }
    void showAxisWindow(const TileWindow& window) override { m_state->setZoom(window); }
    void resetAxisWindow() override { m_state->resetZoom(); }
    void axisClicked(QMouseEvent* event) override; // selects the tile
    void axisHovered(QMouseEvent* event) override; // the tile's tooltip
    int64_t positionAt(const QPoint& pos) const;
    MemorySeriesSet seriesOf(const LoadedReport& report, MemoryBreakdown breakdown, int slot);

    ReportState* m_state;
    std::shared_ptr<const LoadedReport> m_report, m_target; // what the bars show
    MemoryBreakdown m_breakdown = MemoryBreakdown::Category;
    bool m_includeGaps = false;
    bool m_showCapacity = true;
    TileOrder m_order = TileOrder::Software;
    int m_ipu = -1;
    MemorySeriesSet m_series;
    std::vector<uint32_t> m_displayOrder;
    std::vector<int32_t> m_positionOf;
    std::vector<uint32_t> m_compareTotal; // compare mode: the target's totals (see MemoryChartScene)
    uint64_t m_compareMax = 0;
    uint32_t m_compareTiles = 0;
    bool m_difference = false; // m_series holds the change per tile
    CompareView m_compareView = CompareView::Outline;
    bool m_variablesGraph = false;
    QSet<QString> m_hidden; // series keys hidden by a legend click
    std::vector<std::string> m_patterns;
    // The Variables graph's series of each slot (0 source, 1 target) for its report and patterns:
    // a toolbar change (IPU, order, gaps) redraws without scanning every variable again.
    struct VariablesOfReport {
        std::weak_ptr<const Report> report;
        std::vector<std::string> patterns;
        std::vector<VariableTileSeries> series;
    };
    std::array<VariablesOfReport, 2> m_variables;
    int64_t m_hover = -1;
    AxisInputHandler m_input;
};

} // namespace popscope
