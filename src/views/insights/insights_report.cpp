#include "views/insights/insights_report.hpp"

#include "models/report_state.hpp"
#include "views/insights/insights_page.hpp"

#include <QResizeEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace popscope {

InsightsReport::InsightsReport(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_source = new InsightsPage(state, m_splitter, 0);
    m_target = new InsightsPage(state, m_splitter, 1);
    m_splitter->addWidget(m_source);
    m_splitter->addWidget(m_target);
    m_splitter->setChildrenCollapsible(false);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    layout->addWidget(m_tabs);
    for (InsightsPage* page : { m_source, m_target })
        connect(page, &InsightsPage::showTile, this, [this](uint32_t tile) {
            m_state->requestNavigation(
                NavigationTarget::numbered(page_ids::memory, NavigationTarget::Kind::Tile, tile));
        });
    setParts({ ReportPart::TileMemory, ReportPart::Insights });
    follow();
}

bool InsightsReport::showsTabs() const
{
    return m_tabs->isVisibleTo(this);
}

void InsightsReport::resizeEvent(QResizeEvent* event)
{
    ReportPage::resizeEvent(event);
    follow();
}

void InsightsReport::follow()
{
    // Two Insights pages need about 1,400 px side by side; below that they share tabs.
    const bool comparing = m_state->isComparing();
    const bool tabs = comparing && width() < 1400;
    if (tabs != showsTabs()) {
        if (tabs) {
            m_tabs->addTab(m_source, tr("Source"));
            m_tabs->addTab(m_target, tr("Target"));
        } else {
            m_tabs->clear();
            m_splitter->addWidget(m_source);
            m_splitter->addWidget(m_target);
        }
        m_tabs->setVisible(tabs);
        m_splitter->setVisible(!tabs);
    }
    if (tabs) {
        m_tabs->setTabText(0, tr("Source · %1").arg(m_state->report()->fileName()));
        m_tabs->setTabText(1, tr("Target · %1").arg(m_state->comparedReport()->fileName()));
    }
    m_source->setVisible(true);
    m_target->setVisible(comparing);
    if (comparing && !tabs)
        m_splitter->setSizes({ 1, 1 });
}

} // namespace popscope
