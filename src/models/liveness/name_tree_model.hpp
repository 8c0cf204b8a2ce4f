#pragma once
// A NameTree (rows grouped by name path, a Total row) as a Qt tree: the Liveness report's tables.
// Columns: Name, then one per value column (a step, or Source / Target of a step) and Difference
// columns (b − a, red where it grew, green where it shrank). Raw numbers in SortRole for sorting
// and CSV; "—" where a column has no such row.
#include "models/item_roles.hpp"
#include "popscope/name_tree.hpp"
#include "popscope/units.hpp"

#include <QAbstractItemModel>

namespace popscope {

class NameTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Unit { Bytes, Cycles };
    struct Column {
        QString header;
        QString toolTip;
        int value = 0; // the tree's value column shown (or the later side of a difference)
        int minus = -1; // >= 0: shows value[value] − value[minus]
        bool missing = false; // a report without this step: "—" in every row, not a difference to 0
    };
    explicit NameTreeModel(QObject* parent = nullptr);

    // What a row counts, for tooltips: "variables", "instances".
    void setCountNoun(const QString& singular, const QString& plural);
    void setTree(NameTree tree, std::vector<Column> columns, Unit unit = Unit::Bytes);
    void clear();
    const NameTree& tree() const { return m_tree; }
    void setUnit(MemoryUnit unit);
    // The index of the row with full path `path` in column 0, or invalid.
    QModelIndex indexOfPath(const QString& path) const;
    // The full name path of a row ("" for Total).
    QString pathAt(const QModelIndex& index) const;
    // What SortRole holds for a value column, without a QVariant (sorting 250,000 rows); absent
    // cells as 0. Column 0 (the name) has none: the proxy compares its text.
    int64_t sortNumber(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    uint32_t nodeOf(const QModelIndex& index) const { return uint32_t(index.internalId()); }
    QString valueText(uint64_t value) const;
    QVariant cell(uint32_t node, const Column& column, int role) const;
    NameTree m_tree;
    std::vector<Column> m_columns;
    Unit m_valueUnit = Unit::Bytes;
    MemoryUnit m_unit = MemoryUnit::Binary;
    QString m_singular = QStringLiteral("variable"), m_plural = QStringLiteral("variables");
};

} // namespace popscope
