// The Execution Trace page's windows and selection: the figures of the visible window, the selected
// step (paired across the two reports in compare mode), zooming to a step, and the two ways of
// laying two traces against each other (one time scale or each its own; aligned at a step).
#include "views/trace/execution_trace_page.hpp"

#include "models/report_state.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "models/trace/trace_zoom.hpp"
#include "views/trace/trace_overview.hpp"
#include "views/trace/trace_step_details.hpp"
#include "views/trace/trace_tabs.hpp"
#include "views/trace/trace_view.hpp"

#include <QCheckBox>
#include <QLabel>
#include <QTabWidget>
#include <QToolButton>

namespace popscope {

namespace {

// Where a step starts: its earliest IPU's first cycle.
uint64_t stepStart(const TraceData& data, int64_t step)
{
    uint64_t start = UINT64_MAX;
    for (const StepOnIpu& si : data.steps.ipus(size_t(step)))
        start = std::min(start, si.cyclesBase);
    return start == UINT64_MAX ? 0 : start;
}

std::vector<std::string_view> stepPrograms(const TraceData& data)
{
    std::vector<std::string_view> names;
    names.reserve(data.steps.size());
    for (size_t step = 0; step < data.steps.size(); ++step) {
        const uint32_t program = data.steps.program(step);
        names.push_back(
            program < data.programs.labels.size() ? data.programs.labels.name(program) : std::string_view());
    }
    return names;
}

int64_t partner(const std::vector<int32_t>& pairs, int64_t step)
{
    return step >= 0 && size_t(step) < pairs.size() ? pairs[size_t(step)] : -1;
}

} // namespace

void ExecutionTracePage::pairTheSteps()
{
    m_pairs = m_slots[0].data && m_slots[1].data
        ? pairSteps(stepPrograms(*m_slots[0].data), stepPrograms(*m_slots[1].data))
        : StepPairs {};
}

void ExecutionTracePage::setSameTimeScale(bool same)
{
    if (m_sameScale->isChecked() != same)
        m_sameScale->setChecked(same); // toggled() comes back here
    m_slots[1].view->setZoom(same ? m_zoom : m_targetZoom);
    m_align->setEnabled(same);
    applyAlignment();
    updateFigures();
}

void ExecutionTracePage::setAligned(bool aligned)
{
    if (m_align->isChecked() != aligned)
        m_align->setChecked(aligned); // toggled() comes back here
    applyAlignment();
    if (m_slots[0].selected >= 0)
        showStepWindow(uint32_t(m_slots[0].selected));
    else if (aligned)
        m_readout->setText(tr("Click a step (in either trace) to align the two traces at it."));
}

bool ExecutionTracePage::applyAlignment()
{
    // On one time scale, aligned at a pair of steps: both steps start at the same x. The zoom's
    // cycles are then the later step's; the other trace is shifted right (blank before its run).
    int64_t offsets[2] = { 0, 0 };
    const bool comparing = m_slots[0].data && m_slots[1].data;
    if (comparing && m_sameScale->isChecked() && m_align->isChecked() && m_slots[0].selected >= 0
        && m_slots[1].selected >= 0) {
        const uint64_t starts[2] = { stepStart(*m_slots[0].data, m_slots[0].selected),
            stepStart(*m_slots[1].data, m_slots[1].selected) };
        const uint64_t at = std::max(starts[0], starts[1]);
        for (int slot = 0; slot < 2; ++slot)
            offsets[slot] = int64_t(starts[slot]) - int64_t(at);
    }
    if (offsets[0] == m_slots[0].view->cycleOffset() && offsets[1] == m_slots[1].view->cycleOffset())
        return false;
    uint64_t extent = 0;
    for (int slot = 0; slot < (comparing ? 2 : 1); ++slot)
        if (m_slots[slot].data)
            extent = std::max(extent, uint64_t(int64_t(m_slots[slot].data->lod.endCycle()) - offsets[slot]));
    for (int slot = 0; slot < 2; ++slot)
        m_slots[slot].view->setCycleOffset(offsets[slot]);
    m_overview->setCycleOffset(offsets[0]);
    m_zoom->setExtent(std::max<uint64_t>(extent, 1));
    return true;
}

uint64_t ExecutionTracePage::toZoom(uint64_t sourceCycle) const
{
    return uint64_t(std::max<int64_t>(0, int64_t(sourceCycle) - m_slots[0].view->cycleOffset()));
}

void ExecutionTracePage::updateFigures()
{
    m_back->setEnabled(m_zoom->canGoBack());
    m_forward->setEnabled(m_zoom->canGoForward());
    if (!m_slots[0].data)
        return;
    // Each report's figures over its part of the window: on one time scale the shorter run's
    // window ends where it ends, not in the idle time after it (nor before it starts, aligned).
    const auto clipped = [](const TraceView* view, const TraceData* data) -> TraceFiguresModel::Window {
        const TraceZoom* zoom = view->zoom();
        const int64_t offset = view->cycleOffset();
        const int64_t end
            = data ? std::max<int64_t>(int64_t(data->lod.endCycle()), 1) : int64_t(zoom->last()) + offset;
        const int64_t to = std::clamp<int64_t>(int64_t(zoom->last()) + offset, 1, end);
        const int64_t from = std::clamp<int64_t>(int64_t(zoom->first()) + offset, 0, to - 1);
        return { uint64_t(from), uint64_t(to) };
    };
    m_figures->setWindows(m_slots[0].data.get(), clipped(m_slots[0].view, m_slots[0].data.get()),
        m_slots[1].data.get(), clipped(m_slots[1].view, m_slots[1].data.get()));
}

void ExecutionTracePage::showDetails(int64_t step)
{
    selectStep(0, step);
}

void ExecutionTracePage::selectStep(int slot, int64_t step)
{
    // The step and its partner in the other report (the same program's same occurrence).
    m_slots[slot].selected = step;
    m_slots[1 - slot].selected = partner(slot == 0 ? m_pairs.sourceToTarget : m_pairs.targetToSource, step);
    for (int i = 0; i < 2; ++i)
        m_slots[i].view->setSelectedStep(m_slots[i].selected);
    // The Details tab shows the source's step, or the target's when it has no partner.
    const int shown = m_slots[0].selected >= 0 || m_slots[1].selected < 0 ? 0 : 1;
    const auto report = shown == 0 ? m_state->report() : m_state->comparedReport();
    m_details->showStep(m_slots[shown].data.get(), report.get(), m_slots[shown].selected);
    if (!m_align->isChecked() || step < 0)
        return;
    if (m_slots[0].selected < 0 || m_slots[1].selected < 0)
        m_readout->setText(
            tr("Step %1 has no partner in the other report: the traces stay as they were.").arg(step));
    else if (applyAlignment()) // the new extent shows everything: back to the step
        showStepWindow(uint32_t(m_slots[0].selected));
}

void ExecutionTracePage::zoomToStep(uint32_t step)
{
    const TraceData* data = m_slots[0].data.get();
    if (!data || step >= data->steps.size() || data->steps.ipus(step).empty())
        return;
    selectStep(0, step);
    showStepWindow(step);
    m_tabs->setCurrentWidget(m_details);
}

void ExecutionTracePage::showStepWindow(uint32_t step)
{
    const StepOnIpu& si = m_slots[0].data->steps.ipus(step).front();
    // The step with a margin of a quarter of its length on each side.
    const uint64_t margin = std::max<uint64_t>(si.cycles / 4, 8);
    const uint64_t first = toZoom(si.cyclesBase);
    m_zoom->setWindow(first - std::min(first, margin), first + si.cycles + margin);
}

} // namespace popscope
