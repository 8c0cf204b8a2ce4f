#pragma once
// Sort by raw values (SortRole) and filter rows by text in any column, case-insensitive.
#include <QSortFilterProxyModel>

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

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    const ReportTableModel* m_table = nullptr; // the source, when it is one of ours
    const NameTreeModel* m_tree = nullptr; // or one of our trees (Liveness)
};

} // namespace popscope
