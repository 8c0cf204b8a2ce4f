#pragma once
// The Memory report: toolbar (graph, breakdown or category, order, IPU, options, tile selection,
// save), the graph (memory by tile, chosen variables by tile, or the Tile Map), and bottom tabs (Details,
// Variables, Vertices, Exchanges, Compute Sets) for the selected tiles or all tiles. The page reads memory by
// tile; each table tab reads its own parts when first shown.
#include "models/report_state.hpp"

#include "views/memory/memory_tables_view.hpp"
#include "views/page/report_page.hpp"

#include <QWidgetList>

class QAction;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace popscope {

class MemoryChart;
class OverviewStrip;
class TileMapView;
class VariablesGraphPage;

// The page's three graphs, as in the Graph Analyser: memory per tile (Total, with its breakdown),
// chosen variables per tile, and the tiles on the chip (Tile Map).
enum class MemoryGraph { Total, Variables, TileMap };

class MemoryPage : public ReportPage {
    Q_OBJECT
public:
    explicit MemoryPage(ReportState* state, QWidget* parent = nullptr);

    MemoryChart* chart() const { return m_chart; }
    QLineEdit* tileEdit() const { return m_tileEdit; }
    QTabWidget* tabs() const { return m_tables->tabs(); }
    QComboBox* breakdownBox() const { return m_breakdown; }
    QComboBox* compareViewBox() const { return m_compareView; }
    QComboBox* graphBox() const { return m_graph; }
    QComboBox* mapCategoryBox() const { return m_mapCategory; }
    MemoryGraph graph() const;
    void setGraph(MemoryGraph graph);
    VariablesGraphPage* variablesGraph() const { return m_variablesGraph; }
    TileMapView* tileMap() const { return m_tileMap; }
    TablePanel* panel(MemoryTab tab) const { return m_tables->panel(tab); }
    // A table tab's page: it reads its parts when first shown.
    MemoryTablePage* tablePage(MemoryTab tab) const { return m_tables->tablePage(tab); }
    DetailsModel* detailsModel() const { return m_tables->detailsModel(); }
    VariablesModel* variablesModel() const { return m_tables->variablesModel(); }
    // Compare mode's tables (every tab but Details).
    ComparedTable* comparedTable(MemoryTab tab) const { return m_tables->comparedTable(tab); }
    // Links from What changed: a Variable, VertexType, ComputeSet or Exchange, over all tiles.
    bool showRow(const NavigationTarget& target) override;
    // Applies typed text as the selection; returns false and shows the error when invalid.
    bool applyTileText(const QString& text);
    QString tileError() const;

public slots:
    void saveChart();

protected:
    void showReports() override;
    void forgetReports() override;

private:
    QLayout* buildToolbar(); // breakdown, tile order, IPU, compare view, options, selection
    QPushButton* buildOptions(); // the Options menu: gaps, max memory
    QWidgetList buildSelection(); // the tile edit, Clear and Save chart
    QWidget* buildGraphs(); // the three graphs, one shown at a time
    QWidget* buildChart(); // the Total graph: the chart with its overview strip and hint
    QWidget* buildTileMap(); // the map with its hint
    void addShowInVariablesGraph(); // the Variables tab's rows' action
    void showGraph(); // the graph chosen, and the toolbar's boxes that apply to it
    void refreshMapCategories();
    void followToolbar(); // the toolbar's signals
    void followState(); // the shared state's signals
    void refreshTables();
    void refreshToolbar();
    void restoreOptions();
    void storeOptions();

    MemoryChart* m_chart;
    OverviewStrip* m_overview;
    QComboBox* m_graph;
    QComboBox* m_breakdown;
    QComboBox* m_mapCategory;
    QLabel* m_breakdownLabel;
    QLabel* m_mapCategoryLabel;
    QStackedWidget* m_graphs;
    VariablesGraphPage* m_variablesGraph;
    TileMapView* m_tileMap;
    QComboBox* m_order;
    QComboBox* m_ipu;
    QComboBox* m_compareView;
    QLabel* m_compareLabel;
    QAction* m_gaps;
    QAction* m_capacity;
    QLineEdit* m_tileEdit;
    QLabel* m_tileError;
    MemoryTablesView* m_tables;
    QSplitter* m_splitter;
};

} // namespace popscope
