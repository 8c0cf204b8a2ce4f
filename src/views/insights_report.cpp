#include "views/insights_report.hpp"

#include "models/report_state.hpp"
#include "views/insights_page.hpp"

#include <QSplitter>
#include <QVBoxLayout>

namespace popscope {

InsightsReport::InsightsReport(ReportState* state, QWidget* parent) : ReportPage(state, parent)
{
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_source = new InsightsPage(state, m_splitter, 0);
    m_target = new InsightsPage(state, m_splitter, 1);
    m_splitter->addWidget(m_source);
    m_splitter->addWidget(m_target);
    m_splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    for (InsightsPage* page : {m_source, m_target})
        connect(page, &InsightsPage::showTile, this,
                [this](uint32_t tile) { m_state->requestNavigation(QStringLiteral("memory"), QStringLiteral("tile"), QString::number(tile)); });
    connect(state, &ReportState::comparedReportChanged, this, &InsightsReport::follow);
    connect(state, &ReportState::reportChanged, this, &InsightsReport::follow);
    follow();
}

void InsightsReport::follow()
{
    m_target->setVisible(m_state->isComparing());
    if (m_state->isComparing())
        m_splitter->setSizes({1, 1});
}

} // namespace popscope
