#include "views/memory/memory_tables_view.hpp"

#include "models/compare_table_model.hpp"
#include "models/memory/compute_sets_model.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/exchanges_model.hpp"
#include "models/memory/memory_scope_text.hpp"
#include "models/memory/variables_model.hpp"
#include "models/memory/vertices_model.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/table_panel.hpp"

#include <QLabel>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <limits>

namespace popscope {

MemoryTablesView::MemoryTablesView(QWidget* parent)
    : QWidget(parent)
{
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
    auto* details = addPanel(
        m_details, QStringLiteral("Details"), QStringLiteral("Open a report to see memory details."));
    details->view()->setRootIsDecorated(true);
    details->view()->setSortingEnabled(false);
    details->setFilterVisible(false);
    // Tables open sorted by the bytes on the tiles shown, largest first: that is what a user
    // hunting for memory looks at first (in compare mode: the largest change first). A header
    // click re-sorts.
    addCompared(m_variables, m_variablesTarget, QStringLiteral("Variables"),
        QStringLiteral("No variables on the selected tiles. Select other tiles, or clear the selection to "
                       "see all variables."),
        VariablesModel::BytesInScope);
    addCompared(m_vertices, m_verticesTarget, QStringLiteral("Vertices"),
        QStringLiteral("No vertices on the selected tiles. Select other tiles, or clear the selection to see "
                       "all vertex types."),
        VerticesModel::StateTotal);
    addCompared(m_exchanges, m_exchangesTarget, QStringLiteral("Exchanges"),
        QStringLiteral("No exchange code on the selected tiles. Select other tiles, or clear the selection."),
        ExchangesModel::CodeBytes);
    addCompared(m_computeSets, m_computeSetsTarget, QStringLiteral("Compute Sets"),
        QStringLiteral("No compute sets with vertices on the selected tiles. Select other tiles, or clear "
                       "the selection."),
        ComputeSetsModel::StateBytes);

    m_scope = new QLabel(this);
    m_scope->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_scope);
    layout->addWidget(m_tabs, 1);
}

TablePanel* MemoryTablesView::addPanel(QAbstractItemModel* model, const QString& name, const QString& empty)
{
    auto* panel = new TablePanel(model, QString(name).toLower().replace(' ', '-'), m_tabs);
    panel->setEmptyText(empty);
    panel->setObjectName(name);
    m_tabs->addTab(panel, name);
    m_panels.push_back(panel);
    return panel;
}

void MemoryTablesView::addCompared(ReportTableModel* source, ReportTableModel* target, const QString& name,
    const QString& empty, int sortColumn)
{
    m_compared.push_back(new ComparedTable(source, target, addPanel(source, name, empty), sortColumn, this));
}

TablePanel* MemoryTablesView::panel(const QString& tabName) const
{
    for (TablePanel* p : m_panels)
        if (p->objectName() == tabName)
            return p;
    return nullptr;
}

ComparedTable* MemoryTablesView::comparedTable(const QString& tabName) const
{
    for (ComparedTable* table : m_compared)
        if (table->panel()->objectName() == tabName)
            return table;
    return nullptr;
}

void MemoryTablesView::forgetReports()
{
    showReports(nullptr, nullptr, {}, false);
    m_scope->clear();
}

void MemoryTablesView::showReports(const std::shared_ptr<const LoadedReport>& report,
    const std::shared_ptr<const LoadedReport>& target, const std::vector<uint32_t>& tiles, bool comparing)
{
    for (ComparedTable* table : m_compared)
        table->beginUpdate(comparing);
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
        table->endUpdate(comparing);
}

void MemoryTablesView::setUnit(MemoryUnit unit)
{
    m_details->setUnit(unit);
    m_variables->setUnit(unit);
    m_vertices->setUnit(unit);
    m_exchanges->setUnit(unit);
    m_computeSets->setUnit(unit);
    for (ComparedTable* table : m_compared) {
        table->target()->setUnit(unit);
        table->compare()->setUnit(unit);
    }
    m_panels.front()->view()->expandToDepth(0);
}

void MemoryTablesView::refresh(const ReportState& state, const QString& formattedSelection)
{
    const auto report = state.report();
    const auto target = state.comparedReport();
    const auto& selection = state.selectedTiles();
    // Compare mode: selected tiles count on the tiles both reports have, so both sides sum the
    // same tiles. A selection wholly outside that range selects nothing (an id no report has),
    // not everything.
    std::vector<uint32_t> tiles = selection;
    const uint32_t common = state.commonTiles();
    if (target) {
        std::erase_if(tiles, [common](uint32_t t) { return t >= common; });
        if (tiles.empty() && !selection.empty())
            tiles = { std::numeric_limits<uint32_t>::max() };
    }
    showReports(report, target, tiles, state.isComparing());
    m_panels.front()->view()->expandToDepth(0);
    const MemoryScope scope { report ? report->numTiles() : 0, bool(target), target ? target->numTiles() : 0,
        common, selection.size(), formattedSelection };
    m_scope->setText(report ? memoryScopeText(scope) : QString());
}

} // namespace popscope
