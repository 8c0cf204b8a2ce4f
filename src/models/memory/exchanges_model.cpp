#include "models/memory/exchanges_model.hpp"

#include "models/memory/tile_scope.hpp"

namespace popscope {

namespace {

// Every exchange with code on the tiles in scope (every exchange when the scope is all tiles).
std::vector<ExchangeInScope> exchangesInScope(
    const LoadedReport& report, const std::vector<uint32_t>& selection)
{
    const TileScope scope = TileScope::fromSelection(selection, report.numTiles());
    std::vector<ExchangeInScope> rows;
    for (size_t i = 0; i < report.exchanges().size(); ++i) {
        ExchangeInScope row;
        row.exchange = uint32_t(i);
        for (const TileBytes& tb : report.exchanges()[i].codeBytesByTile)
            if (tb.bytes > 0 && scope.contains(tb.tile)) {
                row.codeBytes += tb.bytes;
                ++row.tiles;
            }
        if (row.tiles > 0 || scope.all())
            rows.push_back(row);
    }
    return rows;
}

} // namespace

// data table: one descriptor per column, in the order of Column.
ExchangesModel::ExchangesModel(QObject* parent)
    : ColumnTableModel(parent)
{
    using Row = ExchangeInScope;
    setColumnDescriptors(
        {
            { .header = tr("Exchange"),
                .text = [this](const Row& r) { return QString::fromStdString(exchangeOf(r).name); } },
            { .header = tr("Kind"),
                .headerToolTip = tr("internal, host or global exchange"),
                .text = [this](const Row& r) { return QString::fromStdString(exchangeOf(r).kind); } },
            { .header = tr("Payload"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Data moved by the whole exchange"),
                .number = [this](const Row& r) { return exchangeOf(r).totalBytes; },
                .compared = true },
            { .header = tr("Code size"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Exchange code on the tiles shown"),
                .number = &Row::codeBytes,
                .compared = true },
            { .header = tr("Tiles"),
                .kind = Kind::Count,
                .headerToolTip = tr("Tiles shown holding code of this exchange"),
                .number = &Row::tiles },
        },
        [this](const Row& r) { return std::string_view(exchangeOf(r).name); });
}

void ExchangesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    // A report let go of takes its rows' memory with it.
    takeRows(m_report ? exchangesInScope(*m_report, selection) : std::vector<ExchangeInScope>());
    endResetModel();
}

} // namespace popscope
