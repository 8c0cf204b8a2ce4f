#pragma once
// The Sweep page's table: one row per report of a series (core's SeriesTable), its figures as
// text with units and as raw numbers (SortRole) for sorting and CSV; the largest row that fits in
// bold, the row of the largest jump marked.
#include "popscope/series.hpp"

#include <QAbstractTableModel>

namespace popscope {

class SeriesTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Label,
        TotalMemory,
        MostUsedTile,
        TilesOver,
        Fits,
        PeakNotAlwaysLive,
        Cycles,
        Efficiency,
        ColumnCount
    };

    explicit SeriesTableModel(QObject* parent = nullptr);
    void setTable(SeriesTable table);
    const SeriesTable& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant text(const SeriesRow& row, int column) const;
    QVariant number(const SeriesRow& row, int column) const;
    SeriesTable m_table;
};

} // namespace popscope
