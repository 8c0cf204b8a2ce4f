#pragma once
// Sort by raw values (SortRole) and filter rows by text in any column, case-insensitive.
#include <QSortFilterProxyModel>

namespace popscope {

class TableFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TableFilterProxy(QObject* parent = nullptr);
    // Plain text, case-insensitive, matched in any column ("" shows everything).
    void setFilterText(const QString& text);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace popscope
