#include "views/memory/memory_table_page.hpp"

#include "models/report_table_model.hpp"
#include "views/widgets/table_panel.hpp"

#include <QVBoxLayout>

namespace popscope {

MemoryTablePage::MemoryTablePage(
    ReportState* state, const QString& name, std::vector<ReportPart> parts, QWidget* parent)
    : ReportPage(state, parent)
{
    setObjectName(name); // the loading panel names it: "Reading what Variables shows…"
    setParts(std::move(parts));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
}

void MemoryTablePage::setPanel(TablePanel* panel)
{
    m_panel = panel;
    layout()->addWidget(panel);
}

void MemoryTablePage::setFill(std::function<void()> fill, std::function<void()> empty)
{
    m_fill = std::move(fill);
    m_empty = std::move(empty);
}

void MemoryTablePage::refresh()
{
    if (isVisibleTo(window()))
        refreshWhenShown(); // fills again now if the parts are read, else once they are
    else
        release(); // a hidden tab keeps no rows (nor references into parts the window may let go of)
}

bool MemoryTablePage::showKey(const std::string& key)
{
    const auto* model = qobject_cast<const ReportTableModel*>(m_panel->sourceModel());
    return model && m_panel->showSourceRow(model->rowOfKey(key));
}

bool MemoryTablePage::showRowKey(const std::string& key)
{
    if (isReady())
        return showKey(key);
    m_pendingRow = key; // shown once the tab's parts are read and its table filled
    return true;
}

void MemoryTablePage::showReports()
{
    if (m_fill)
        m_fill();
    if (!m_pendingRow.empty())
        showKey(std::exchange(m_pendingRow, std::string()));
}

void MemoryTablePage::forgetReports()
{
    m_pendingRow.clear(); // asked for in the reports before
    if (m_empty)
        m_empty();
}

} // namespace popscope
