#include "views/compared_table.hpp"

#include "models/compare_table_model.hpp"
#include "views/table_panel.hpp"

#include <QTreeView>

namespace popscope {

ComparedTable::ComparedTable(ReportTableModel* source, ReportTableModel* target, TablePanel* panel, int sortColumn,
                             QObject* parent)
    : QObject(parent), m_source(source), m_target(target), m_panel(panel), m_sortColumn(sortColumn)
{
    m_compare = new CompareTableModel(source, target, this);
    m_panel->view()->sortByColumn(m_sortColumn, Qt::DescendingOrder);
}

void ComparedTable::setCompareMode(bool comparing)
{
    if (comparing == m_comparing)
        return;
    m_comparing = comparing;
    m_panel->setSourceModel(comparing ? static_cast<QAbstractItemModel*>(m_compare) : m_source);
    // The join arrives ordered by |Diff|; a header click sorts by any column.
    m_panel->view()->sortByColumn(comparing ? -1 : m_sortColumn, Qt::DescendingOrder);
}

} // namespace popscope
