#include "models/memory/variables_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "popscope/memory_categories.hpp"

#include <algorithm>

namespace popscope {

VariablesModel::VariablesModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { QStringLiteral("Name"), Kind::Text, {} }, { QStringLiteral("Category"), Kind::Text, {} },
        { QStringLiteral("Element type"), Kind::Text, {} },
        { QStringLiteral("Size"), Kind::Bytes, QStringLiteral("Size of the whole variable") },
        { QStringLiteral("On all tiles"), Kind::Bytes, QStringLiteral("Bytes on the tiles shown") },
        { QStringLiteral("Tiles"), Kind::Count,
            QStringLiteral("Tiles shown that hold part of the variable") },
        { QStringLiteral("Always live"), Kind::Flag, {} } });
}

void VariablesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    m_rows = {}; // not clear(): a report let go of takes its rows' memory with it
    if (m_report) {
        const TileScope scope = TileScope::fromSelection(selection, m_report->numTiles());
        m_rows.reserve(scope.all() ? m_report->variables().size() : 1024);
        for (size_t i = 0; i < m_report->variables().size(); ++i) {
            const VariableRow v = m_report->variables()[i];
            if (scope.all()) {
                m_rows.push_back({ uint32_t(i), uint32_t(v.tiles.size()), v.sizeBytes });
                continue;
            }
            uint64_t bytes = 0;
            uint32_t tiles = 0;
            for (const TileBytes& tb : v.tiles)
                if (scope.contains(tb.tile)) {
                    bytes += tb.bytes;
                    ++tiles;
                }
            if (tiles > 0)
                m_rows.push_back({ uint32_t(i), tiles, bytes });
        }
        // Largest first, as a single table opens: the view keeps this order (1.4 M rows sorted by
        // the proxy, two model indexes a comparison, took half a second).
        if (m_presorted)
            std::stable_sort(
                m_rows.begin(), m_rows.end(), [](const Row& a, const Row& b) { return a.bytes > b.bytes; });
        setHeader(
            BytesInScope, scope.all() ? QStringLiteral("On all tiles") : QStringLiteral("On selected tiles"));
    }
    endResetModel();
}

int64_t VariablesModel::variableIndexAt(int row) const
{
    if (!m_report || row < 0 || size_t(row) >= m_rows.size())
        return -1;
    return m_rows[size_t(row)].variable;
}

std::optional<VariableRow> VariablesModel::variableAt(int row) const
{
    const int64_t index = variableIndexAt(row);
    if (index < 0)
        return std::nullopt;
    return m_report->variables()[size_t(index)];
}

QString VariablesModel::text(int row, int column) const
{
    const VariableRow v = *variableAt(row);
    switch (column) {
    case Name:
        return toQString(v.name);
    case Category:
        return QString::fromStdString(categoryLabel(v.category));
    case ElementType:
        return v.elementType.empty() ? QStringLiteral("—") : QString::fromStdString(v.elementType);
    default:
        return {};
    }
}

uint64_t VariablesModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    switch (column) {
    case Size:
        return m_report->variables()[r.variable].sizeBytes;
    case BytesInScope:
        return r.bytes;
    case Tiles:
        return r.tiles;
    case AlwaysLive:
        return m_report->variables()[r.variable].alwaysLive ? 1 : 0;
    default:
        return 0;
    }
}

} // namespace popscope
