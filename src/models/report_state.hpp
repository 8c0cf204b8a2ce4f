#pragma once
// The one shared state every report view follows: the open report, the compared report, the
// tile selection (shared across reports), the memory unit and the memory chart's zoom window.
#include "models/axis_window.hpp"
#include "models/loaded_report.hpp"
#include "models/navigation_target.hpp"
#include "popscope/units.hpp"

#include <QObject>

#include <memory>
#include <vector>

namespace popscope {

class ReportState : public QObject {
    Q_OBJECT
public:
    explicit ReportState(QObject* parent = nullptr);

    // The source report (the only one outside compare mode).
    std::shared_ptr<const LoadedReport> report() const { return m_report; }
    // Single mode: one report, compare mode left.
    void setReport(std::shared_ptr<const LoadedReport> report);
    // Compare mode: the target report, or null in single mode.
    std::shared_ptr<const LoadedReport> comparedReport() const { return m_compared; }
    bool isComparing() const { return m_report && m_compared; }
    // Both slots at once, so views rebuild once: reportChanged is the one signal for any change
    // of either slot (open, compare, swap, leave compare mode).
    void setReports(std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target);
    void swapReports();
    // The slot's report: 0 = source, 1 = target.
    std::shared_ptr<const LoadedReport> reportAt(int slot) const { return slot == 0 ? m_report : m_compared; }
    // Tiles a selection may hold: the larger report's count in compare mode.
    uint32_t tileLimit() const;
    // Tiles both reports have (compared one to one): the smaller count; the report's own in
    // single mode.
    uint32_t commonTiles() const;

    // A page asks the window to show a page or one of its rows (What changed links, Insights' tiles).
    void requestNavigation(const NavigationTarget& target) { emit navigationRequested(target); }

    // Sorted, unique global tile ids.
    const std::vector<uint32_t>& selectedTiles() const { return m_selection; }
    bool isSelected(uint32_t tile) const;
    void setSelectedTiles(std::vector<uint32_t> tiles);
    void toggleTile(uint32_t tile);
    void clearSelection() { setSelectedTiles({}); }

    MemoryUnit unit() const { return m_unit; }
    void setUnit(MemoryUnit unit);

    // Visible window over the memory chart's display positions.
    TileWindow zoom() const { return m_zoom.window(); }
    const AxisWindow& zoomAxis() const { return m_zoom; }
    uint32_t zoomExtent() const { return uint32_t(m_zoom.extent()); }
    void setZoom(TileWindow window);
    void setZoomExtent(uint32_t positions); // resets the window to everything
    void resetZoom();

signals:
    void reportChanged();
    void navigationRequested(const popscope::NavigationTarget& target);
    void selectionChanged();
    void unitChanged();
    void zoomChanged();

private:
    std::shared_ptr<const LoadedReport> m_report;
    std::shared_ptr<const LoadedReport> m_compared;
    std::vector<uint32_t> m_selection;
    MemoryUnit m_unit = MemoryUnit::Binary;
    AxisWindow m_zoom;
};

} // namespace popscope
