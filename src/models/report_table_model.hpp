#pragma once
// Base of popscope's flat tables: typed columns (text, bytes, count, flag), bytes shown in the
// user's unit, raw values in SortRole for sorting and CSV export.
#include "models/item_roles.hpp"
#include "popscope/units.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace popscope {

class ReportTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Kind { Text, Bytes, Count, Flag };
    struct Column {
        QString header;
        Kind kind = Kind::Text;
        QString toolTip;
    };

    explicit ReportTableModel(QObject* parent = nullptr);

    MemoryUnit unit() const { return m_unit; }
    void setUnit(MemoryUnit unit);
    const std::vector<Column>& columns() const { return m_columns; }
    Kind columnKind(int column) const { return m_columns.at(size_t(column)).kind; }
    // The raw number of a Bytes/Count/Flag cell, without a QVariant (sorting 250 k rows).
    uint64_t sortNumber(int row, int column) const { return number(row, column); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    virtual int rows() const = 0;
    virtual QString text(int row, int column) const;
    virtual uint64_t number(int row, int column) const;
    virtual QString toolTip(int row, int column) const;
    void setColumns(std::vector<Column> columns) { m_columns = std::move(columns); }
    void setHeader(int column, const QString& header);

private:
    std::vector<Column> m_columns;
    MemoryUnit m_unit = MemoryUnit::Binary;
};

} // namespace popscope
