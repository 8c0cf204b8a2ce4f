#include "models/table_filter_proxy.hpp"

#include "models/item_roles.hpp"
#include "models/liveness/name_tree_model.hpp"
#include "models/report_table_model.hpp"

#include <QRegularExpression>

namespace popscope {

TableFilterProxy::TableFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SortRole);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setRecursiveFilteringEnabled(true);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void TableFilterProxy::setFilterText(const QString& text)
{
    setFilterRegularExpression(QRegularExpression(
        QRegularExpression::escape(text.trimmed()), QRegularExpression::CaseInsensitiveOption));
}

void TableFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    m_table = qobject_cast<const ReportTableModel*>(model);
    m_tree = qobject_cast<const NameTreeModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool TableFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // Numbers straight from our models: a QVariant per comparison made sorting 250 k variables
    // a visible pause.
    if (m_table) {
        using Kind = ReportTableModel::Kind;
        const Kind l = m_table->cellKind(left.row(), left.column()),
                   r = m_table->cellKind(right.row(), right.column());
        if (ReportTableModel::isSigned(l) || ReportTableModel::isSigned(r)
            || !m_table->present(left.row(), left.column()) || !m_table->present(right.row(), right.column()))
            return m_table->sortSigned(left.row(), left.column())
                < m_table->sortSigned(right.row(), right.column());
        if (l != Kind::Text)
            return m_table->sortNumber(left.row(), left.column())
                < m_table->sortNumber(right.row(), right.column());
    }
    if (m_tree && left.column() > 0)
        return m_tree->sortNumber(left) < m_tree->sortNumber(right);
    const QVariant l = left.data(SortRole), r = right.data(SortRole);
    if (l.typeId() == QMetaType::ULongLong && r.typeId() == QMetaType::ULongLong)
        return l.toULongLong() < r.toULongLong();
    if (l.typeId() == QMetaType::QString && r.typeId() == QMetaType::QString)
        return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace popscope
