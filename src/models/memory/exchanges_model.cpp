#include "models/memory/exchanges_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "popscope/free_memory.hpp"

namespace popscope {

ExchangesModel::ExchangesModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Exchange"), Kind::Text, {} },
        { tr("Kind"), Kind::Text, tr("internal, host or global exchange") },
        { tr("Payload"), Kind::Bytes, tr("Data moved by the whole exchange") },
        { tr("Code size"), Kind::Bytes, tr("Exchange code on the tiles shown") },
        { tr("Tiles"), Kind::Count, tr("Tiles shown holding code of this exchange") } });
}

void ExchangesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    freeMemory(m_rows); // a report let go of takes its rows' memory with it
    if (m_report) {
        const TileScope scope = TileScope::fromSelection(selection, m_report->numTiles());
        for (size_t i = 0; i < m_report->exchanges().size(); ++i) {
            Row row;
            row.exchange = uint32_t(i);
            for (const TileBytes& tb : m_report->exchanges()[i].codeBytesByTile)
                if (tb.bytes > 0 && scope.contains(tb.tile)) {
                    row.codeBytes += tb.bytes;
                    ++row.tiles;
                }
            if (row.tiles > 0 || scope.all())
                m_rows.push_back(row);
        }
    }
    endResetModel();
}

QString ExchangesModel::text(int row, int column) const
{
    const Exchange& e = m_report->exchanges()[m_rows[size_t(row)].exchange];
    if (column == Name)
        return QString::fromStdString(e.name);
    if (column == ExchangeKind)
        return QString::fromStdString(e.kind);
    return {};
}

uint64_t ExchangesModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    switch (column) {
    case Payload:
        return m_report->exchanges()[r.exchange].totalBytes;
    case CodeBytes:
        return r.codeBytes;
    case Tiles:
        return r.tiles;
    default:
        return 0;
    }
}

std::string_view ExchangesModel::keyView(int row) const
{
    return m_report->exchanges()[m_rows[size_t(row)].exchange].name;
}

} // namespace popscope
