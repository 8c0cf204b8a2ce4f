// The Execution Trace page's traces: built off the GUI thread when the page is first shown (a
// TraceBuilder per report, with progress and Cancel), then shown with the toolbar's choices, or a
// message saying why there is nothing to show.
#include "views/trace/execution_trace_page.hpp"

#include "models/compare_colors.hpp"
#include "models/report_state.hpp"
#include "models/trace/trace_builder.hpp"
#include "models/trace/trace_zoom.hpp"
#include "models/trace/waiting_steps_model.hpp"
#include "views/trace/trace_build_message.hpp"
#include "views/trace/trace_overview.hpp"
#include "views/trace/trace_summary_charts.hpp"
#include "views/trace/trace_tabs.hpp"
#include "views/trace/trace_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QStackedWidget>

namespace popscope {

void ExecutionTracePage::followBuilders()
{
    for (int slot = 0; slot < 2; ++slot) {
        TraceBuilder* builder = m_slots[slot].builder = new TraceBuilder(this);
        connect(builder, &TraceBuilder::progress, this, [this, slot](int percent, const QString& stage) {
            m_slots[slot].percent = percent;
            const bool two = m_slots[1].waiting || m_slots[1].data;
            m_message->setProgress((m_slots[0].percent + m_slots[1].percent) / (two ? 2 : 1),
                tr("Building the execution trace: %1…").arg(stage));
        });
        connect(builder, &TraceBuilder::built, this, [this, slot](std::shared_ptr<const TraceData> data) {
            m_slots[slot].data = std::move(data);
            onBuilt(slot);
        });
        connect(builder, &TraceBuilder::failed, this, [this, slot](const QString& message) {
            m_slots[slot].error = message;
            onBuilt(slot);
        });
        connect(builder, &TraceBuilder::cancelled, this, [this, slot] {
            m_slots[slot].cancelled = true;
            onBuilt(slot);
        });
    }
    connect(m_message, &TraceBuildMessage::cancelClicked, this, [this] {
        for (Slot& slot : m_slots)
            slot.builder->cancel();
    });
}

void ExecutionTracePage::forgetReports()
{
    for (Slot& slot : m_slots) {
        slot.builder->drop();
        slot.data.reset();
        slot.error.clear();
        slot.cancelled = false;
        slot.percent = 0;
        slot.waiting = false;
        slot.view->setTrace(nullptr);
    }
    m_waits->setTrace(nullptr);
    m_overview->setTrace(nullptr); // nothing keeps a trace once the page lets go of it
    m_tabs->summaryCharts()->showSummaries(nullptr, nullptr);
    const auto source = m_state->report(), target = m_state->comparedReport();
    if (!source) {
        showMessage(tr("Open a report to see its execution trace."), false);
        return;
    }
    // Built when first shown (or asked for a step): reading every tile's cycles costs time and
    // memory a user who never opens the trace should not pay.
    m_needsBuild = true;
    showMessage(tr("Building the execution trace…"), true);
}

void ExecutionTracePage::showReports()
{
    startWork(); // ready once both traces are built
    const bool built = !m_needsBuild && !m_slots[0].waiting && !m_slots[1].waiting; // asked for a step before
    if (!m_state->report() || built)
        finishWork();
    else
        buildIfNeeded();
}

void ExecutionTracePage::buildIfNeeded()
{
    const auto source = m_state->report(), target = m_state->comparedReport();
    if (!m_needsBuild || !source)
        return;
    m_needsBuild = false;
    // One trace at a time: each build's transient (the tiles' cycles read, the flame built) would
    // add to the other's, and two builds side by side took as long on two cores (bench-huge
    // compared with itself: 2.0-2.2 s either way).
    start(0, *source);
    m_slots[1].waiting = bool(target); // started when the source's is built
}

void ExecutionTracePage::start(int slot, const LoadedReport& loaded)
{
    m_slots[slot].waiting = true;
    m_slots[slot].builder->start(loaded.core, loaded.path);
}

void ExecutionTracePage::onBuilt(int slot)
{
    m_slots[slot].waiting = false;
    if (slot == 0 && m_slots[1].waiting) {
        const auto target = m_state->comparedReport();
        if (m_slots[0].data && target) {
            start(1, *target);
            return;
        }
        m_slots[1].waiting = false; // the source's failed or was cancelled: the target's is not built
    }
    if (m_slots[0].waiting || m_slots[1].waiting)
        return;
    showTraces();
}

QString ExecutionTracePage::problemText() const
{
    const bool comparing = bool(m_slots[1].data);
    if (m_slots[0].data->steps.empty() && (!comparing || m_slots[1].data->steps.empty()))
        return tr("This report has no execution trace: it was profiled without running the program (a "
                  "compile-only report). The compiler's cycle estimates, where the report holds them, are in "
                  "Program Tree and Liveness ▸ Cycle Estimates. Profile with execution enabled "
                  "(autoReport.outputExecutionProfile) to see the steps of every tile.");
    return {};
}

void ExecutionTracePage::showTraces()
{
    // A build that failed (a damaged file, a lost connection) or was cancelled: the page's panel
    // says so, and its Retry (Load) builds again.
    const QString error = !m_slots[0].error.isEmpty() ? m_slots[0].error : m_slots[1].error;
    if (!error.isEmpty() || m_slots[0].cancelled || m_slots[1].cancelled) {
        forgetReports(); // as before a build: the next showReports builds again
        failWork(error);
        return;
    }
    const QString problem = problemText();
    if (!problem.isEmpty()) {
        showMessage(problem, false);
        finishWork();
        return;
    }
    const bool comparing = bool(m_slots[1].data);
    uint64_t extent = 0;
    uint32_t ipus = 0;
    for (int slot = 0; slot < (comparing ? 2 : 1); ++slot) {
        m_slots[slot].view->setTrace(m_slots[slot].data);
        extent = std::max(extent, m_slots[slot].data->lod.endCycle());
        ipus = std::max(ipus, m_slots[slot].data->lod.numIpus());
    }
    m_slots[1].view->setVisible(comparing);
    m_slots[0].view->setTitle(
        comparing ? tr("Source: %1").arg(m_state->report()->fileName()) : QString(), CompareColors::source());
    if (comparing)
        m_slots[1].view->setTitle(
            tr("Target: %1").arg(m_state->comparedReport()->fileName()), CompareColors::target());
    fillChoices(ipus);
    m_overview->setTrace(m_slots[0].data);
    updateTypeLegend();
    m_tabs->waitsSide()->setCurrentIndex(0);
    m_tabs->waitsSide()->setVisible(comparing);
    m_waits->setTrace(m_slots[0].data);
    for (Slot& slot : m_slots)
        slot.view->setCycleOffset(0);
    m_overview->setCycleOffset(0);
    m_slots[0].selected = m_slots[1].selected = -1;
    pairTheSteps();
    m_zoom->setExtent(extent);
    if (comparing)
        m_targetZoom->setExtent(m_slots[1].data->lod.endCycle());
    m_sameScale->setVisible(comparing);
    m_align->setVisible(comparing);
    setSameTimeScale(m_sameScale->isChecked());
    followSelection();
    updateFigures();
    m_tabs->summaryCharts()->showSummaries(
        m_slots[0].data->summary, comparing ? m_slots[1].data->summary : nullptr);
    showDetails(-1);
    m_stack->setCurrentIndex(1);
    if (m_pendingStep >= 0)
        zoomToStep(uint32_t(std::exchange(m_pendingStep, -1)));
    finishWork();
}

void ExecutionTracePage::fillChoices(uint32_t ipus)
{
    m_ipu->blockSignals(true);
    m_ipu->clear();
    m_ipu->addItem(tr("All IPUs"));
    for (uint32_t i = 0; i < ipus; ++i)
        m_ipu->addItem(tr("IPU %1").arg(i));
    m_ipu->setEnabled(ipus > 1);
    m_ipu->blockSignals(false);
    m_run->clear();
    m_run->addItem(tr("All runs"));
    for (const Run& run : m_slots[0].data->runs)
        m_run->addItem(QString::fromStdString(run.name));
    m_run->setEnabled(m_slots[0].data->runs.size() > 1);
}

void ExecutionTracePage::showMessage(const QString& text, bool busy)
{
    m_message->showText(text, busy);
    m_stack->setCurrentIndex(0);
}

} // namespace popscope
