#include "views/widgets/compared_table.hpp"

#include "models/compare_table_model.hpp"
#include "views/widgets/table_panel.hpp"

#include <QTreeView>

namespace popscope {

ComparedTable::ComparedTable(
    ReportTableModel* source, ReportTableModel* target, TablePanel* panel, int sortColumn, QObject* parent)
    : QObject(parent)
    , m_source(source)
    , m_target(target)
    , m_panel(panel)
    , m_sortColumn(sortColumn)
{
    m_compare = new CompareTableModel(source, target, this);
    m_panel->view()->sortByColumn(m_sortColumn, Qt::DescendingOrder);
}

void ComparedTable::beginUpdate()
{
    m_panel->setSourceModel(nullptr);
}

void ComparedTable::endUpdate(bool comparing)
{
    if (comparing)
        m_compare->rebuild(); // both sides were just set: join them once
    // The join arrives ordered by |Diff|; a header click sorts by any column. A single table
    // opens sorted by its bytes, largest first (sorting before the model arrives sorts it once).
    const bool modeChanged = comparing != m_comparing;
    m_comparing = comparing;
    if (modeChanged)
        m_panel->view()->sortByColumn(comparing ? -1 : m_sortColumn, Qt::DescendingOrder);
    m_panel->setSourceModel(comparing ? static_cast<QAbstractItemModel*>(m_compare) : m_source);
}

} // namespace popscope
