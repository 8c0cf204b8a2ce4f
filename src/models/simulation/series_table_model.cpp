#include "models/simulation/series_table_model.hpp"

#include "models/item_roles.hpp"
#include "popscope/units.hpp"

#include <QFont>

namespace popscope {

SeriesTableModel::SeriesTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SeriesTableModel::setTable(SeriesTable table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int SeriesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int SeriesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SeriesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Label:
        return QString::fromStdString(m_table.parameter);
    case TotalMemory:
        return tr("Total memory");
    case MostUsedTile:
        return tr("Most-used tile");
    case TilesOver:
        return tr("Tiles over capacity");
    case Fits:
        return tr("Fits");
    case PeakNotAlwaysLive:
        return tr("Peak not-always-live");
    case Cycles:
        return tr("Total cycles");
    case Efficiency:
        return tr("Parallel efficiency");
    default:
        return {};
    }
}

QVariant SeriesTableModel::text(const SeriesRow& r, int column) const
{
    const bool ran = r.totalCycles > 0;
    switch (column) {
    case Label:
        return QString::fromStdString(r.label);
    case TotalMemory:
        return QString::fromStdString(formatBytes(r.totalMemory));
    case MostUsedTile:
        return tr("%1 (tile %2)")
            .arg(QString::fromStdString(formatBytes(r.mostUsedTileBytes)))
            .arg(r.mostUsedTile);
    case TilesOver:
        return QString::fromStdString(formatCount(r.tilesOverCapacity));
    case Fits:
        return r.fits ? tr("yes") : tr("no");
    case PeakNotAlwaysLive:
        return QString::fromStdString(formatBytes(r.peakNotAlwaysLive));
    case Cycles:
        return ran ? QString::fromStdString(formatCount(r.totalCycles)) : tr("not executed");
    case Efficiency:
        return ran ? QString::fromStdString(formatPercent(r.parallelEfficiency)) : QStringLiteral("–");
    default:
        return {};
    }
}

QVariant SeriesTableModel::number(const SeriesRow& r, int column) const
{
    switch (column) {
    case TotalMemory:
        return qulonglong(r.totalMemory);
    case MostUsedTile:
        return qulonglong(r.mostUsedTileBytes);
    case TilesOver:
        return r.tilesOverCapacity;
    case Fits:
        return r.fits ? 1 : 0;
    case PeakNotAlwaysLive:
        return qulonglong(r.peakNotAlwaysLive);
    case Cycles:
        return qulonglong(r.totalCycles);
    case Efficiency:
        return r.parallelEfficiency;
    default:
        return text(r, column);
    }
}

QVariant SeriesTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SeriesRow& r = m_table.rows[size_t(index.row())];
    if (role == Qt::DisplayRole)
        return text(r, index.column());
    if (role == SortRole)
        return number(r, index.column());
    if (role == Qt::TextAlignmentRole)
        return index.column() == Label ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                       : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && index.row() == m_table.largestFitting) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole && index.row() == m_table.largestFitting)
        return tr("The largest value that fits in tile memory");
    if (role == Qt::ToolTipRole && index.row() == m_table.jumpRow)
        return tr("The largest jump of the series: %1 ×%2 from the row before")
            .arg(QString::fromStdString(m_table.jumpFigure))
            .arg(m_table.jumpRatio, 0, 'f', 2);
    return {};
}

} // namespace popscope
