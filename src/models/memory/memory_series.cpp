#include "models/memory/memory_series.hpp"

#include "popscope/memory_categories.hpp"

#include <algorithm>
#include <numeric>

#include <QCoreApplication>

namespace popscope {

namespace {

const char* regionLabel(int region)
{
    switch (region) {
    case 0:
        return QT_TRANSLATE_NOOP("popscope::MemorySeries", "Non-interleaved");
    case 1:
        return QT_TRANSLATE_NOOP("popscope::MemorySeries", "Interleaved");
    default:
        return QT_TRANSLATE_NOOP("popscope::MemorySeries", "Overflowed");
    }
}

std::vector<uint32_t> gapsTotal(const TileMemory& m)
{
    std::vector<uint32_t> gaps(m.numTiles(), 0);
    for (const auto& region : m.gapsByRegion)
        for (size_t t = 0; t < region.size() && t < gaps.size(); ++t)
            gaps[t] += region[t];
    return gaps;
}

} // namespace

QString breakdownName(MemoryBreakdown breakdown)
{
    switch (breakdown) {
    case MemoryBreakdown::None:
        return QCoreApplication::translate("popscope::MemorySeries", "None");
    case MemoryBreakdown::Category:
        return QCoreApplication::translate("popscope::MemorySeries", "Category");
    case MemoryBreakdown::Region:
        return QCoreApplication::translate("popscope::MemorySeries", "Region");
    case MemoryBreakdown::Liveness:
        return QCoreApplication::translate("popscope::MemorySeries", "Liveness");
    }
    return {};
}

MemorySeriesSet buildMemorySeries(const TileMemory& m, MemoryBreakdown breakdown, bool includeGaps)
{
    MemorySeriesSet set;
    const uint32_t n = m.numTiles();
    auto padded = [n](std::vector<uint32_t> v) {
        v.resize(n, 0);
        return v;
    };
    switch (breakdown) {
    case MemoryBreakdown::None:
        set.series.push_back({ QStringLiteral("total"),
            includeGaps ? QCoreApplication::translate("popscope::MemorySeries", "Tile memory (with gaps)")
                        : QCoreApplication::translate("popscope::MemorySeries", "Tile memory (w/o gaps)"),
            padded(includeGaps ? m.totalIncludingGaps : m.totalExcludingGaps) });
        includeGaps = false; // already in the total
        break;
    case MemoryBreakdown::Category:
        for (size_t c = 0; c < m.categories.size() && c < m.byCategory.size(); ++c)
            set.series.push_back({ QString::fromStdString(m.categories[c]),
                QString::fromStdString(categoryLabel(m.categories[c])), padded(m.byCategory[c]) });
        break;
    case MemoryBreakdown::Region:
        for (int r = 0; r < kMemoryRegionCount; ++r)
            set.series.push_back({ QStringLiteral("region:%1").arg(r),
                QCoreApplication::translate("popscope::MemorySeries", regionLabel(r)),
                padded(m.byRegion[size_t(r)]) });
        break;
    case MemoryBreakdown::Liveness:
        set.series.push_back({ QStringLiteral("alwaysLive"),
            QCoreApplication::translate("popscope::MemorySeries", "Always live"), padded(m.alwaysLive) });
        set.series.push_back({ QStringLiteral("notAlwaysLive"),
            QCoreApplication::translate("popscope::MemorySeries", "Not always live"),
            padded(m.notAlwaysLive) });
        break;
    }
    if (includeGaps)
        set.series.push_back({ QStringLiteral("gaps"),
            QCoreApplication::translate("popscope::MemorySeries", "Gaps"), gapsTotal(m) });
    // Drop series that are zero everywhere, except the single total.
    if (set.series.size() > 1)
        std::erase_if(set.series, [](const MemorySeries1D& s) {
            return std::all_of(s.bytesByTile.begin(), s.bytesByTile.end(), [](uint32_t v) { return v == 0; });
        });
    set.total.assign(n, 0);
    for (const auto& s : set.series)
        for (uint32_t t = 0; t < n; ++t)
            set.total[t] += s.bytesByTile[t];
    set.maxTotal = set.total.empty() ? 0 : *std::max_element(set.total.begin(), set.total.end());
    return set;
}

std::vector<uint32_t> tileDisplayOrder(const TileMemory& m, TileOrder order, int ipu)
{
    uint32_t first = 0, count = m.numTiles();
    if (ipu >= 0 && uint32_t(ipu) < m.numIpus) {
        first = uint32_t(ipu) * m.tilesPerIpu;
        count = m.tilesPerIpu;
    }
    std::vector<uint32_t> tiles(count);
    std::iota(tiles.begin(), tiles.end(), first);
    if (order == TileOrder::Physical && m.physicalTileIds.size() == m.numTiles()) {
        // Physical ids are per IPU; keep IPUs apart, then order by physical id inside each.
        std::stable_sort(tiles.begin(), tiles.end(), [&](uint32_t a, uint32_t b) {
            const uint32_t ia = a / std::max(m.tilesPerIpu, 1u), ib = b / std::max(m.tilesPerIpu, 1u);
            if (ia != ib)
                return ia < ib;
            return m.physicalTileIds[a] < m.physicalTileIds[b];
        });
    }
    return tiles;
}

} // namespace popscope
