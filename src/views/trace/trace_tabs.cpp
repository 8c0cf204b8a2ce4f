#include "views/trace/trace_tabs.hpp"

#include "models/table_filter_proxy.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "models/trace/waiting_steps_model.hpp"
#include "views/trace/trace_step_details.hpp"
#include "views/trace/trace_summary_charts.hpp"
#include "views/widgets/tab_key.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QVBoxLayout>

namespace popscope {

TraceTabs::TraceTabs(WaitingStepsModel* waits, TraceFiguresModel* figures, QWidget* parent)
    : QTabWidget(parent)
{
    auto* summaryTab = new QWidget(this);
    auto* summaryLayout = new QHBoxLayout(summaryTab);
    summaryLayout->setContentsMargins(0, 0, 0, 0);
    m_figuresPanel = new TablePanel(figures, QStringLiteral("trace-summary"), summaryTab);
    m_figuresPanel->setFilterVisible(false);
    m_charts = new TraceSummaryCharts(summaryTab);
    summaryLayout->addWidget(m_figuresPanel, 2); // room for Source, Target and Diff in compare mode
    summaryLayout->addWidget(m_charts, 3);
    setTabKey(summaryTab, int(TraceTab::Summary));
    addTab(summaryTab, tr("Summary"));
    auto* waitsTab = new QWidget(this);
    auto* waitsLayout = new QVBoxLayout(waitsTab);
    waitsLayout->setContentsMargins(0, 4, 0, 0);
    m_waitsSide = new QComboBox(waitsTab);
    m_waitsSide->addItems({ tr("Source"), tr("Target") });
    m_waitsSide->setToolTip(tr("Whose steps to rank (compare mode)"));
    waitsLayout->addWidget(m_waitsSide, 0, Qt::AlignLeft);
    m_waitsPanel = new TablePanel(waits, QStringLiteral("where-the-cycles-wait"), waitsTab);
    m_waitsPanel->setEmptyText(tr("No step waits: every tile worked until each sync."));
    waitsLayout->addWidget(m_waitsPanel, 1);
    setTabKey(waitsTab, int(TraceTab::Waits));
    addTab(waitsTab, tr("Where the Cycles Wait"));
    m_details = new TraceStepDetails(this);
    setTabKey(m_details, int(TraceTab::Details));
    addTab(m_details, tr("Details"));
    connect(
        m_waitsPanel->view(), &QAbstractItemView::activated, this, [this, waits](const QModelIndex& index) {
            const QModelIndex source = m_waitsPanel->proxy()->mapToSource(index);
            if (waits->waitAt(source.row()))
                emit waitActivated(waits->targetAt(source.row()));
        });
}

} // namespace popscope
