// Memory ▸ Graph in the real window: the Tile Map colours each tile by core's memory figures, its
// category filter changes them, click, Shift-click and drag select tiles for the whole page, and
// compare mode shows the change per tile; the Variables graph stacks the chosen variables per
// tile as core sums them, in both reports, and the Variables tab's rows add to it.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "models/memory/tile_range_parser.hpp"
#include "models/memory/variables_model.hpp"
#include "mouse_drag.hpp"
#include "popscope/report.hpp"
#include "popscope/variable_tile_bytes.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/memory_page.hpp"
#include "views/memory/tile_map_view.hpp"
#include "views/memory/variables_graph_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QTest>

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

struct MemoryWindow : test::ShownWindow {
    MemoryPage* memory() const { return window.memoryPage(); }
    const Report& core(int slot = 0) const { return *window.state()->reportAt(slot)->core; }
};

std::vector<int64_t> widened(const std::vector<uint32_t>& values)
{
    return { values.begin(), values.end() };
}

} // namespace

TEST_CASE("the Tile Map colours tiles by core's memory and selects them by click, Shift-click and drag",
    "[memory][tile-map][gui]")
{
    MemoryWindow f;
    REQUIRE(openReports(f.window, QString::fromUtf8(POPSCOPE_DEMO_PROFILE)));
    REQUIRE(showPageAndWait(f.window, page_ids::memory));
    f.memory()->setGraph(MemoryGraph::TileMap);
    TileMapView* map = f.memory()->tileMap();
    REQUIRE(map->isVisible());
    const TileMemory& memory = f.core().tileMemory();
    CHECK(map->values() == widened(memory.totalExcludingGaps));
    CHECK(map->layout().columnsPerIpu == 23);

    QComboBox* category = f.memory()->mapCategoryBox();
    const int vertexCode = category->findData(QStringLiteral("vertexCode"));
    REQUIRE(vertexCode > 0);
    category->setCurrentIndex(vertexCode);
    CHECK(map->values() == widened(tileMapValues(memory, "vertexCode", false)));

    ReportState* state = f.window.state();
    QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, map->cellRect(5).center().toPoint());
    CHECK(state->selectedTiles() == std::vector<uint32_t> { 5 });
    QTest::mouseClick(map, Qt::LeftButton, Qt::ShiftModifier, map->cellRect(1500).center().toPoint());
    CHECK(state->selectedTiles() == std::vector<uint32_t> { 5, 1500 });
    // Tiles 0-3 and 64-67 (columns 0 and 1 of IPU 0, no physical ids: in id order).
    dragMouse(map, map->cellRect(0).center().toPoint(), map->cellRect(67).center().toPoint());
    CHECK(state->selectedTiles() == std::vector<uint32_t> { 0, 1, 2, 3, 64, 65, 66, 67 });
    dragMouse(map, map->cellRect(1500).center().toPoint(), map->cellRect(1501).center().toPoint(),
        Qt::ShiftModifier);
    CHECK(state->selectedTiles() == std::vector<uint32_t> { 0, 1, 2, 3, 64, 65, 66, 67, 1500, 1501 });
    CHECK(f.memory()->tileEdit()->text()
        == TileRangeParser::format(state->selectedTiles())); // the page follows

    test::TempDir dir;
    QString error;
    CHECK(map->saveImage(QString::fromStdString(dir.file("map.png")), &error));
    CHECK(error.isEmpty());
}

TEST_CASE("in compare mode the Tile Map shows the change per tile on a diverging scale",
    "[memory][tile-map][gui][compare]")
{
    MemoryWindow f;
    REQUIRE(openReports(f.window, sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop")));
    REQUIRE(showPageAndWait(f.window, page_ids::memory));
    f.memory()->setGraph(MemoryGraph::TileMap);
    TileMapView* map = f.memory()->tileMap();
    const auto& source = f.core(0).tileMemory().totalExcludingGaps;
    const auto& target = f.core(1).tileMemory().totalExcludingGaps;
    REQUIRE(map->values().size() == source.size());
    for (size_t t = 0; t < source.size(); ++t)
        REQUIRE(map->values()[t] == int64_t(target[t]) - int64_t(source[t]));
    CHECK(map->scene().diverging);
    CHECK(map->scene().scaleMax > 0);
}

TEST_CASE("the Variables graph stacks the chosen variables per tile as core sums them",
    "[memory][variables-graph][gui]")
{
    MemoryWindow f;
    REQUIRE(openReports(f.window, sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop")));
    REQUIRE(showPageAndWait(f.window, page_ids::memory));
    f.memory()->setGraph(MemoryGraph::Variables);
    VariablesGraphPage* graph = f.memory()->variablesGraph();
    REQUIRE(waitForPage(graph));
    MemoryChart* chart = graph->chart();
    CHECK(chart->seriesSet().series.empty()); // nothing chosen yet: the empty state says what to do
    CHECK(chart->scene().emptyText.contains(QStringLiteral("Show in Variables Graph")));

    const std::string first(f.core().variables().name(0));
    const QString text = QString::fromStdString(first) + QStringLiteral(", *");
    REQUIRE(graph->applyPatterns(text));
    const auto expected
        = variableTileSeries(f.core().variables(), { first, "*" }, f.core().tileMemory().numTiles());
    REQUIRE(chart->seriesSet().series.size() == 2);
    CHECK(chart->seriesSet().series[0].bytesByTile == expected[0].bytesByTile);
    CHECK(chart->seriesSet().series[0].label == QString::fromStdString(first));
    CHECK(chart->seriesSet().series[1].bytesByTile == expected[1].bytesByTile);
    CHECK(chart->seriesSet().series[1].label.startsWith(
        QStringLiteral("* (%1 variables)").arg(expected[1].matched)));
    CHECK(graph->matchSummary().contains(QStringLiteral("*: %1 variables").arg(expected[1].matched)));
    // Compare mode: the target's sum of the same patterns as the outline.
    const auto inTarget
        = variableTileSeries(f.core(1).variables(), { first, "*" }, f.core(1).tileMemory().numTiles());
    const MemoryChartScene scene = chart->scene();
    REQUIRE(scene.compareTotal);
    for (uint32_t t = 0; t < scene.compareTiles; ++t)
        REQUIRE((*scene.compareTotal)[t] == inTarget[0].bytesByTile[t] + inTarget[1].bytesByTile[t]);

    CHECK_FALSE(graph->applyPatterns(QStringLiteral("a,b,c,d,e,f,g,h,i")));
    CHECK(graph->patternError().contains(QStringLiteral("At most 8")));
    CHECK(chart->seriesSet().series.size() == 2); // the graph keeps what it showed
}

TEST_CASE("Show in Variables Graph on the Variables tab's rows adds them to the graph and shows it",
    "[memory][variables-graph][gui]")
{
    MemoryWindow f;
    REQUIRE(openReports(f.window, QString::fromUtf8(POPSCOPE_DEMO_PROFILE)));
    REQUIRE(showPageAndWait(f.window, page_ids::memory));
    f.memory()->setGraph(MemoryGraph::Total);
    REQUIRE(showMemoryTabAndWait(f.memory(), MemoryTab::Variables));
    TablePanel* panel = f.memory()->panel(MemoryTab::Variables);
    QAbstractItemView* view = panel->view();
    view->selectionModel()->select(
        view->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    const std::vector<int> rows = panel->selectedSourceRows();
    REQUIRE(rows.size() == 1);
    const auto row = f.memory()->variablesModel()->variableAt(rows[0]);
    REQUIRE(row);
    const QString name = QString::fromStdString(std::string(row->name));
    QAction* show = nullptr;
    for (QAction* action : view->actions())
        if (action->text() == QStringLiteral("Show in Variables Graph"))
            show = action;
    REQUIRE(show);
    show->trigger();
    CHECK(f.memory()->graph() == MemoryGraph::Variables);
    VariablesGraphPage* graph = f.memory()->variablesGraph();
    REQUIRE(waitForPage(graph));
    CHECK(graph->chart()->variablePatterns() == std::vector<std::string> { name.toStdString() });
    REQUIRE(graph->chart()->seriesSet().series.size() == 1);
    CHECK(graph->chart()->seriesSet().series[0].label == name);
}
