#include "views/memory/memory_page.hpp"

#include "models/memory/tile_range_parser.hpp"
#include "models/report_table_model.hpp"
#include "models/settings_keys.hpp"
#include "popscope/memory_categories.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/overview_strip.hpp"
#include "views/memory/tile_map_view.hpp"
#include "views/memory/variables_graph_page.hpp"
#include "views/page/page_parts.hpp"
#include "views/widgets/save_dialog.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

MemoryPage::MemoryPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    m_chart = new MemoryChart(state, this);
    m_overview = new OverviewStrip(state, m_chart, this);
    m_variablesGraph = new VariablesGraphPage(state, this);
    m_tileMap = new TileMapView(state, this);
    m_tileMap->setToolTipSource([this](uint32_t tile) { return m_chart->tileToolTip(tile); });
    QLayout* toolbar = buildToolbar();
    m_tileError = PageParts::errorLabel(this);
    QWidget* graphs = buildGraphs();
    m_tables = new MemoryTablesView(state, this);
    m_splitter = PageParts::chartAndTables(graphs, m_tables, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(toolbar);
    layout->addWidget(m_tileError);
    layout->addWidget(m_splitter, 1);

    restoreOptions();
    followToolbar();
    followState();
    // The chart and the Details tab: memory by tile. Each other tab reads its own parts when first
    // shown (MemoryTablePage).
    setParts({ ReportPart::TileMemory });
    addShowInVariablesGraph();
    refreshToolbar();
    refreshTables();
    showGraph();
}

QLayout* MemoryPage::buildToolbar()
{
    // Left: what to show; right: selection, options, save (as in the Graph Analyser).
    m_graph = new QComboBox(this);
    m_graph->addItem(tr("Total"), int(MemoryGraph::Total));
    m_graph->addItem(tr("Variables"), int(MemoryGraph::Variables));
    m_graph->addItem(tr("Tile Map"), int(MemoryGraph::TileMap));
    m_graph->setToolTip(
        tr("Memory per tile, chosen variables per tile, or the tiles where they sit on the chip"));
    m_mapCategory = new QComboBox(this);
    m_mapCategory->setToolTip(tr("What colours the Tile Map: all memory, or one category"));
    m_mapCategory->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_breakdown = new QComboBox(this);
    m_breakdown->addItem(tr("None (total)"), int(MemoryBreakdown::None));
    m_breakdown->addItem(tr("By category"), int(MemoryBreakdown::Category));
    m_breakdown->addItem(tr("By region"), int(MemoryBreakdown::Region));
    m_breakdown->addItem(tr("By liveness"), int(MemoryBreakdown::Liveness));
    m_breakdown->setToolTip(tr("How each tile's bar is split"));
    m_order = new QComboBox(this);
    m_order->addItem(tr("Software order"), int(TileOrder::Software));
    m_order->addItem(tr("Physical order"), int(TileOrder::Physical));
    m_order->setToolTip(tr("Order tiles by software id or by physical position on the IPU"));
    m_compareView = new QComboBox(this);
    m_compareView->addItem(tr("Target as outline"), int(MemoryChart::CompareView::Outline));
    m_compareView->addItem(tr("Change per tile"), int(MemoryChart::CompareView::Difference));
    m_compareView->setToolTip(tr("Compare mode: draw the target's total per tile over the source's bars, "
                                 "or the change per tile (red: the target uses more, green: less)"));
    m_ipu = new QComboBox(this);
    m_ipu->setToolTip(tr("Show all IPUs or one"));
    QPushButton* options = buildOptions();
    const QWidgetList selection = buildSelection(); // the tile edit, Clear, Save chart

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new QLabel(tr("Graph:"), this));
    toolbar->addWidget(m_graph);
    toolbar->addSpacing(4);
    m_breakdownLabel = new QLabel(tr("Breakdown:"), this);
    toolbar->addWidget(m_breakdownLabel);
    toolbar->addWidget(m_breakdown);
    m_mapCategoryLabel = new QLabel(tr("Colour by:"), this);
    toolbar->addWidget(m_mapCategoryLabel);
    toolbar->addWidget(m_mapCategory);
    toolbar->addSpacing(4);
    toolbar->addWidget(new QLabel(tr("Tiles:"), this));
    toolbar->addWidget(m_order);
    toolbar->addWidget(m_ipu);
    m_compareLabel = new QLabel(tr("Compare:"), this);
    toolbar->addWidget(m_compareLabel);
    toolbar->addWidget(m_compareView);
    toolbar->addWidget(options);
    toolbar->addStretch(1);
    toolbar->addWidget(selection[0], 1);
    toolbar->addWidget(selection[1]);
    toolbar->addWidget(selection[2]);
    return toolbar;
}

QPushButton* MemoryPage::buildOptions()
{
    auto* options = new QPushButton(tr("Options"), this); // a push button leaves room for its menu arrow
    auto* optionsMenu = new QMenu(options);
    m_gaps = optionsMenu->addAction(tr("Include gaps"));
    m_gaps->setCheckable(true);
    m_gaps->setToolTip(tr("Add bank and region gaps to each tile"));
    m_capacity = optionsMenu->addAction(tr("Show max memory"));
    m_capacity->setCheckable(true);
    m_capacity->setChecked(true);
    options->setMenu(optionsMenu);
    return options;
}

QWidgetList MemoryPage::buildSelection()
{
    m_tileEdit = new QLineEdit(this);
    m_tileEdit->setPlaceholderText(tr("Tiles, e.g. 0, 5, 100-120"));
    m_tileEdit->setClearButtonEnabled(true);
    m_tileEdit->setToolTip(tr("Type tile ids and ranges, then press Enter. Or click bars in the chart "
                              "(Shift-click adds tiles). The selection is shared by every report."));
    m_tileEdit->setMinimumWidth(128);
    auto* clear = new QPushButton(tr("Clear"), this);
    clear->setToolTip(tr("Clear the tile selection (Esc in the chart)"));
    connect(clear, &QPushButton::clicked, m_state, &ReportState::clearSelection);
    auto* save = new QToolButton(this);
    save->setText(tr("Save chart…"));
    save->setToolTip(tr("Save the chart as PNG or SVG"));
    connect(save, &QToolButton::clicked, this, &MemoryPage::saveChart);
    return { m_tileEdit, clear, save };
}

QWidget* MemoryPage::buildGraphs()
{
    m_graphs = new QStackedWidget(this); // in MemoryGraph's order
    m_graphs->addWidget(buildChart());
    m_graphs->addWidget(m_variablesGraph);
    m_graphs->addWidget(buildTileMap());
    return m_graphs;
}

QWidget* MemoryPage::buildTileMap()
{
    auto* hint = PageParts::hintLabel(tr("Each IPU's tiles in physical order, one row per column of the chip "
                                         "(the gap is the exchange) · click: select a tile · drag: select "
                                         "an area · Shift: add"),
        this);
    auto* map = new QWidget(this);
    auto* layout = PageParts::chartColumn(map);
    layout->addWidget(m_tileMap, 1);
    layout->addWidget(hint);
    return map;
}

void MemoryPage::addShowInVariablesGraph()
{
    TablePanel* variables = panel(MemoryTab::Variables);
    auto* show = new QAction(tr("Show in Variables Graph"), variables);
    show->setToolTip(tr("Add the selected variables to the Variables graph and show it"));
    connect(show, &QAction::triggered, this, [this, variables] {
        const auto* model = qobject_cast<const ReportTableModel*>(variables->sourceModel());
        QStringList names;
        for (int row : variables->selectedSourceRows())
            if (model && row >= 0 && row < model->rowCount())
                names << QString::fromUtf8(model->keyView(row).data(), qsizetype(model->keyView(row).size()));
        if (names.isEmpty())
            return;
        m_variablesGraph->addNames(names);
        setGraph(MemoryGraph::Variables);
    });
    variables->addRowAction(show);
}

MemoryGraph MemoryPage::graph() const
{
    return MemoryGraph(m_graph->currentData().toInt());
}

void MemoryPage::setGraph(MemoryGraph graph)
{
    m_graph->setCurrentIndex(std::max(0, m_graph->findData(int(graph))));
}

void MemoryPage::showGraph()
{
    const MemoryGraph shown = graph();
    m_graphs->setCurrentIndex(int(shown));
    const bool total = shown == MemoryGraph::Total, map = shown == MemoryGraph::TileMap;
    m_breakdownLabel->setVisible(total);
    m_breakdown->setVisible(total);
    m_mapCategoryLabel->setVisible(map);
    m_mapCategory->setVisible(map);
    m_order->setEnabled(!map); // the map places tiles where they are
    m_compareLabel->setVisible(m_state->isComparing() && !map); // the map shows the change itself
    m_compareView->setVisible(m_state->isComparing() && !map);
    if (shown == MemoryGraph::Variables)
        m_variablesGraph->activate(); // reads the variables (showing it does too, but not in scripts)
}

void MemoryPage::refreshMapCategories()
{
    const auto report = m_state->report();
    const QString chosen = m_mapCategory->count() > 0
        ? m_mapCategory->currentData().toString()
        : QSettings().value(SettingsKey::memoryMapCategory).toString();
    QSignalBlocker block(m_mapCategory);
    m_mapCategory->clear();
    m_mapCategory->addItem(tr("All memory"), QString());
    if (report && report->core->hasTileMemory())
        for (const std::string& category : report->memory().categories)
            m_mapCategory->addItem(
                QString::fromStdString(categoryLabel(category)), QString::fromStdString(category));
    m_mapCategory->setCurrentIndex(std::max(0, m_mapCategory->findData(chosen)));
    m_tileMap->setCategory(m_mapCategory->currentData().toString().toStdString());
}

QWidget* MemoryPage::buildChart()
{
    auto* hint
        = PageParts::hintLabel(tr("Wheel: zoom · drag: pan · click: select a tile · Shift-click: add tiles · "
                                  "double-click: show all"),
            this);
    auto* top = new QWidget(this);
    auto* topLayout = PageParts::chartColumn(top);
    topLayout->addWidget(m_chart, 1);
    topLayout->addWidget(m_overview);
    topLayout->addWidget(hint);
    return top;
}

void MemoryPage::followToolbar()
{
    connect(m_graph, &QComboBox::currentIndexChanged, this, [this] {
        showGraph();
        storeOptions();
    });
    connect(m_mapCategory, &QComboBox::currentIndexChanged, this, [this] {
        m_tileMap->setCategory(m_mapCategory->currentData().toString().toStdString());
        storeOptions();
    });
    connect(m_breakdown, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setBreakdown(MemoryBreakdown(m_breakdown->currentData().toInt()));
        storeOptions();
    });
    connect(m_order, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setTileOrder(TileOrder(m_order->currentData().toInt()));
        m_variablesGraph->chart()->setTileOrder(m_chart->tileOrder());
        storeOptions();
    });
    connect(m_compareView, &QComboBox::currentIndexChanged, this, [this] {
        const auto view = MemoryChart::CompareView(m_compareView->currentData().toInt());
        m_chart->setCompareView(view);
        m_variablesGraph->chart()->setCompareView(view);
        m_breakdown->setEnabled(view == MemoryChart::CompareView::Outline || !m_state->isComparing());
    });
    connect(m_ipu, &QComboBox::currentIndexChanged, this, [this] {
        if (m_ipu->currentIndex() >= 0) {
            m_chart->setIpu(m_ipu->currentData().toInt());
            m_variablesGraph->chart()->setIpu(m_chart->ipu());
            m_tileMap->setIpu(m_chart->ipu());
        }
    });
    connect(m_gaps, &QAction::toggled, this, [this](bool on) {
        m_chart->setIncludeGaps(on);
        m_tileMap->setIncludeGaps(on);
        storeOptions();
    });
    connect(m_capacity, &QAction::toggled, this, [this](bool on) {
        m_chart->setShowCapacity(on);
        m_variablesGraph->chart()->setShowCapacity(on);
        m_tileMap->setScaleToCapacity(on);
        storeOptions();
    });
    connect(m_tileEdit, &QLineEdit::returnPressed, this, [this] { applyTileText(m_tileEdit->text()); });
    connect(m_tileEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())
            applyTileText(QString());
        else
            m_tileError->setVisible(false);
    });
}

void MemoryPage::followState()
{
    connect(m_state, &ReportState::selectionChanged, this, [this] {
        if (isReady()) // else the tables are filled when the page shows the reports
            refreshTables();
    });
    connect(m_state, &ReportState::unitChanged, this, [this] { m_tables->setUnit(m_state->unit()); });
}

void MemoryPage::showReports()
{
    refreshToolbar();
    refreshTables();
    m_chart->rebuild();
    m_tileMap->rebuild();
}

void MemoryPage::forgetReports()
{
    m_tables->forgetReports(); // the Details tab; each table tab lets go of its own rows
}

void MemoryPage::restoreOptions()
{
    QSettings s;
    const int breakdown = s.value(SettingsKey::memoryBreakdown, int(MemoryBreakdown::Category)).toInt();
    m_breakdown->setCurrentIndex(std::max(0, m_breakdown->findData(breakdown)));
    m_order->setCurrentIndex(std::max(0, m_order->findData(s.value(SettingsKey::memoryOrder, 0).toInt())));
    m_gaps->setChecked(s.value(SettingsKey::memoryIncludeGaps, false).toBool());
    m_capacity->setChecked(s.value(SettingsKey::memoryShowMaxMemory, true).toBool());
    setGraph(MemoryGraph(s.value(SettingsKey::memoryGraph, int(MemoryGraph::Total)).toInt()));
    m_chart->setBreakdown(MemoryBreakdown(m_breakdown->currentData().toInt()));
    m_chart->setTileOrder(TileOrder(m_order->currentData().toInt()));
    m_chart->setIncludeGaps(m_gaps->isChecked());
    m_chart->setShowCapacity(m_capacity->isChecked());
    MemoryChart* variablesChart = m_variablesGraph->chart();
    variablesChart->setTileOrder(m_chart->tileOrder());
    variablesChart->setShowCapacity(m_capacity->isChecked());
    m_tileMap->setIncludeGaps(m_gaps->isChecked());
    m_tileMap->setScaleToCapacity(m_capacity->isChecked());
}

void MemoryPage::storeOptions()
{
    QSettings s;
    s.setValue(SettingsKey::memoryBreakdown, m_breakdown->currentData());
    s.setValue(SettingsKey::memoryOrder, m_order->currentData());
    s.setValue(SettingsKey::memoryIncludeGaps, m_gaps->isChecked());
    s.setValue(SettingsKey::memoryShowMaxMemory, m_capacity->isChecked());
    s.setValue(SettingsKey::memoryGraph, m_graph->currentData());
    if (m_mapCategory->count() > 0)
        s.setValue(SettingsKey::memoryMapCategory, m_mapCategory->currentData());
}

void MemoryPage::refreshToolbar()
{
    const auto report = m_state->report();
    const bool compareView = m_state->isComparing() && graph() != MemoryGraph::TileMap;
    m_compareLabel->setVisible(compareView);
    m_compareView->setVisible(compareView);
    m_breakdown->setEnabled(!m_state->isComparing() || m_compareView->currentIndex() == 0);
    QSignalBlocker block(m_ipu);
    m_ipu->clear();
    m_ipu->addItem(tr("All IPUs"), -1);
    if (report)
        for (uint32_t i = 0; i < report->summary.target.numIpus; ++i)
            m_ipu->addItem(tr("IPU %1").arg(i), int(i));
    m_ipu->setCurrentIndex(0);
    m_ipu->setEnabled(report && report->summary.target.numIpus > 1);
    m_chart->setIpu(-1);
    m_variablesGraph->chart()->setIpu(-1);
    m_tileMap->setIpu(-1);
    refreshMapCategories();
}

bool MemoryPage::applyTileText(const QString& text)
{
    const auto report = m_state->report();
    const TileRangeResult result = TileRangeParser::parse(text, report ? m_state->tileLimit() : 0);
    if (!result.ok()) {
        m_tileError->setText(result.error);
        m_tileError->setVisible(true);
        return false;
    }
    m_tileError->setVisible(false);
    m_state->setSelectedTiles(result.tiles);
    return true;
}

QString MemoryPage::tileError() const
{
    return m_tileError->isVisible() ? m_tileError->text() : QString();
}

bool MemoryPage::showRow(const NavigationTarget& target)
{
    using Kind = NavigationTarget::Kind;
    MemoryTab tab = MemoryTab::Details;
    switch (target.kind) {
    case Kind::Page:
    case Kind::Tile: // the window selected it
        return true;
    case Kind::Variable:
        tab = MemoryTab::Variables;
        break;
    case Kind::VertexType:
        tab = MemoryTab::Vertices;
        break;
    case Kind::ComputeSet:
        tab = MemoryTab::ComputeSets;
        break;
    case Kind::Exchange:
        tab = MemoryTab::Exchanges;
        break;
    default:
        return false;
    }
    if (!m_state->selectedTiles().empty())
        m_state->clearSelection(); // rows from What changed are over all tiles
    return m_tables->showRow(tab, target.name);
}

void MemoryPage::refreshTables()
{
    const auto& selection = m_state->selectedTiles();
    const QString formatted = TileRangeParser::format(selection);
    m_tables->refresh(*m_state, formatted);
    // Keep the typed text in step with selections made by clicking.
    if (!m_tileEdit->hasFocus() || selection.empty()) {
        QSignalBlocker block(m_tileEdit);
        m_tileEdit->setText(formatted);
    }
}

void MemoryPage::saveChart()
{
    const auto report = m_state->report();
    const MemoryGraph shown = graph();
    const QString suffix = shown == MemoryGraph::TileMap ? QStringLiteral("tile-map")
        : shown == MemoryGraph::Variables                ? QStringLiteral("variables")
                                                         : QStringLiteral("memory");
    const QString base
        = report ? QFileInfo(report->path).completeBaseName() + QLatin1Char('-') + suffix : suffix;
    askAndSaveChart(this, base, [this, shown](const QString& path, QString* error) {
        if (shown == MemoryGraph::TileMap)
            return m_tileMap->saveImage(path, error);
        return (shown == MemoryGraph::Variables ? m_variablesGraph->chart() : m_chart)
            ->saveImage(path, error);
    });
}

} // namespace popscope
