#include "views/trace/execution_trace_page.hpp"

#include "models/compare_colors.hpp"
#include "models/report_state.hpp"
#include "models/table_filter_proxy.hpp"
#include "models/trace/trace_builder.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "models/trace/waiting_steps_model.hpp"
#include "popscope/errors.hpp"
#include "views/widgets/table_panel.hpp"
#include "views/trace/trace_overview.hpp"
#include "views/trace/trace_step_details.hpp"
#include "views/trace/trace_colors.hpp"
#include "views/trace/trace_view.hpp"
#include "models/trace/trace_zoom.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
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

QWidget* legend(QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(12);
    layout->addWidget(new QLabel(QStringLiteral("Tiles:"), box));
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        const QColor colour = traceStateColor(TraceState(s), box->palette());
        auto* label = new QLabel(QStringLiteral("<span style='color:%1'>■</span> %2")
                                     .arg(colour.name(), QString::fromLatin1(traceStateName(TraceState(s)))), box);
        layout->addWidget(label);
    }
    return box;
}

} // namespace

ExecutionTracePage::ExecutionTracePage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent), m_zoom(new TraceZoom(this)), m_targetZoom(new TraceZoom(this)), m_waits(new WaitingStepsModel(this)),
      m_figures(new TraceFiguresModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(6);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(QStringLiteral("Show:"), this));
    m_ipu = new QComboBox(this);
    m_ipu->setToolTip(QStringLiteral("Every IPU's lane, or one"));
    bar->addWidget(m_ipu);
    m_run = new QComboBox(this);
    m_run->setToolTip(QStringLiteral("Zoom to one engine run"));
    bar->addWidget(m_run);
    m_viewMode = new QComboBox(this);
    m_viewMode->addItems({QStringLiteral("Flame"), QStringLiteral("Flat")});
    m_viewMode->setToolTip(QStringLiteral("Flame: each step under the run and the programs it belongs to; "
                                          "Flat: the steps alone"));
    bar->addWidget(m_viewMode);
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(QStringLiteral("Filter steps by program name…"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    m_back = toolButton(QStringLiteral("◀ Back"), QStringLiteral("The previous zoom (Alt+←)"), this);
    m_forward = toolButton(QStringLiteral("Forward ▶"), QStringLiteral("The next zoom (Alt+→)"), this);
    auto* fit = toolButton(QStringLiteral("Show All"), QStringLiteral("The whole run (Home, or double-click)"), this);
    auto* exportButton = toolButton(QStringLiteral("Export…"), QStringLiteral("Save the trace for Perfetto UI or chrome://tracing"), this);
    auto* exportMenu = new QMenu(exportButton);
    exportMenu->addAction(QStringLiteral("Chrome Trace (Steps per IPU)…"), this, [this] { exportTrace(false); });
    exportMenu->addAction(QStringLiteral("Chrome Trace with Every Tile…"), this, [this] { exportTrace(true); });
    exportMenu->addAction(QStringLiteral("Image of the Trace…"), this, &ExecutionTracePage::saveImage);
    exportButton->setMenu(exportMenu);
    exportButton->setPopupMode(QToolButton::InstantPopup);
    m_sameScale = new QCheckBox(QStringLiteral("Same time scale"), this);
    m_sameScale->setChecked(true);
    m_sameScale->setToolTip(QStringLiteral("Compare mode: both traces on one time axis, zooming and panning together; "
                                           "off, each trace fills the width on its own scale"));
    bar->addWidget(m_sameScale);
    m_align = new QCheckBox(QStringLiteral("Align at step"), this);
    m_align->setToolTip(QStringLiteral("Compare mode: shift the traces so the selected step and the same program's "
                                       "step in the other report start at the same x"));
    bar->addWidget(m_align);
    for (QToolButton* button : {m_back, m_forward, fit, exportButton})
        bar->addWidget(button);
    layout->addLayout(bar);
    auto* legendRow = new QHBoxLayout;
    legendRow->addWidget(legend(this));
    legendRow->addSpacing(18);
    m_typeLegend = new QLabel(this);
    m_typeLegend->setToolTip(QStringLiteral("The step rows are coloured by program type, as in the Program Tree"));
    m_typeLegend->setWordWrap(true);
    m_typeLegend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps, never widens the window
    legendRow->addWidget(m_typeLegend, 1);
    layout->addLayout(legendRow);

    // The traces, or a message while they are built or when there is nothing to show.
    m_stack = new QStackedWidget(this);
    auto* messagePage = new QWidget(m_stack);
    auto* messageLayout = new QVBoxLayout(messagePage);
    messageLayout->addStretch(1);
    m_message = new QLabel(messagePage);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_progress = new QProgressBar(messagePage);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(420);
    m_cancel = toolButton(QStringLiteral("Cancel"), QStringLiteral("Stop building the trace; the other reports stay usable"), messagePage);
    messageLayout->addWidget(m_message);
    messageLayout->addWidget(m_progress, 0, Qt::AlignHCenter);
    messageLayout->addWidget(m_cancel, 0, Qt::AlignHCenter);
    messageLayout->addStretch(1);
    m_stack->addWidget(messagePage);

    auto* splitter = new QSplitter(Qt::Vertical, m_stack);
    auto* traces = new QWidget(splitter);
    auto* tracesLayout = new QVBoxLayout(traces);
    tracesLayout->setContentsMargins(0, 0, 0, 0);
    tracesLayout->setSpacing(2);
    for (int slot = 0; slot < 2; ++slot) {
        m_slots[slot].view = new TraceView(m_zoom, traces);
        tracesLayout->addWidget(m_slots[slot].view, 1);
        connect(m_slots[slot].view, &TraceView::hovered, this, [this](const QString& text) {
            m_readout->setText(text.isEmpty() ? QStringLiteral("Wheel: zoom · Shift+drag: zoom to a range · Ctrl+wheel: zoom "
                                                               "the tiles · drag: pan · click: select a step · "
                                                               "double-click or Home: show all · Alt+←/→: back/forward")
                                              : text);
        });
        connect(m_slots[slot].view, &TraceView::stepClicked, this, [this, slot](int64_t step) { selectStep(slot, step); });
    }
    m_overview = new TraceOverview(m_zoom, traces);
    tracesLayout->addWidget(m_overview);
    m_readout = new QLabel(traces);
    m_readout->setForegroundRole(QPalette::PlaceholderText);
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long readout never widens the window
    tracesLayout->addWidget(m_readout);
    emit m_slots[0].view->hovered({});

    m_tabs = new QTabWidget(splitter);
    m_figuresPanel = new TablePanel(m_figures, QStringLiteral("trace-summary"), m_tabs);
    m_figuresPanel->setFilterVisible(false);
    m_tabs->addTab(m_figuresPanel, QStringLiteral("Summary"));
    auto* waitsTab = new QWidget(m_tabs);
    auto* waitsLayout = new QVBoxLayout(waitsTab);
    waitsLayout->setContentsMargins(0, 4, 0, 0);
    m_waitsSide = new QComboBox(waitsTab);
    m_waitsSide->addItems({QStringLiteral("Source"), QStringLiteral("Target")});
    m_waitsSide->setToolTip(QStringLiteral("Whose steps to rank (compare mode)"));
    waitsLayout->addWidget(m_waitsSide, 0, Qt::AlignLeft);
    m_waitsPanel = new TablePanel(m_waits, QStringLiteral("where-the-cycles-wait"), waitsTab);
    m_waitsPanel->setEmptyText(QStringLiteral("No step waits: every tile worked until each sync."));
    waitsLayout->addWidget(m_waitsPanel, 1);
    m_tabs->addTab(waitsTab, QStringLiteral("Where the Cycles Wait"));
    m_details = new TraceStepDetails(m_tabs);
    m_tabs->addTab(m_details, QStringLiteral("Details"));
    splitter->addWidget(traces);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_stack->addWidget(splitter);
    layout->addWidget(m_stack, 1);

    for (int slot = 0; slot < 2; ++slot) {
        TraceBuilder* builder = m_slots[slot].builder = new TraceBuilder(this);
        connect(builder, &TraceBuilder::progress, this, [this, slot](int percent, const QString& stage) {
            m_slots[slot].percent = percent;
            const bool two = m_slots[1].waiting || m_slots[1].data;
            m_progress->setValue((m_slots[0].percent + m_slots[1].percent) / (two ? 2 : 1));
            m_message->setText(QStringLiteral("Building the execution trace: %1…").arg(stage));
        });
        connect(builder, &TraceBuilder::built, this, [this, slot](std::shared_ptr<const TraceData> data) {
            m_slots[slot].data = std::move(data);
            onBuilt(slot);
        });
        connect(builder, &TraceBuilder::failed, this, [this, slot](const QString& message) {
            m_slots[slot].error = message;
            onBuilt(slot);
        });
    }
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        for (Slot& slot : m_slots)
            slot.builder->cancel();
    });
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
    connect(m_back, &QToolButton::clicked, m_zoom, &TraceZoom::back);
    connect(m_forward, &QToolButton::clicked, m_zoom, &TraceZoom::forward);
    connect(m_sameScale, &QCheckBox::toggled, this, &ExecutionTracePage::setSameTimeScale);
    connect(m_align, &QCheckBox::toggled, this, &ExecutionTracePage::setAligned);
    connect(m_targetZoom, &TraceZoom::changed, this, &ExecutionTracePage::updateFigures);
    connect(fit, &QToolButton::clicked, this, [this] {
        m_zoom->fit();
        m_targetZoom->fit();
        for (Slot& slot : m_slots)
            slot.view->setTileWindow(0, UINT32_MAX);
    });
    // Tiles selected anywhere (Memory, --select) narrow the BSP rows to their range.
    connect(state, &ReportState::selectionChanged, this, &ExecutionTracePage::followSelection);
    connect(m_zoom, &TraceZoom::changed, this, &ExecutionTracePage::updateFigures);
    connect(m_waitsSide, &QComboBox::currentIndexChanged, this, [this](int side) { m_waits->setTrace(m_slots[side].data); });
    connect(m_waitsPanel->view(), &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_waitsPanel->proxy()->mapToSource(index);
        if (const WaitingStep* wait = m_waits->waitAt(source.row()))
            zoomToStep(wait->step);
    });
    // The step details name the compute set's vertex types; the trace itself is built when shown.
    setParts({ReportPart::ComputeSets, ReportPart::VertexTypes});
    forgetReports();
}

ExecutionTracePage::~ExecutionTracePage() = default; // each TraceBuilder stops and waits for its build

void ExecutionTracePage::forgetReports()
{
    for (Slot& slot : m_slots) {
        slot.builder->drop();
        slot.data.reset();
        slot.error.clear();
        slot.percent = 0;
        slot.waiting = false;
        slot.view->setTrace(nullptr);
    }
    m_waits->setTrace(nullptr);
    const auto source = m_state->report(), target = m_state->comparedReport();
    if (!source) {
        showMessage(QStringLiteral("Open a report to see its execution trace."), false);
        return;
    }
    // Built when first shown (or asked for a step): reading every tile's cycles costs time and
    // memory a user who never opens the trace should not pay.
    m_needsBuild = true;
    showMessage(QStringLiteral("Building the execution trace…"), true);
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
    start(0, *source);
    if (target)
        start(1, *target);
    m_slots[1].waiting = bool(target);
}


void ExecutionTracePage::start(int slot, const LoadedReport& loaded)
{
    m_slots[slot].waiting = true;
    m_slots[slot].builder->start(loaded.core, loaded.path);
}

void ExecutionTracePage::onBuilt(int slot)
{
    m_slots[slot].waiting = false;
    if (m_slots[0].waiting || m_slots[1].waiting)
        return;
    showTraces();
}

void ExecutionTracePage::showTraces()
{
    const QString problem = !m_slots[0].error.isEmpty() ? m_slots[0].error : m_slots[1].error;
    if (!problem.isEmpty()) {
        showMessage(problem, false);
        finishWork();
        return;
    }
    const bool comparing = bool(m_slots[1].data);
    if (m_slots[0].data->steps.empty() && (!comparing || m_slots[1].data->steps.empty())) {
        showMessage(QStringLiteral("This report has no execution trace: it was profiled without running the "
                                   "program (a compile-only report). Profile with execution enabled "
                                   "(autoReport.outputExecutionProfile) to see the steps of every tile."), false);
        finishWork();
        return;
    }
    uint64_t extent = 0;
    uint32_t ipus = 0;
    for (int slot = 0; slot < (comparing ? 2 : 1); ++slot) {
        m_slots[slot].view->setTrace(m_slots[slot].data);
        extent = std::max(extent, m_slots[slot].data->lod.endCycle());
        ipus = std::max(ipus, m_slots[slot].data->lod.numIpus());
    }
    m_slots[1].view->setVisible(comparing);
    m_slots[0].view->setTitle(comparing ? QStringLiteral("Source: %1").arg(m_state->report()->fileName()) : QString(),
        CompareColors::source());
    if (comparing)
        m_slots[1].view->setTitle(QStringLiteral("Target: %1").arg(m_state->comparedReport()->fileName()), CompareColors::target());
    m_ipu->blockSignals(true);
    m_ipu->clear();
    m_ipu->addItem(QStringLiteral("All IPUs"));
    for (uint32_t i = 0; i < ipus; ++i)
        m_ipu->addItem(QStringLiteral("IPU %1").arg(i));
    m_ipu->setEnabled(ipus > 1);
    m_ipu->blockSignals(false);
    m_run->clear();
    m_run->addItem(QStringLiteral("All runs"));
    for (const Run& run : m_slots[0].data->runs)
        m_run->addItem(QString::fromStdString(run.name));
    m_run->setEnabled(m_slots[0].data->runs.size() > 1);
    m_overview->setTrace(m_slots[0].data);
    updateTypeLegend();
    m_waitsSide->setCurrentIndex(0);
    m_waitsSide->setVisible(comparing);
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
    showDetails(-1);
    m_stack->setCurrentIndex(1);
    if (m_pendingStep >= 0)
        zoomToStep(uint32_t(std::exchange(m_pendingStep, -1)));
    finishWork();
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

QString ExecutionTracePage::detailsText() const { return m_details->text(); }

QString ExecutionTracePage::messageText() const { return m_stack->currentIndex() == 0 ? m_message->text() : QString(); }

bool ExecutionTracePage::isAligned() const { return m_align->isChecked(); }

bool ExecutionTracePage::showRow(const QString& table, const QString& rowKey)
{
    if (table != QStringLiteral("waits") && table != QStringLiteral("steps"))
        return false;
    bool ok = false;
    const uint32_t step = rowKey.section(QLatin1Char(' '), 1, 1).toUInt(&ok);
    if (!ok)
        return false;
    if (!isReady()) { // still building: shown once the trace is there
        m_pendingStep = step;
        buildIfNeeded();
        return true;
    }
    zoomToStep(step);
    return true;
}

void ExecutionTracePage::showMessage(const QString& text, bool busy)
{
    m_message->setText(text);
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    m_progress->setValue(0);
    m_stack->setCurrentIndex(0);
}

} // namespace popscope
