#include "views/memory/memory_tables_view.hpp"

#include "models/compare_table_model.hpp"
#include "models/memory/compute_sets_model.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/exchanges_model.hpp"
#include "models/memory/memory_scope_text.hpp"
#include "models/memory/variables_model.hpp"
#include "models/memory/vertices_model.hpp"
#include "views/memory/memory_table_page.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/tab_key.hpp"
#include "views/widgets/table_panel.hpp"

#include <QLabel>
#include <QTabWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <limits>
#include <memory>
#include <optional>

namespace popscope {

namespace {

// The tiles the tables cover, all when empty. Compare mode: selected tiles count on the tiles both
// reports have, so both sides sum the same tiles. A selection wholly outside that range selects
// nothing (an id no report has), not everything.
std::vector<uint32_t> tablesTiles(const ReportState& state)
{
    const auto& selection = state.selectedTiles();
    std::vector<uint32_t> tiles = selection;
    if (state.comparedReport()) {
        const uint32_t common = state.commonTiles();
        std::erase_if(tiles, [common](uint32_t t) { return t >= common; });
        if (tiles.empty() && !selection.empty())
            tiles = { std::numeric_limits<uint32_t>::max() };
    }
    return tiles;
}

} // namespace

MemoryTablesView::MemoryTablesView(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
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
    auto* details = addPanel(m_details, MemoryTab::Details, tr("Details"),
        tr("Open a report to see memory details."), m_tabs, TablePanel::Shape::Tree);
    details->setSortingEnabled(false);
    details->setFilterVisible(false);
    // Tables open sorted by the bytes on the tiles shown, largest first: that is what a user
    // hunting for memory looks at first (in compare mode: the largest change first). A header
    // click re-sorts.
    addTable(m_variables, m_variablesTarget, MemoryTab::Variables, tr("Variables"),
        tr("No variables on the selected tiles. Select other tiles, or clear the selection to "
           "see all variables."),
        VariablesModel::BytesInScope, { ReportPart::Variables });
    addTable(m_vertices, m_verticesTarget, MemoryTab::Vertices, tr("Vertices"),
        tr("No vertices on the selected tiles. Select other tiles, or clear the selection to see "
           "all vertex types."),
        VerticesModel::StateTotal, { ReportPart::VertexTypes, ReportPart::ComputeSets });
    addTable(m_exchanges, m_exchangesTarget, MemoryTab::Exchanges, tr("Exchanges"),
        tr("No exchange code on the selected tiles. Select other tiles, or clear the selection."),
        ExchangesModel::CodeBytes, { ReportPart::Exchanges });
    addTable(m_computeSets, m_computeSetsTarget, MemoryTab::ComputeSets, tr("Compute Sets"),
        tr("No compute sets with vertices on the selected tiles. Select other tiles, or clear "
           "the selection."),
        ComputeSetsModel::StateBytes, { ReportPart::VertexTypes, ReportPart::ComputeSets });

    // A tab shown reads its parts (showing it does too, but not in a window never shown: scripts).
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (auto* page = qobject_cast<MemoryTablePage*>(m_tabs->currentWidget()))
            page->activate();
    });

    m_scope = new QLabel(this);
    m_scope->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_scope);
    layout->addWidget(m_tabs, 1);
}

TablePanel* MemoryTablesView::addPanel(QAbstractItemModel* model, MemoryTab key, const QString& name,
    const QString& empty, QWidget* tab, TablePanel::Shape shape)
{
    auto* panel = new TablePanel(model, QString(name).toLower().replace(' ', '-'), tab, shape);
    panel->setEmptyText(empty);
    if (tab == m_tabs) {
        setTabKey(panel, int(key));
        m_tabs->addTab(panel, name);
    }
    m_panels.push_back(panel);
    m_panelOf[size_t(key)] = panel;
    return panel;
}

template <class Model>
void MemoryTablesView::addTable(Model* source, Model* target, MemoryTab key, const QString& name,
    const QString& empty, int sortColumn, std::vector<ReportPart> parts)
{
    auto* page = new MemoryTablePage(m_state, name, std::move(parts), m_tabs);
    page->setPanel(addPanel(source, key, name, empty, page));
    auto* table = new ComparedTable(source, target, page->panel(), sortColumn, this);
    m_compared.push_back(table);
    m_tablePages.push_back(page);
    m_comparedOf[size_t(key)] = table;
    m_pageOf[size_t(key)] = page;
    setTabKey(page, int(key));
    m_tabs->addTab(page, name);
    // Both sides on the same tiles; in compare mode the join follows their resets. What the table
    // was filled with: showing the page again fills a tab shown with it once, not twice (the tab's
    // show event, then the page's refresh), and 1.4 M rows on bench-huge are not rebuilt for nothing.
    struct Filled {
        const void* source = nullptr;
        const void* target = nullptr;
        std::vector<uint32_t> tiles;
        bool operator==(const Filled&) const = default;
    };
    auto filled = std::make_shared<std::optional<Filled>>();
    page->setFill(
        [this, source, target, table, filled] {
            const auto report = m_state->report(), compared = m_state->comparedReport();
            Filled now { report.get(), compared.get(), tablesTiles(*m_state) };
            if (*filled == now)
                return;
            const bool comparing = m_state->isComparing();
            table->beginUpdate(comparing);
            source->setReport(report, now.tiles);
            target->setReport(compared, now.tiles);
            table->endUpdate(comparing);
            *filled = std::move(now);
        },
        [source, target, table, filled] {
            table->beginUpdate(false);
            source->setReport(nullptr, {});
            target->setReport(nullptr, {});
            table->compare()->rebuild(); // both sides empty: the join lets go of its rows too
            table->endUpdate(false);
            if (filled->has_value())
                table->panel()->renewView(); // and the view of its row layout (a filled one only)
            filled->reset();
        });
}

bool MemoryTablesView::showRow(MemoryTab tab, const std::string& key)
{
    MemoryTablePage* page = tablePage(tab);
    if (!page)
        return false;
    m_tabs->setCurrentWidget(page);
    return key.empty() || page->showRowKey(key);
}

void MemoryTablesView::forgetReports()
{
    m_details->setReports(nullptr, nullptr, {});
    m_scope->clear();
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
    m_panels.front()->tree()->expandToDepth(0);
}

void MemoryTablesView::refresh(const ReportState& state, const QString& formattedSelection)
{
    const auto report = state.report();
    const auto target = state.comparedReport();
    m_details->setReports(report, target, tablesTiles(state));
    m_panels.front()->tree()->expandToDepth(0);
    for (MemoryTablePage* page : m_tablePages)
        page->refresh();
    const MemoryScope scope { report ? report->numTiles() : 0, bool(target), target ? target->numTiles() : 0,
        state.commonTiles(), state.selectedTiles().size(), formattedSelection };
    m_scope->setText(report ? memoryScopeText(scope) : QString());
}

} // namespace popscope
