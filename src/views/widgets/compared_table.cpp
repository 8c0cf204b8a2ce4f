#include "views/widgets/compared_table.hpp"

#include "models/compare_table_model.hpp"
#include "views/widgets/table_panel.hpp"

#include "models/report_table_model.hpp"
#include "models/table_filter_proxy.hpp"

#include <QHeaderView>

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
    m_panel->sortByColumn(m_sortColumn, Qt::DescendingOrder);
}

void ComparedTable::beginUpdate(bool comparing)
{
    m_panel->setSourceModel(nullptr);
    m_source->setPresorted(!comparing);
}

void ComparedTable::endUpdate(bool comparing)
{
    if (comparing)
        m_compare->rebuild(); // both sides were just set: join them once
    // The join arrives ordered by |Diff|; a header click sorts by any column. A single table
    // opens sorted by its bytes, largest first: as its model's rows come when it can presort them,
    // otherwise by the proxy (sorting before the model arrives sorts it once).
    const bool modeChanged = comparing != m_comparing;
    m_comparing = comparing;
    if (modeChanged)
        m_panel->sortByColumn(comparing ? -1 : m_sortColumn, Qt::DescendingOrder);
    if (!comparing)
        keepPresortedOrder();
    m_panel->setSourceModel(comparing ? static_cast<QAbstractItemModel*>(m_compare) : m_source);
}

void ComparedTable::keepPresortedOrder()
{
    // The header still shows the order; the proxy keeps the model's rows as they come. A click on
    // the header sorts through the proxy as usual.
    const QHeaderView* header = m_panel->header();
    if (header->sortIndicatorSection() == m_source->presortedColumn() && m_source->presortedColumn() >= 0
        && header->sortIndicatorOrder() == Qt::DescendingOrder)
        m_panel->proxy()->sort(-1);
}

} // namespace popscope
