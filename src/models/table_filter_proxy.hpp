#pragma once
// Sort by raw values (SortRole) and filter rows by text in any column, case-insensitive.
#include <QSortFilterProxyModel>

#include <cstdint>
#include <vector>

namespace popscope {

class NameTreeModel;
class ReportTableModel;

class TableFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TableFilterProxy(QObject* parent = nullptr);
    // Plain text, case-insensitive, matched in any column ("" shows everything).
    void setFilterText(const QString& text);

    void setSourceModel(QAbstractItemModel* model) override;
    // The source sorts itself (a query's result runs again ordered): the proxy passes a sort on and
    // keeps the source's order.
    void setSortsInSource(bool inSource) { m_sortsInSource = inSource; }
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    // One sort key a source row, made once a sort: comparing keys costs a load, where asking the
    // model for both cells' kinds and numbers on every one of a sort's 28 M comparisons
    // (bench-huge's 1.4 M variables) took most of the Memory page's showing.
    struct SortKeys {
        int column = -1; // -1: none made since the source last changed
        bool usable = false; // false: the column has a Text cell, compared pair by pair
        size_t rows = 0; // the source's rows when they were made
        bool isSigned = false; // signedKeys (a signed or absent cell in the column) or unsignedKeys
        std::vector<uint64_t> unsignedKeys;
        std::vector<double> signedKeys;
    };
    const SortKeys& sortKeys(int column) const;
    void forgetSortKeys() { m_keys = {}; }

    const ReportTableModel* m_table = nullptr; // the source, when it is one of ours
    const NameTreeModel* m_tree = nullptr; // or one of our trees (Liveness)
    mutable SortKeys m_keys;
    bool m_sortsInSource = false;
    std::vector<QMetaObject::Connection> m_keyConnections; // to the source: they drop the keys
};

} // namespace popscope
