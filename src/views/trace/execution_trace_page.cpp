#include "views/trace/execution_trace_page.hpp"

#include "models/compare_colors.hpp"
#include "models/report_state.hpp"
#include "models/trace/trace_builder.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "models/trace/trace_zoom.hpp"
#include "models/trace/waiting_steps_model.hpp"
#include "popscope/report.hpp"
#include "popscope/summary.hpp"
#include "views/trace/trace_build_message.hpp"
#include "views/trace/trace_legend.hpp"
#include "views/trace/trace_overview.hpp"
#include "views/trace/trace_step_details.hpp"
#include "views/trace/trace_tabs.hpp"
#include "views/trace/trace_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

namespace {

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setAutoRaise(false);
    return button;
}

} // namespace

ExecutionTracePage::ExecutionTracePage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
    , m_zoom(new TraceZoom(this))
    , m_targetZoom(new TraceZoom(this))
    , m_waits(new WaitingStepsModel(this))
    , m_figures(new TraceFiguresModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(6);
    layout->addLayout(buildToolbar());
    m_legend = new TraceLegend(this);
    layout->addWidget(m_legend);

    // The traces, or a message while they are built or when there is nothing to show.
    m_stack = new QStackedWidget(this);
    m_message = new TraceBuildMessage(m_stack);
    m_stack->addWidget(m_message);
    m_stack->addWidget(buildTraces());
    layout->addWidget(m_stack, 1);

    followBuilders();
    followToolbar();
    // Tiles selected anywhere (Memory, --select) narrow the BSP rows to their range.
    connect(state, &ReportState::selectionChanged, this, &ExecutionTracePage::followSelection);
    connect(m_zoom, &TraceZoom::changed, this, &ExecutionTracePage::updateFigures);
    connect(m_targetZoom, &TraceZoom::changed, this, &ExecutionTracePage::updateFigures);
    // The trace is built when shown. The step details name the vertex types of the step's compute
    // set (read alone, by its key, when a step is selected): the build reads the vertex types beside
    // its own reads (buildTraceData), so no part is read before it starts.
    setWorkParts({ ReportPart::VertexTypes });
    forgetReports();
}

ExecutionTracePage::~ExecutionTracePage() = default; // each TraceBuilder stops and waits for its build

uint64_t ExecutionTracePage::workBytesNeeded(const Report& report) const
{
    // A built trace held 0.7-1.4 KB a step (bench-huge 105 MiB, bench-large 69 MiB, one report).
    return isReady() || !report.hasSummary() ? 0 : report.summary().numExecutionSteps * 1024;
}

QLayout* ExecutionTracePage::buildToolbar()
{
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:"), this));
    m_ipu = new QComboBox(this);
    m_ipu->setToolTip(tr("Every IPU's lane, or one"));
    bar->addWidget(m_ipu);
    m_run = new QComboBox(this);
    m_run->setToolTip(tr("Zoom to one engine run"));
    bar->addWidget(m_run);
    m_viewMode = new QComboBox(this);
    m_viewMode->addItems({ tr("Flame"), tr("Flat") });
    m_viewMode->setToolTip(tr("Flame: each step under the run and the programs it belongs to; "
                              "Flat: the steps alone"));
    bar->addWidget(m_viewMode);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter steps by program name…"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    const QList<QToolButton*> buttons = buildZoomButtons();
    m_sameScale = new QCheckBox(tr("Same time scale"), this);
    m_sameScale->setChecked(true);
    m_sameScale->setToolTip(tr("Compare mode: both traces on one time axis, zooming and panning together; "
                               "off, each trace fills the width on its own scale"));
    bar->addWidget(m_sameScale);
    m_align = new QCheckBox(tr("Align at step"), this);
    m_align->setToolTip(tr("Compare mode: shift the traces so the selected step and the same program's "
                           "step in the other report start at the same x"));
    bar->addWidget(m_align);
    for (QToolButton* button : buttons)
        bar->addWidget(button);
    return bar;
}

QList<QToolButton*> ExecutionTracePage::buildZoomButtons()
{
    m_back = toolButton(tr("◀ Back"), tr("The previous zoom (Alt+←)"), this);
    m_forward = toolButton(tr("Forward ▶"), tr("The next zoom (Alt+→)"), this);
    auto* fit = toolButton(tr("Show All"), tr("The whole run (Home, or double-click)"), this);
    auto* exportButton
        = toolButton(tr("Export…"), tr("Save the trace for Perfetto UI or chrome://tracing"), this);
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(tr("Chrome Trace (Steps per IPU)…"), this, [this] { exportTrace(false); });
    exportMenu->addAction(tr("Chrome Trace with Every Tile…"), this, [this] { exportTrace(true); });
    exportMenu->addAction(tr("Image of the Trace…"), this, &ExecutionTracePage::saveImage);
    exportButton->setMenu(exportMenu);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    connect(m_back, &QToolButton::clicked, m_zoom, &TraceZoom::back);
    connect(m_forward, &QToolButton::clicked, m_zoom, &TraceZoom::forward);
    connect(fit, &QToolButton::clicked, this, [this] {
        m_zoom->fit();
        m_targetZoom->fit();
        for (Slot& slot : m_slots)
            slot.view->setTileWindow(0, UINT32_MAX);
    });
    return { m_back, m_forward, fit, exportButton };
}

QWidget* ExecutionTracePage::buildTraces()
{
    auto* splitter = new QSplitter(Qt::Vertical, m_stack);
    auto* traces = new QWidget(splitter);
    auto* tracesLayout = new QVBoxLayout(traces);
    tracesLayout->setContentsMargins(0, 0, 0, 0);
    tracesLayout->setSpacing(2);
    for (int slot = 0; slot < 2; ++slot) {
        m_slots[slot].view = new TraceView(m_zoom, traces);
        tracesLayout->addWidget(m_slots[slot].view, 1);
        connect(m_slots[slot].view, &TraceView::hovered, this, [this](const QString& text) {
            m_readout->setText(text.isEmpty()
                    ? tr("Wheel: zoom · Shift+drag: zoom to a range · Ctrl+wheel: zoom "
                         "the tiles · drag: pan · click: select a step · "
                         "double-click or Home: show all · Alt+←/→: back/forward")
                    : text);
        });
        connect(m_slots[slot].view, &TraceView::stepClicked, this,
            [this, slot](int64_t step) { selectStep(slot, step); });
    }
    m_overview = new TraceOverview(m_zoom, traces);
    tracesLayout->addWidget(m_overview);
    m_readout = new QLabel(traces);
    m_readout->setForegroundRole(QPalette::PlaceholderText);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setSizePolicy(
        QSizePolicy::Ignored, QSizePolicy::Preferred); // a long readout never widens the window
    tracesLayout->addWidget(m_readout);
    emit m_slots[0].view->hovered({});

    m_tabs = new TraceTabs(m_waits, m_figures, splitter);
    m_details = m_tabs->details();
    connect(m_tabs->waitsSide(), &QComboBox::currentIndexChanged, this,
        [this](int side) { m_waits->setTrace(m_slots[side].data); });
    connect(m_tabs, &TraceTabs::waitActivated, this, &ExecutionTracePage::showRow);
    splitter->addWidget(traces);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({ 600, 400 }); // as the other pages: the Summary's figures and charts readable
    return splitter;
}

void ExecutionTracePage::followToolbar()
{
    connect(m_ipu, &QComboBox::currentIndexChanged, this, [this](int index) {
        for (Slot& slot : m_slots)
            slot.view->setIpu(index - 1);
    });
    connect(m_viewMode, &QComboBox::currentIndexChanged, this, [this](int mode) { setFlame(mode == 0); });
    connect(m_run, &QComboBox::activated, this, [this](int index) {
        if (!m_slots[0].data)
            return;
        if (index == 0) {
            m_zoom->fit();
            return;
        }
        const auto [first, last] = m_slots[0].data->runSpan(uint32_t(index - 1));
        if (last > first)
            m_zoom->setWindow(first, last);
    });
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        for (Slot& slot : m_slots)
            slot.view->setStepFilter(text);
    });
    connect(m_sameScale, &QCheckBox::toggled, this, &ExecutionTracePage::setSameTimeScale);
    connect(m_align, &QCheckBox::toggled, this, &ExecutionTracePage::setAligned);
}

void ExecutionTracePage::setFlame(bool flame)
{
    if (m_viewMode->currentIndex() != (flame ? 0 : 1))
        m_viewMode->setCurrentIndex(flame ? 0 : 1); // comes back here
    for (Slot& slot : m_slots)
        slot.view->setFlame(flame);
    updateTypeLegend();
}

void ExecutionTracePage::followSelection()
{
    const auto& tiles = m_state->selectedTiles();
    if (!m_slots[0].data)
        return;
    const uint32_t perIpu = m_slots[0].data->lod.tilesPerIpu();
    uint32_t first = UINT32_MAX, last = 0;
    for (uint32_t tile : tiles) {
        first = std::min(first, tile % perIpu);
        last = std::max(last, tile % perIpu + 1);
    }
    for (Slot& slot : m_slots)
        slot.view->setTileWindow(tiles.empty() ? 0 : first, tiles.empty() ? UINT32_MAX : last);
}

QTabWidget* ExecutionTracePage::tabs() const
{
    return m_tabs;
}

QString ExecutionTracePage::detailsText() const
{
    return m_details->text();
}

QString ExecutionTracePage::messageText() const
{
    return m_stack->currentIndex() == 0 ? m_message->text() : QString();
}

bool ExecutionTracePage::isAligned() const
{
    return m_align->isChecked();
}

bool ExecutionTracePage::showRow(const NavigationTarget& target)
{
    if (target.kind != NavigationTarget::Kind::Step)
        return target.kind == NavigationTarget::Kind::Page;
    const uint32_t step = target.number;
    if (!isReady()) { // still building: shown once the trace is there
        m_pendingStep = step;
        buildIfNeeded();
        return true;
    }
    zoomToStep(step);
    return true;
}

} // namespace popscope
