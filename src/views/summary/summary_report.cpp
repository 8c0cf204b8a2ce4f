#include "views/summary/summary_report.hpp"

#include "models/report_state.hpp"
#include "views/summary/summary_compare_page.hpp"
#include "views/summary/summary_page.hpp"

#include <QStackedWidget>
#include <QVBoxLayout>

namespace popscope {

SummaryReport::SummaryReport(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    m_stack = new QStackedWidget(this);
    m_single = new SummaryPage(state, m_stack);
    m_compared = new SummaryComparePage(state, m_stack);
    m_stack->addWidget(m_single);
    m_stack->addWidget(m_compared);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showReports();
}

void SummaryReport::showReports()
{
    m_stack->setCurrentWidget(m_state->isComparing() ? static_cast<QWidget*>(m_compared) : m_single);
}

} // namespace popscope
