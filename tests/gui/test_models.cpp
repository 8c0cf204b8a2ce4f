#include "gui_fixture.hpp"
#include "models/csv_exporter.hpp"
#include "models/item_roles.hpp"
#include "models/memory/compute_sets_model.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/exchanges_model.hpp"
#include "models/memory/memory_series.hpp"
#include "models/memory/variables_model.hpp"
#include "models/memory/vertices_model.hpp"
#include "models/remote/remote_folder_lister.hpp"
#include "models/report_state.hpp"
#include "models/summary/engine_options_model.hpp"
#include "models/table_filter_proxy.hpp"
#include "popscope/insights.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

using namespace popscope;
using namespace popscope::test;
using Tester = QAbstractItemModelTester;

namespace {

GuiFixture& fixture()
{
    static GuiFixture f;
    return f;
}

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

int findRow(const QAbstractItemModel& m, const QString& name)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (cell(m, r, 0) == name)
            return r;
    return -1;
}

} // namespace

TEST_CASE("the loader reads every part the reports need", "[models]")
{
    const auto& r = *fixture().report;
    REQUIRE(r.numTiles() == 32);
    REQUIRE(r.variables().size() == 40);
    REQUIRE(r.vertexTypes().size() == 2);
    REQUIRE(r.computeSets().size() == 3);
    REQUIRE(r.exchanges().size() == 2);
    REQUIRE(r.summary.target.numIpus == 2);
}

TEST_CASE("variables model: all tiles, then the selection", "[models]")
{
    VariablesModel model;
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.setReport(fixture().report, {});
    REQUIRE(model.rowCount() == 40);
    REQUIRE(model.headerData(VariablesModel::BytesInScope, Qt::Horizontal).toString()
        == QStringLiteral("On all tiles"));
    REQUIRE(model.headerData(VariablesModel::Size, Qt::Horizontal, CsvHeaderRole).toString()
        == QStringLiteral("Size (bytes)"));

    const auto& vars = fixture().report->variables();
    const uint32_t tile = vars[0].tiles.front().tile;
    model.setReport(fixture().report, { tile });
    int expected = 0;
    for (const VariableRow v : vars)
        for (const TileBytes& tb : v.tiles)
            if (tb.tile == tile) {
                ++expected;
                break;
            }
    REQUIRE(model.rowCount() == expected);
    REQUIRE(model.headerData(VariablesModel::BytesInScope, Qt::Horizontal).toString()
        == QStringLiteral("On selected tiles"));
    const int row = findRow(model, QString::fromStdString(std::string(vars[0].name)));
    REQUIRE(row >= 0);
    REQUIRE(model.data(model.index(row, VariablesModel::BytesInScope), SortRole).toULongLong()
        == vars[0].tiles.front().bytes);
    REQUIRE(model.data(model.index(row, VariablesModel::Tiles), SortRole).toULongLong() == 1);
    REQUIRE(cell(model, row, VariablesModel::ElementType) == QStringLiteral("float"));
    REQUIRE(cell(model, row, VariablesModel::AlwaysLive) == QStringLiteral("Yes"));

    // Units change the text, not the raw value.
    model.setUnit(MemoryUnit::Bytes);
    REQUIRE(cell(model, row, VariablesModel::Size).endsWith(QStringLiteral(" B")));
    model.setReport(nullptr, {});
    REQUIRE(model.rowCount() == 0);
}

TEST_CASE("vertices, compute sets and exchanges follow the selection", "[models]")
{
    VerticesModel vertices;
    ComputeSetsModel computeSets;
    ExchangesModel exchanges;
    Tester t1(&vertices, Tester::FailureReportingMode::Fatal);
    Tester t2(&computeSets, Tester::FailureReportingMode::Fatal);
    Tester t3(&exchanges, Tester::FailureReportingMode::Fatal);
    const auto report = fixture().report;

    vertices.setReport(report, {});
    REQUIRE(vertices.rowCount() == 2);
    // Vertex type 0 runs in compute sets 0 and 2 (1 and 3 instances on each even tile).
    const int conv = findRow(vertices, QStringLiteral("poplin::ConvPartial1x1Out<half,float>"));
    REQUIRE(conv >= 0);
    REQUIRE(vertices.data(vertices.index(conv, VerticesModel::Instances), SortRole).toULongLong()
        == 16 * (1 + 3));
    REQUIRE(vertices.data(vertices.index(conv, VerticesModel::Tiles), SortRole).toULongLong() == 16);
    REQUIRE(vertices.data(vertices.index(conv, VerticesModel::ComputeSets), SortRole).toULongLong() == 2);
    REQUIRE(
        vertices.data(vertices.index(conv, VerticesModel::StateTotal), SortRole).toULongLong() == 64 * 64);

    vertices.setReport(report, { 1 }); // odd tiles hold no vertices
    REQUIRE(vertices.rowCount() == 0);
    vertices.setReport(report, { 0, 1, 2 });
    REQUIRE(vertices
                .data(vertices.index(findRow(vertices, QStringLiteral("popops::ScaledAdd<float>")),
                          VerticesModel::Instances),
                    SortRole)
                .toULongLong()
        == 2 * 2);

    computeSets.setReport(report, {});
    REQUIRE(computeSets.rowCount() == 3);
    computeSets.setReport(report, { 4 });
    REQUIRE(computeSets.rowCount() == 3);
    const int cs2 = findRow(computeSets, QStringLiteral("layer1/conv/cs2"));
    REQUIRE(
        computeSets.data(computeSets.index(cs2, ComputeSetsModel::Instances), SortRole).toULongLong() == 3);
    REQUIRE(computeSets.data(computeSets.index(cs2, ComputeSetsModel::StateBytes), SortRole).toULongLong()
        == 3 * 64);

    exchanges.setReport(report, {});
    REQUIRE(exchanges.rowCount() == 2);
    exchanges.setReport(report, { 1 });
    REQUIRE(exchanges.rowCount() == 1);
    REQUIRE(cell(exchanges, 0, ExchangesModel::Name) == QStringLiteral("layer1/conv/exchange"));
    REQUIRE(exchanges.data(exchanges.index(0, ExchangesModel::CodeBytes), SortRole).toULongLong() == 280);
    REQUIRE(cell(exchanges, 0, ExchangesModel::ExchangeKind) == QStringLiteral("internal"));
}

TEST_CASE("engine options model", "[models]")
{
    EngineOptionsModel model;
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    model.setOptions(fixture().report->summary.info.engineOptions);
    REQUIRE(model.rowCount() == 3);
    REQUIRE(cell(model, 0, 0) == QStringLiteral("autoReport.all"));
    REQUIRE(cell(model, 0, 1) == QStringLiteral("true"));
}

TEST_CASE("details tree: region, overlap and category per column", "[models]")
{
    DetailsModel model;
    Tester tester(&model, Tester::FailureReportingMode::Fatal);
    const auto report = fixture().report;
    const TileMemory& m = report->memory();
    model.setReport(report, {});
    REQUIRE(model.columnCount() == 2);
    const uint64_t allExcluding
        = std::accumulate(m.totalExcludingGaps.begin(), m.totalExcludingGaps.end(), uint64_t(0));
    REQUIRE(model.valueAt({ QStringLiteral("Memory excluding gaps") }) == int64_t(allExcluding));
    REQUIRE(model.valueAt({ QStringLiteral("Gaps") }) == 128 * 32);
    REQUIRE(model.valueAt({ QStringLiteral("Physical tile id") }) == -1); // only for single tiles

    model.setReport(report, { 5, 9 });
    REQUIRE(model.columnCount() == 4); // label, selection, tile 5, tile 9
    REQUIRE(model.headerData(2, Qt::Horizontal).toString() == QStringLiteral("Tile 5"));
    REQUIRE(model.valueAt({ QStringLiteral("Physical tile id") }, 1) == 4); // fixture swaps neighbours
    REQUIRE(
        model.valueAt({ QStringLiteral("Memory including gaps") }, 1) == int64_t(m.totalIncludingGaps[5]));
    const QStringList overlapped = { QStringLiteral("Memory excluding gaps"), QStringLiteral("Interleaved"),
        QStringLiteral("Overlapped"), QStringLiteral("Variables") };
    REQUIRE(model.valueAt(overlapped, 1) == 256);
    REQUIRE(model.valueAt(overlapped, 0) == 512);
    const QStringList vertexCode = { QStringLiteral("Memory excluding gaps"),
        QStringLiteral("Non-interleaved"), QStringLiteral("Not overlapped"), QStringLiteral("Vertex code") };
    // Tile 5 is on IPU 0; its vertex code is what the fixture wrote for it.
    const ProfileDocument doc = makeDocument({});
    const auto code = std::find_if(doc.memory.begin(), doc.memory.end(),
        [](const MemorySeries& s) { return s.ipu == 0 && s.category == "vertexCode" && !s.overlapped; });
    REQUIRE(code != doc.memory.end());
    REQUIRE(model.valueAt(vertexCode, 1) == int64_t(code->bytesByTile[5]));
    model.setUnit(MemoryUnit::Decimal);
    model.setReport(nullptr, {});
    REQUIRE(model.rowCount() == 0);
}

TEST_CASE("filter proxy filters any column and sorts by raw value", "[models]")
{
    VariablesModel model;
    model.setReport(fixture().report, {});
    TableFilterProxy proxy;
    proxy.setSourceModel(&model);
    Tester tester(&proxy, Tester::FailureReportingMode::Fatal);
    proxy.setFilterText(QStringLiteral("LAYER1/"));
    REQUIRE(proxy.rowCount() == 10);
    proxy.setFilterText(QStringLiteral("float"));
    const auto& variables = fixture().report->variables();
    const auto floats = std::count_if(
        variables.begin(), variables.end(), [](const VariableRow& v) { return v.elementType == "float"; });
    REQUIRE(floats == 14); // every third of the fixture's 40 variables
    REQUIRE(proxy.rowCount() == floats);
    proxy.setFilterText(QString());
    const auto requireDescending = [&proxy](int column) {
        REQUIRE(proxy.rowCount() > 1);
        for (int r = 1; r < proxy.rowCount(); ++r)
            REQUIRE(proxy.index(r - 1, column).data(SortRole).toULongLong()
                >= proxy.index(r, column).data(SortRole).toULongLong());
    };
    proxy.sort(VariablesModel::Size, Qt::DescendingOrder);
    requireDescending(VariablesModel::Size);
    // The proxy keeps one sort key a row: new rows (another scope) are sorted by their own numbers.
    proxy.sort(VariablesModel::BytesInScope, Qt::DescendingOrder);
    requireDescending(VariablesModel::BytesInScope);
    const QString largestOnAllTiles = proxy.index(0, VariablesModel::Name).data().toString();
    model.setReport(fixture().report, { 5, 6 });
    requireDescending(VariablesModel::BytesInScope);
    proxy.sort(VariablesModel::BytesInScope, Qt::AscendingOrder);
    for (int r = 1; r < proxy.rowCount(); ++r)
        REQUIRE(proxy.index(r - 1, VariablesModel::BytesInScope).data(SortRole).toULongLong()
            <= proxy.index(r, VariablesModel::BytesInScope).data(SortRole).toULongLong());
    model.setReport(fixture().report, {});
    proxy.sort(VariablesModel::BytesInScope, Qt::DescendingOrder);
    REQUIRE(proxy.index(0, VariablesModel::Name).data().toString() == largestOnAllTiles);
}

// One report's Variables in a table panel, shown (not compared).
struct SingleVariablesTable {
    VariablesModel source, target;
    TablePanel panel { nullptr, QStringLiteral("variables") };
    ComparedTable table { &source, &target, &panel, VariablesModel::BytesInScope };
    SingleVariablesTable()
    {
        table.beginUpdate(false);
        source.setReport(fixture().report, {});
        table.endUpdate(false);
    }
};

TEST_CASE(
    "a single Variables table opens in the model's order, largest first, and sorts on a click", "[models]")
{
    SingleVariablesTable shown;
    auto& [source, target, panel, table] = shown;
    TableFilterProxy* proxy = panel.proxy();
    REQUIRE(proxy->rowCount() == 40);
    // The model's rows came sorted: the proxy keeps them (no sort of its own), the header says so.
    CHECK(proxy->sortColumn() == -1);
    CHECK(panel.header()->sortIndicatorSection() == VariablesModel::BytesInScope);
    CHECK(panel.header()->sortIndicatorOrder() == Qt::DescendingOrder);
    const auto bytesAt = [proxy](int row) {
        return proxy->index(row, VariablesModel::BytesInScope).data(SortRole).toULongLong();
    };
    for (int r = 1; r < proxy->rowCount(); ++r)
        REQUIRE(bytesAt(r - 1) >= bytesAt(r));
    REQUIRE(bytesAt(0) > bytesAt(proxy->rowCount() - 1));
    // A click on the header sorts the other way through the proxy, and a new scope keeps that.
    panel.sortByColumn(VariablesModel::BytesInScope, Qt::AscendingOrder);
    for (int r = 1; r < proxy->rowCount(); ++r)
        REQUIRE(bytesAt(r - 1) <= bytesAt(r));
    table.beginUpdate(false);
    source.setReport(fixture().report, { 5, 6 });
    table.endUpdate(false);
    REQUIRE(proxy->rowCount() > 1);
    CHECK(proxy->sortColumn() == VariablesModel::BytesInScope);
    for (int r = 1; r < proxy->rowCount(); ++r)
        REQUIRE(bytesAt(r - 1) <= bytesAt(r));

    // A comparison's side keeps the report's order: matchRows pairs repeated names in that order.
    table.beginUpdate(true);
    source.setReport(fixture().report, {});
    target.setReport(fixture().report, {});
    table.endUpdate(true);
    CHECK(source.presortedColumn() == -1);
    for (int row = 0; row < source.rowCount(); ++row)
        REQUIRE(source.variableIndexAt(row) == row);
}

TEST_CASE("a renewed table view keeps its columns, sorting, selection and actions", "[models]")
{
    SingleVariablesTable shown;
    TablePanel& panel = shown.panel;
    QAbstractItemView* old = panel.view();
    REQUIRE(qobject_cast<QTableView*>(old)); // a flat table: no row layout kept per row
    panel.sortByColumn(VariablesModel::Name, Qt::AscendingOrder);
    panel.header()->setSectionHidden(VariablesModel::Tiles, true);
    old->setSelectionMode(QAbstractItemView::SingleSelection);
    const int actions = int(old->actions().size());

    panel.renewView();
    QAbstractItemView* renewed = panel.view();
    REQUIRE(renewed != old);
    CHECK(qobject_cast<QTableView*>(renewed));
    CHECK(renewed->model() == panel.proxy());
    CHECK(panel.isSortingEnabled());
    CHECK(panel.header()->sortIndicatorSection() == VariablesModel::Name);
    CHECK(panel.header()->sortIndicatorOrder() == Qt::AscendingOrder);
    CHECK(panel.header()->isSectionHidden(VariablesModel::Tiles));
    CHECK(renewed->selectionMode() == QAbstractItemView::SingleSelection);
    CHECK(int(renewed->actions().size()) == actions); // Copy and Export CSV…
    // The rows still come through it, sorted by the name the header shows.
    REQUIRE(panel.visibleRows() == 40);
    CHECK(panel.proxy()->sortColumn() == VariablesModel::Name);
    CHECK(panel.proxy()->sortOrder() == Qt::AscendingOrder);
}

TEST_CASE("a flat table moves like a tree: Home and End go to the first and last row, Left and Right "
          "scroll sideways",
    "[models]")
{
    SingleVariablesTable shown;
    TablePanel& panel = shown.panel;
    panel.resize(320, 240); // narrower than the columns: a sideways scroll bar
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    QAbstractItemView* view = panel.view();
    view->setFocus();
    view->setCurrentIndex(panel.proxy()->index(5, 0));
    QTest::keyClick(view, Qt::Key_End);
    CHECK(view->currentIndex().row() == panel.proxy()->rowCount() - 1);
    QTest::keyClick(view, Qt::Key_Home);
    CHECK(view->currentIndex().row() == 0);
    QScrollBar* sideways = view->horizontalScrollBar();
    REQUIRE(sideways->maximum() > 0);
    const QModelIndex current = view->currentIndex();
    QTest::keyClick(view, Qt::Key_Right);
    CHECK(sideways->value() > 0);
    CHECK(view->currentIndex() == current); // the row stays selected, no cell walk
    QTest::keyClick(view, Qt::Key_Left);
    CHECK(sideways->value() == 0);
}

TEST_CASE("CSV export writes raw numbers, quotes and flattens trees", "[models]")
{
    REQUIRE(CsvExporter::escape(QStringLiteral("a,b")) == QStringLiteral("\"a,b\""));
    REQUIRE(CsvExporter::escape(QStringLiteral("say \"hi\"")) == QStringLiteral("\"say \"\"hi\"\"\""));
    VariablesModel model;
    model.setReport(fixture().report, {});
    const QString csv = CsvExporter::toCsv(model);
    const QStringList lines = csv.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    REQUIRE(lines.size() == 41);
    REQUIRE(lines[0].startsWith(QStringLiteral("Name,Category,Element type,Size (bytes)")));
    const VariableRow v = *model.variableAt(0); // the largest: the model's rows come sorted
    REQUIRE(lines[1].startsWith(QString::fromStdString(std::string(v.name)) + QLatin1Char(',')));
    REQUIRE(lines[1].contains(QStringLiteral(",%1,").arg(v.sizeBytes)));

    DetailsModel details;
    details.setReport(fixture().report, {});
    const QString tree = CsvExporter::toCsv(details);
    REQUIRE(
        tree.contains(QStringLiteral("Memory excluding gaps > Interleaved > Overlapped > Variables,8192")));

    TempDir dir;
    QString error;
    REQUIRE(CsvExporter::writeFile(model, QString::fromStdString(dir.file("vars.csv")), &error));
    REQUIRE(!CsvExporter::writeFile(model, QStringLiteral("/nonexistent-dir/x.csv"), &error));
    REQUIRE(error.contains(QStringLiteral("/nonexistent-dir/x.csv")));
}

TEST_CASE("memory series per breakdown sum to the tile totals", "[models]")
{
    const TileMemory& m = fixture().report->memory();
    for (auto breakdown : { MemoryBreakdown::None, MemoryBreakdown::Category, MemoryBreakdown::Region }) {
        const MemorySeriesSet set = buildMemorySeries(m, breakdown, false);
        REQUIRE(set.total == m.totalExcludingGaps);
        const MemorySeriesSet gaps = buildMemorySeries(m, breakdown, true);
        REQUIRE(gaps.total == m.totalIncludingGaps);
    }
    REQUIRE(buildMemorySeries(m, MemoryBreakdown::Category, false).series.size() == m.categories.size());
    const auto order = tileDisplayOrder(m, TileOrder::Physical, 1);
    REQUIRE(order.size() == 16);
    REQUIRE(order[0] == 17); // physical id 16 is tile 17 (neighbours swapped)
    REQUIRE(tileDisplayOrder(m, TileOrder::Software, -1).size() == 32);
}

TEST_CASE("insights: fit, top tiles, histogram, largest items, tips", "[models]")
{
    GuiFixture over(FixtureOptions { .overCapacityTile = true });
    const InsightsAnalysis d = analyseInsights(*over.report->core);
    REQUIRE(!d.fits);
    REQUIRE(d.tilesOverCapacity == 1);
    REQUIRE(d.topTiles.size() == 5);
    REQUIRE(d.topTiles[0].tile == 3);
    REQUIRE(d.topTiles[0].bytes >= d.topTiles[1].bytes);
    REQUIRE(std::accumulate(d.bucketCount.begin(), d.bucketCount.end(), 0u) == 32);
    REQUIRE(d.model.variables.size() == 10);
    REQUIRE(d.model.variables[0].bytes >= d.model.variables[1].bytes);
    // Vertex type 0 runs in cs0 (1 instance) and cs2 (3 instances) on every other of 32 tiles,
    // 64 bytes of state each: the largest state in the model.
    REQUIRE(d.model.vertexState.bytes == (16 * 1 + 16 * 3) * 64);
    REQUIRE(d.model.vertexState.name == "poplin::ConvPartial1x1Out<half,float>");
    REQUIRE(d.tile.title == "Tile 3 (most used)");
    REQUIRE(!d.tips.empty());
    REQUIRE(QString::fromStdString(formatTip(d.tips[0], MemoryUnit::Binary))
                .startsWith(QStringLiteral("1 tile needs")));

    const InsightsAnalysis fits = analyseInsights(*fixture().report->core);
    REQUIRE(fits.fits);
}

TEST_CASE("report state keeps a sorted selection and clamps zoom", "[models]")
{
    ReportState state;
    QSignalSpy selection(&state, &ReportState::selectionChanged);
    state.setReport(fixture().report);
    state.setSelectedTiles({ 9, 3, 3, 40 }); // the report has 32 tiles: 40 is dropped
    REQUIRE(state.selectedTiles() == std::vector<uint32_t> { 3, 9 });
    state.toggleTile(9);
    state.toggleTile(1);
    state.toggleTile(32); // out of range: ignored, no signal
    REQUIRE(state.selectedTiles() == std::vector<uint32_t> { 1, 3 });
    // Set, toggle, toggle: setReport with nothing selected and the ignored toggle do not signal.
    REQUIRE(selection.count() == 3);
    GuiFixture small(FixtureOptions { .tilesPerIpu = 1 }); // 2 IPUs x 1 tile
    state.setReport(small.report); // a smaller report drops tiles it does not have, and says so
    REQUIRE(state.selectedTiles() == std::vector<uint32_t> { 1 });
    REQUIRE(selection.count() == 4);
    state.setZoomExtent(32);
    state.setZoom(TileWindow { 30, 10 });
    REQUIRE(state.zoom().first + state.zoom().count <= 32.0);
}

TEST_CASE("remote folders: the folder an address lists, its host and its parent", "[models][remote-folder]")
{
    CHECK(remoteFolderPrefix(QStringLiteral("ssh://ann@ipu1:2222/data/run/a.pop"))
        == QStringLiteral("ssh://ann@ipu1:2222/data/run/"));
    CHECK(remoteFolderPrefix(QStringLiteral("ipu1:/data/")) == QStringLiteral("ipu1:/data/"));
    CHECK(remoteFolderPrefix(QStringLiteral("ipu1:a.pop")).isEmpty()); // the home folder's file: no slash
    CHECK(remoteFolderPrefix(QStringLiteral("/local/file.pop")).isEmpty());
    CHECK(remoteFolderPrefix(QStringLiteral("ssh://")).isEmpty());

    const auto folder = remoteFolderOf(QStringLiteral("ssh://ann@ipu1:2222/data/run/"));
    REQUIRE(folder);
    CHECK(folder->path == "/data/run/");
    CHECK(folder->hostAddress.host == "ipu1");
    CHECK(folder->hostAddress.path.empty());
    CHECK(folder->host.contains(QStringLiteral("ipu1")));
    CHECK(remoteFolderOf(QStringLiteral("ipu1:/")).value().path == "/");
    CHECK(remoteFolderOf(QStringLiteral("ipu1:")).value().path.empty()); // the home folder lists "."
    CHECK(remoteFolderPrefix(QStringLiteral("ssh://ipu1/")) == QStringLiteral("ssh://ipu1/"));
    CHECK(!remoteFolderOf(QString()));

    CHECK(remoteParentFolder(QStringLiteral("ipu1:/data/run/")) == QStringLiteral("ipu1:/data/"));
    CHECK(remoteParentFolder(QStringLiteral("ssh://ipu1/data/")) == QStringLiteral("ssh://ipu1/"));
    CHECK(remoteParentFolder(QStringLiteral("ssh://ipu1/")).isEmpty());
    CHECK(remoteParentFolder(QStringLiteral("ipu1:/")).isEmpty());
}
