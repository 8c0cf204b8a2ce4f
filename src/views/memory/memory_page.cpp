#include "views/memory/memory_page.hpp"

#include "models/compare_table_model.hpp"
#include "models/memory/compute_sets_model.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/exchanges_model.hpp"
#include "models/memory/tile_range_parser.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/memory/variables_model.hpp"
#include "models/memory/vertices_model.hpp"
#include "views/widgets/save_dialog.hpp"
#include "views/widgets/page_parts.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/overview_strip.hpp"
#include "views/widgets/table_panel.hpp"
#include "models/settings_keys.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHash>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <limits>

namespace popscope {

MemoryPage::MemoryPage(ReportState* state, QWidget* parent) : ReportPage(state, parent)
{
    m_chart = new MemoryChart(state, this);
    m_overview = new OverviewStrip(state, m_chart, this);

    // Toolbar: left = what to show, right = selection, options, save (as in the Graph Analyser).
    m_breakdown = new QComboBox(this);
    m_breakdown->addItem(QStringLiteral("None (total)"), int(MemoryBreakdown::None));
    m_breakdown->addItem(QStringLiteral("By category"), int(MemoryBreakdown::Category));
    m_breakdown->addItem(QStringLiteral("By region"), int(MemoryBreakdown::Region));
    m_breakdown->addItem(QStringLiteral("By liveness"), int(MemoryBreakdown::Liveness));
    m_breakdown->setToolTip(QStringLiteral("How each tile's bar is split"));
    m_order = new QComboBox(this);
    m_order->addItem(QStringLiteral("Software order"), int(TileOrder::Software));
    m_order->addItem(QStringLiteral("Physical order"), int(TileOrder::Physical));
    m_order->setToolTip(QStringLiteral("Order tiles by software id or by physical position on the IPU"));
    m_compareView = new QComboBox(this);
    m_compareView->addItem(QStringLiteral("Target as outline"), int(MemoryChart::CompareView::Outline));
    m_compareView->addItem(QStringLiteral("Change per tile"), int(MemoryChart::CompareView::Difference));
    m_compareView->setToolTip(QStringLiteral("Compare mode: draw the target's total per tile over the source's bars, "
                                             "or the change per tile (red: the target uses more, green: less)"));
    m_ipu = new QComboBox(this);
    m_ipu->setToolTip(QStringLiteral("Show all IPUs or one"));
    auto* options = new QPushButton(QStringLiteral("Options"), this); // a push button leaves room for its menu arrow
    auto* optionsMenu = new QMenu(options);
    m_gaps = optionsMenu->addAction(QStringLiteral("Include gaps"));
    m_gaps->setCheckable(true);
    m_gaps->setToolTip(QStringLiteral("Add bank and region gaps to each tile"));
    m_capacity = optionsMenu->addAction(QStringLiteral("Show max memory"));
    m_capacity->setCheckable(true);
    m_capacity->setChecked(true);
    options->setMenu(optionsMenu);

    m_tileEdit = new QLineEdit(this);
    m_tileEdit->setPlaceholderText(QStringLiteral("Tiles, e.g. 0, 5, 100-120"));
    m_tileEdit->setClearButtonEnabled(true);
    m_tileEdit->setToolTip(QStringLiteral("Type tile ids and ranges, then press Enter. Or click bars in the chart "
                                          "(Shift-click adds tiles). The selection is shared by every report."));
    m_tileEdit->setMinimumWidth(128);
    auto* clear = new QPushButton(QStringLiteral("Clear"), this);
    clear->setToolTip(QStringLiteral("Clear the tile selection (Esc in the chart)"));
    auto* save = new QToolButton(this);
    save->setText(QStringLiteral("Save chart…"));
    save->setToolTip(QStringLiteral("Save the chart as PNG or SVG"));
    connect(save, &QToolButton::clicked, this, &MemoryPage::saveChart);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new QLabel(QStringLiteral("Breakdown:"), this));
    toolbar->addWidget(m_breakdown);
    toolbar->addSpacing(4);
    toolbar->addWidget(new QLabel(QStringLiteral("Tiles:"), this));
    toolbar->addWidget(m_order);
    toolbar->addWidget(m_ipu);
    m_compareLabel = new QLabel(QStringLiteral("Compare:"), this);
    toolbar->addWidget(m_compareLabel);
    toolbar->addWidget(m_compareView);
    toolbar->addWidget(options);
    toolbar->addStretch(1);
    toolbar->addWidget(m_tileEdit, 1);
    toolbar->addWidget(clear);
    toolbar->addWidget(save);

    m_tileError = PageParts::errorLabel(this);

    auto* hint = PageParts::hintLabel(QStringLiteral("Wheel: zoom · drag: pan · click: select a tile · Shift-click: add tiles · "
                                           "double-click: show all"), this);

    auto* top = new QWidget(this);
    auto* topLayout = PageParts::chartColumn(top);
    topLayout->addWidget(m_chart, 1);
    topLayout->addWidget(m_overview);
    topLayout->addWidget(hint);

    // Bottom tabs.
    m_details = new DetailsModel(this);
    m_variables = new VariablesModel(this);
    m_vertices = new VerticesModel(this);
    m_exchanges = new ExchangesModel(this);
    m_computeSets = new ComputeSetsModel(this);
    m_variablesTarget = new VariablesModel(this);
    m_verticesTarget = new VerticesModel(this);
    m_exchangesTarget = new ExchangesModel(this);
    m_computeSetsTarget = new ComputeSetsModel(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    auto addPanel = [this](QAbstractItemModel* model, const QString& name, const QString& empty) {
        auto* panel = new TablePanel(model, name.toLower().replace(' ', '-'), m_tabs);
        panel->setEmptyText(empty);
        panel->setObjectName(name);
        m_tabs->addTab(panel, name);
        m_panels.push_back(panel);
        return panel;
    };
    auto* details = addPanel(m_details, QStringLiteral("Details"), QStringLiteral("Open a report to see memory details."));
    details->view()->setRootIsDecorated(true);
    details->view()->setSortingEnabled(false);
    details->setFilterVisible(false);
    // Tables open sorted by the bytes on the tiles shown, largest first: that is what a user
    // hunting for memory looks at first (in compare mode: the largest change first). A header
    // click re-sorts.
    auto addCompared = [&](ReportTableModel* source, ReportTableModel* target, const QString& name, const QString& empty,
                           int sortColumn) {
        m_compared.push_back(new ComparedTable(source, target, addPanel(source, name, empty), sortColumn, this));
    };
    addCompared(m_variables, m_variablesTarget, QStringLiteral("Variables"),
                QStringLiteral("No variables on the selected tiles. Select other tiles, or clear the selection to see all variables."),
                VariablesModel::BytesInScope);
    addCompared(m_vertices, m_verticesTarget, QStringLiteral("Vertices"),
                QStringLiteral("No vertices on the selected tiles. Select other tiles, or clear the selection to see all vertex types."),
                VerticesModel::StateTotal);
    addCompared(m_exchanges, m_exchangesTarget, QStringLiteral("Exchanges"),
                QStringLiteral("No exchange code on the selected tiles. Select other tiles, or clear the selection."),
                ExchangesModel::CodeBytes);
    addCompared(m_computeSets, m_computeSetsTarget, QStringLiteral("Compute Sets"),
                QStringLiteral("No compute sets with vertices on the selected tiles. Select other tiles, or clear the selection."),
                ComputeSetsModel::StateBytes);

    m_scope = new QLabel(this);
    m_scope->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* bottom = new QWidget(this);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 4, 0, 0);
    bottomLayout->addWidget(m_scope);
    bottomLayout->addWidget(m_tabs, 1);

    m_splitter = PageParts::chartAndTables(top, bottom, this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(toolbar);
    layout->addWidget(m_tileError);
    layout->addWidget(m_splitter, 1);

    restoreOptions();
    connect(m_breakdown, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setBreakdown(MemoryBreakdown(m_breakdown->currentData().toInt()));
        storeOptions();
    });
    connect(m_order, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setTileOrder(TileOrder(m_order->currentData().toInt()));
        storeOptions();
    });
    connect(m_compareView, &QComboBox::currentIndexChanged, this, [this] {
        const auto view = MemoryChart::CompareView(m_compareView->currentData().toInt());
        m_chart->setCompareView(view);
        m_breakdown->setEnabled(view == MemoryChart::CompareView::Outline || !m_state->isComparing());
    });
    connect(m_ipu, &QComboBox::currentIndexChanged, this, [this] {
        if (m_ipu->currentIndex() >= 0)
            m_chart->setIpu(m_ipu->currentData().toInt());
    });
    connect(m_gaps, &QAction::toggled, this, [this](bool on) {
        m_chart->setIncludeGaps(on);
        storeOptions();
    });
    connect(m_capacity, &QAction::toggled, this, [this](bool on) {
        m_chart->setShowCapacity(on);
        storeOptions();
    });
    connect(m_tileEdit, &QLineEdit::returnPressed, this, [this] { applyTileText(m_tileEdit->text()); });
    connect(m_tileEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())
            applyTileText(QString());
        else
            m_tileError->setVisible(false);
    });
    connect(clear, &QPushButton::clicked, state, &ReportState::clearSelection);
    connect(state, &ReportState::selectionChanged, this, [this] {
        if (isReady()) // else the tables are filled when the page shows the reports
            refreshTables();
    });
    connect(state, &ReportState::unitChanged, this, [this] {
        const MemoryUnit u = m_state->unit();
        m_details->setUnit(u);
        m_variables->setUnit(u);
        m_vertices->setUnit(u);
        m_exchanges->setUnit(u);
        m_computeSets->setUnit(u);
        for (ComparedTable* table : m_compared) {
            table->target()->setUnit(u);
            table->compare()->setUnit(u);
        }
        m_panels.front()->view()->expandToDepth(0);
    });
    setParts(memoryReportParts());
    refreshToolbar();
    refreshTables();
}

void MemoryPage::showReports()
{
    refreshToolbar();
    refreshTables();
    m_chart->rebuild();
}

void MemoryPage::restoreOptions()
{
    QSettings s;
    const int breakdown = s.value(SettingsKey::memoryBreakdown, int(MemoryBreakdown::Category)).toInt();
    m_breakdown->setCurrentIndex(std::max(0, m_breakdown->findData(breakdown)));
    m_order->setCurrentIndex(std::max(0, m_order->findData(s.value(SettingsKey::memoryOrder, 0).toInt())));
    m_gaps->setChecked(s.value(SettingsKey::memoryIncludeGaps, false).toBool());
    m_capacity->setChecked(s.value(SettingsKey::memoryShowMaxMemory, true).toBool());
    m_chart->setBreakdown(MemoryBreakdown(m_breakdown->currentData().toInt()));
    m_chart->setTileOrder(TileOrder(m_order->currentData().toInt()));
    m_chart->setIncludeGaps(m_gaps->isChecked());
    m_chart->setShowCapacity(m_capacity->isChecked());
}

void MemoryPage::storeOptions()
{
    QSettings s;
    s.setValue(SettingsKey::memoryBreakdown, m_breakdown->currentData());
    s.setValue(SettingsKey::memoryOrder, m_order->currentData());
    s.setValue(SettingsKey::memoryIncludeGaps, m_gaps->isChecked());
    s.setValue(SettingsKey::memoryShowMaxMemory, m_capacity->isChecked());
}

void MemoryPage::refreshToolbar()
{
    const auto report = m_state->report();
    m_compareLabel->setVisible(m_state->isComparing());
    m_compareView->setVisible(m_state->isComparing());
    m_breakdown->setEnabled(!m_state->isComparing() || m_compareView->currentIndex() == 0);
    QSignalBlocker block(m_ipu);
    m_ipu->clear();
    m_ipu->addItem(QStringLiteral("All IPUs"), -1);
    if (report)
        for (uint32_t i = 0; i < report->summary.target.numIpus; ++i)
            m_ipu->addItem(QStringLiteral("IPU %1").arg(i), int(i));
    m_ipu->setCurrentIndex(0);
    m_ipu->setEnabled(report && report->summary.target.numIpus > 1);
    m_chart->setIpu(-1);
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

QString MemoryPage::tileError() const { return m_tileError->isVisible() ? m_tileError->text() : QString(); }

ComparedTable* MemoryPage::comparedTable(const QString& tabName) const
{
    for (ComparedTable* table : m_compared)
        if (table->panel()->objectName() == tabName)
            return table;
    return nullptr;
}

bool MemoryPage::showRow(const QString& table, const QString& rowKey)
{
    static const QHash<QString, QString> tabs = {{QStringLiteral("variables"), QStringLiteral("Variables")},
                                                 {QStringLiteral("vertices"), QStringLiteral("Vertices")},
                                                 {QStringLiteral("computeSets"), QStringLiteral("Compute Sets")},
                                                 {QStringLiteral("exchanges"), QStringLiteral("Exchanges")}};
    TablePanel* target = panel(tabs.value(table));
    if (!target)
        return false;
    m_tabs->setCurrentWidget(target);
    if (!m_state->selectedTiles().empty())
        m_state->clearSelection(); // rows from What changed are over all tiles
    return rowKey.isEmpty() || target->showRow(rowKey);
}

TablePanel* MemoryPage::panel(const QString& tabName) const
{
    for (TablePanel* p : m_panels)
        if (p->objectName() == tabName)
            return p;
    return nullptr;
}

void MemoryPage::refreshTables()
{
    const auto report = m_state->report();
    const auto target = m_state->comparedReport();
    const auto& selection = m_state->selectedTiles();
    // Compare mode: selected tiles count on the tiles both reports have, so both sides sum the
    // same tiles. A selection wholly outside that range selects nothing (an id no report has),
    // not everything.
    std::vector<uint32_t> tiles = selection;
    const uint32_t common = m_state->commonTiles();
    if (target) {
        std::erase_if(tiles, [common](uint32_t t) { return t >= common; });
        if (tiles.empty() && !selection.empty())
            tiles = {std::numeric_limits<uint32_t>::max()};
    }
    for (ComparedTable* table : m_compared)
        table->beginUpdate();
    m_details->setReports(report, target, tiles);
    m_variables->setReport(report, tiles);
    m_vertices->setReport(report, tiles);
    m_exchanges->setReport(report, tiles);
    m_computeSets->setReport(report, tiles);
    // Compare mode: the target's tables too, on the same tiles; the joins follow their resets.
    m_variablesTarget->setReport(target, tiles);
    m_verticesTarget->setReport(target, tiles);
    m_exchangesTarget->setReport(target, tiles);
    m_computeSetsTarget->setReport(target, tiles);
    for (ComparedTable* table : m_compared)
        table->endUpdate(m_state->isComparing());
    m_panels.front()->view()->expandToDepth(0);
    // Keep the typed text in step with selections made by clicking.
    const QString formatted = TileRangeParser::format(selection);
    if (!m_tileEdit->hasFocus() || selection.empty()) {
        QSignalBlocker block(m_tileEdit);
        m_tileEdit->setText(formatted);
    }
    m_scope->setText(scopeText(formatted, common));
}

QString MemoryPage::scopeText(const QString& formatted, uint32_t commonTiles) const
{
    const auto report = m_state->report(), target = m_state->comparedReport();
    const auto& selection = m_state->selectedTiles();
    if (!report)
        return {};
    const bool differentTiles = target && report->numTiles() != target->numTiles();
    if (selection.empty()) {
        if (differentTiles)
            return QStringLiteral("Tables show <b>all tiles of each report</b> (%1 and %2): rows match by name. "
                                  "The chart's outline covers the %3 tiles both have.")
                .arg(countText(report->numTiles()), countText(target->numTiles()), countText(commonTiles));
        return QStringLiteral("Tables show <b>all %1 tiles</b>%2. Select tiles to narrow them down.")
            .arg(countText(report->numTiles()), target ? QStringLiteral(" of both reports") : QString());
    }
    QString list = formatted;
    if (list.size() > 80)
        list = list.left(80) + QStringLiteral("…");
    QString text = QStringLiteral("Tables show <b>%1 selected %2</b>%4: %3")
                       .arg(countText(selection.size()), pluralText(selection.size(), "tile"), list.toHtmlEscaped(),
                            target ? QStringLiteral(" of both reports") : QString());
    if (differentTiles)
        text += QStringLiteral(" (only tiles 0–%1 are in both reports; the rest are left out)").arg(countText(commonTiles - 1));
    else if (!target && selection.size() > size_t(DetailsModel::kMaxTileColumns))
        text += QStringLiteral(". Details has a column for each of the first %1; its Selection column sums all of them.")
                    .arg(DetailsModel::kMaxTileColumns);
    return text;
}

void MemoryPage::saveChart()
{
    const auto report = m_state->report();
    const QString base = report ? QFileInfo(report->path).completeBaseName() + QStringLiteral("-memory") : QStringLiteral("memory");
    askAndSaveChart(this, base, [this](const QString& path, QString* error) { return m_chart->saveImage(path, error); });
}

} // namespace popscope
