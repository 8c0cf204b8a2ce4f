#include "models/memory/variables_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/memory_categories.hpp"

#include <algorithm>
#include <numeric>

namespace popscope {

VariablesModel::VariablesModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Name"), Kind::Text, {} }, { tr("Category"), Kind::Text, {} },
        { tr("Element type"), Kind::Text, {} }, { tr("Size"), Kind::Bytes, tr("Size of the whole variable") },
        { tr("On all tiles"), Kind::Bytes, tr("Bytes on the tiles shown") },
        { tr("Tiles"), Kind::Count, tr("Tiles shown that hold part of the variable") },
        { tr("Always live"), Kind::Flag, {} } });
}

void VariablesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    freeMemory(m_order); // a report let go of takes its rows' memory with it
    m_identityRows = 0;
    freeMemory(m_inScope);
    if (m_report) {
        const VariableTable& variables = m_report->variables();
        const TileScope scope = TileScope::fromSelection(selection, m_report->numTiles());
        if (scope.all() && !m_presorted) {
            m_identityRows = variables.size(); // a comparison's side: every variable, in order
        } else {
            m_order.reserve(scope.all() ? variables.size() : 1024);
            for (size_t i = 0; i < variables.size(); ++i) {
                if (scope.all()) {
                    m_order.push_back(uint32_t(i));
                    continue;
                }
                uint64_t bytes = 0;
                uint32_t tiles = 0;
                for (const TileBytes& tb : variables.tiles(i))
                    if (scope.contains(tb.tile)) {
                        bytes += tb.bytes;
                        ++tiles;
                    }
                if (tiles > 0) {
                    m_order.push_back(uint32_t(i));
                    m_inScope.push_back({ tiles, bytes });
                }
            }
        }
        // Largest first, as a single table opens: the view keeps this order (1.4 M rows sorted by
        // the proxy, two model indexes a comparison, took half a second).
        if (m_presorted && scope.all()) {
            std::stable_sort(m_order.begin(), m_order.end(),
                [&](uint32_t a, uint32_t b) { return variables.sizeBytes(a) > variables.sizeBytes(b); });
        } else if (m_presorted) {
            std::vector<uint32_t> rows(m_order.size());
            std::iota(rows.begin(), rows.end(), 0u);
            std::stable_sort(rows.begin(), rows.end(),
                [&](uint32_t a, uint32_t b) { return m_inScope[a].bytes > m_inScope[b].bytes; });
            std::vector<uint32_t> order(rows.size());
            std::vector<InScope> inScope(rows.size());
            for (size_t r = 0; r < rows.size(); ++r) {
                order[r] = m_order[rows[r]];
                inScope[r] = m_inScope[rows[r]];
            }
            m_order = std::move(order);
            m_inScope = std::move(inScope);
        }
        setHeader(BytesInScope, scope.all() ? tr("On all tiles") : tr("On selected tiles"));
    }
    endResetModel();
}

std::string_view VariablesModel::keyView(int row) const
{
    // The name alone, not the row: a join reads every key.
    const int64_t v = variableIndexAt(row);
    return v < 0 ? std::string_view() : m_report->variables().name(size_t(v));
}

int64_t VariablesModel::variableIndexAt(int row) const
{
    if (!m_report || row < 0 || row >= rows())
        return -1;
    return int64_t(variableOf(row));
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
    // The column's field alone: a join or a sort asks every row for one column.
    const VariableTable& variables = m_report->variables();
    const size_t v = variableOf(row);
    switch (column) {
    case Size:
        return variables.sizeBytes(v);
    case BytesInScope:
        return m_inScope.empty() ? variables.sizeBytes(v) : m_inScope[size_t(row)].bytes;
    case Tiles:
        return m_inScope.empty() ? variables.tiles(v).size() : m_inScope[size_t(row)].tiles;
    case AlwaysLive:
        return variables.alwaysLive(v) ? 1 : 0;
    default:
        return 0;
    }
}

} // namespace popscope
