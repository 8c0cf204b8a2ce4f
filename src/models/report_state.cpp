#include "models/report_state.hpp"

#include <algorithm>

namespace popscope {

ReportState::ReportState(QObject* parent)
    : QObject(parent)
{
}

void ReportState::setReport(std::shared_ptr<const LoadedReport> report)
{
    setReports(std::move(report), nullptr);
}

void ReportState::setReports(
    std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target)
{
    m_report = std::move(source);
    m_compared = m_report ? std::move(target) : nullptr;
    // Keep tiles that still exist (Reload keeps the selection, a smaller report drops the rest).
    const uint32_t n = tileLimit();
    const size_t selected = m_selection.size();
    std::erase_if(m_selection, [n](uint32_t t) { return t >= n; });
    emit reportChanged();
    if (m_selection.size() != selected) // pages rebuild on reportChanged already
        emit selectionChanged();
}

void ReportState::swapReports()
{
    if (isComparing())
        setReports(m_compared, m_report);
}

uint32_t ReportState::commonTiles() const
{
    if (!m_report)
        return 0;
    return m_compared ? std::min(m_report->numTiles(), m_compared->numTiles()) : m_report->numTiles();
}

uint32_t ReportState::tileLimit() const
{
    const uint32_t source = m_report ? m_report->numTiles() : 0;
    const uint32_t target = m_compared ? m_compared->numTiles() : 0;
    return std::max(source, target);
}

bool ReportState::isSelected(uint32_t tile) const
{
    return std::binary_search(m_selection.begin(), m_selection.end(), tile);
}

void ReportState::setSelectedTiles(std::vector<uint32_t> tiles)
{
    const uint32_t n = tileLimit();
    std::erase_if(tiles, [n](uint32_t t) { return t >= n; }); // tiles the report does not have
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    if (tiles == m_selection)
        return;
    m_selection = std::move(tiles);
    emit selectionChanged();
}

void ReportState::toggleTile(uint32_t tile)
{
    if (tile >= tileLimit())
        return;
    auto it = std::lower_bound(m_selection.begin(), m_selection.end(), tile);
    if (it != m_selection.end() && *it == tile)
        m_selection.erase(it);
    else
        m_selection.insert(it, tile);
    emit selectionChanged();
}

void ReportState::setUnit(MemoryUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit unitChanged();
}

void ReportState::setZoom(TileWindow window)
{
    if (m_zoom.setWindow(window))
        emit zoomChanged();
}

void ReportState::setZoomExtent(uint32_t positions)
{
    m_zoom.setExtent(positions);
    emit zoomChanged();
}

void ReportState::resetZoom()
{
    setZoom(m_zoom.whole());
}

} // namespace popscope
