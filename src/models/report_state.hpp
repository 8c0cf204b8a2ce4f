#pragma once
// The one shared state every report view follows: the open report, the compared report, the
// tile selection (shared across reports), the memory unit and the memory chart's zoom window.
#include "models/loaded_report.hpp"
#include "models/tile_axis.hpp"
#include "popscope/units.hpp"

#include <QObject>

#include <memory>
#include <vector>

namespace popscope {

class ReportState : public QObject {
    Q_OBJECT
public:
    explicit ReportState(QObject* parent = nullptr);

    std::shared_ptr<const LoadedReport> report() const { return m_report; }
    void setReport(std::shared_ptr<const LoadedReport> report);
    // Compare mode: kept here so views can follow it; views do not overlay it yet.
    std::shared_ptr<const LoadedReport> comparedReport() const { return m_compared; }
    void setComparedReport(std::shared_ptr<const LoadedReport> report);

    // Sorted, unique global tile ids.
    const std::vector<uint32_t>& selectedTiles() const { return m_selection; }
    bool isSelected(uint32_t tile) const;
    void setSelectedTiles(std::vector<uint32_t> tiles);
    void toggleTile(uint32_t tile);
    void clearSelection() { setSelectedTiles({}); }

    MemoryUnit unit() const { return m_unit; }
    void setUnit(MemoryUnit unit);

    // Visible window over the memory chart's display positions.
    TileWindow zoom() const { return m_zoom; }
    uint32_t zoomExtent() const { return m_zoomExtent; }
    void setZoom(TileWindow window);
    void setZoomExtent(uint32_t positions); // resets the window to everything
    void resetZoom();

signals:
    void reportChanged();
    void comparedReportChanged();
    void selectionChanged();
    void unitChanged();
    void zoomChanged();

private:
    std::shared_ptr<const LoadedReport> m_report;
    std::shared_ptr<const LoadedReport> m_compared;
    std::vector<uint32_t> m_selection;
    MemoryUnit m_unit = MemoryUnit::Binary;
    TileWindow m_zoom;
    uint32_t m_zoomExtent = 0;
};

} // namespace popscope
