// Drives the real window offscreen: open a profile, switch reports, select tiles, check tables.
#include "app/app_options.hpp"
#include "app/main_window.hpp"
#include "app/report_sidebar.hpp"
#include "app/start_page.hpp"
#include "gui_fixture.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/variables_model.hpp"
#include "models/report_loader.hpp"
#include "popscope/profile.hpp"
#include "popscope/summary_figures.hpp"
#include "views/insights/insights_page.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/memory_page.hpp"
#include "views/summary/summary_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

namespace {

bool openAndWait(MainWindow& window, const QString& path)
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openFile(path);
    for (int i = 0; i < 100 && opened.isEmpty() && failed.isEmpty(); ++i)
        opened.wait(100);
    return !opened.isEmpty();
}

} // namespace

TEST_CASE("the window opens a profile, shows Memory and follows a tile selection", "[window]")
{
    GuiFixture f;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1280, 800);
    window.show();
    REQUIRE(window.isShowingStartPage());
    REQUIRE(openAndWait(window, QString::fromStdString(f.path)));
    REQUIRE(!window.isShowingStartPage());
    REQUIRE(window.currentPage() == page_ids::summary);
    REQUIRE(window.windowTitle().startsWith(QStringLiteral("fixture.pop")));
    REQUIRE(window.summaryPage()->fieldText(QStringLiteral("Tiles per IPU")) == QStringLiteral("16"));
    REQUIRE(window.summaryPage()->fieldText(QStringLiteral("Architecture")) == QStringLiteral("Mk2"));
    REQUIRE(window.summaryPage()->engineOptions()->visibleRows() == 3);
    // The page shows every figure of the one summary table the CLI prints, as the table says it
    // (an IPU's row shows the first of its figure's words; the banner shows Fits).
    const ProfileSummary summary = querySummary(*Profile::open(f.path));
    for (const SummaryFigure& figure : summaryFigures(summary)) {
        INFO(figure.section << " / " << figure.label);
        const QString shown = window.summaryPage()->figureShown(figure.key);
        const QString text = QString::fromStdString(figureText(figure, window.state()->unit()));
        REQUIRE(!shown.isEmpty());
        if (figure.label != "Fits")
            REQUIRE((shown == text || text.startsWith(shown + QLatin1Char(' '))));
    }

    // Reports not built yet cannot be shown.
    REQUIRE(window.sidebar()->isAvailable(page_ids::executionTrace));

    REQUIRE(showPageAndWait(window, page_ids::memory));
    REQUIRE(window.currentPage() == page_ids::memory);
    MemoryPage* memory = window.memoryPage();
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables)); // read when its tab is shown
    TablePanel* variables = memory->panel(MemoryTab::Variables);
    REQUIRE(variables->visibleRows() == 40);

    // Type a selection: the tables narrow down and Details gets a column per tile.
    REQUIRE(memory->applyTileText(QStringLiteral("0, 5, 6-7")));
    REQUIRE(window.state()->selectedTiles() == std::vector<uint32_t> { 0, 5, 6, 7 });
    REQUIRE(memory->detailsModel()->columnCount() == 1 + 1 + 4);
    const auto report = window.state()->report();
    uint64_t expected = 0;
    for (uint32_t t : { 0u, 5u, 6u, 7u })
        expected += report->memory().totalIncludingGaps[t];
    REQUIRE(
        memory->detailsModel()->valueAt({ QStringLiteral("Memory including gaps") }, 0) == int64_t(expected));
    int onSelection = 0;
    for (const VariableRow v : report->variables())
        for (const TileBytes& tb : v.tiles)
            if (tb.tile == 0 || (tb.tile >= 5 && tb.tile <= 7)) {
                ++onSelection;
                break;
            }
    REQUIRE(variables->visibleRows() == onSelection);
    REQUIRE(memory->tileEdit()->text() == QStringLiteral("0, 5-7"));

    // The filter box narrows the table further.
    variables->filterEdit()->setText(QStringLiteral("no-such-variable"));
    REQUIRE(variables->visibleRows() == 0);
    variables->filterEdit()->clear();

    // Bad input is reported and leaves the selection alone.
    REQUIRE(!memory->applyTileText(QStringLiteral("3, 999")));
    REQUIRE(memory->tileError().contains(QStringLiteral("999")));
    REQUIRE(window.state()->selectedTiles().size() == 4);

    // Clicking a bar selects its tile; Shift-click adds one.
    MemoryChart* chart = memory->chart();
    QTest::qWait(50);
    const QRect plot = MemoryChartRenderer::plotRect(chart->scene(), chart->rect(), chart->fontMetrics());
    const QPoint tile2(plot.left() + int(plot.width() * (2.5 / 32.0)), plot.center().y());
    REQUIRE(chart->tileAt(tile2) == 2);
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, tile2);
    REQUIRE(window.state()->selectedTiles() == std::vector<uint32_t> { 2 });
    const QPoint tile10(plot.left() + int(plot.width() * (10.5 / 32.0)), plot.center().y());
    QTest::mouseClick(chart, Qt::LeftButton, Qt::ShiftModifier, tile10);
    REQUIRE(window.state()->selectedTiles() == std::vector<uint32_t> { 2, 10 });
    REQUIRE(chart->tileToolTip(10).contains(QStringLiteral("Tile 10")));

    // Wheel zoom around the cursor keeps that tile under it.
    const TileWindow before = window.state()->zoom();
    QWheelEvent wheel(QPointF(tile10), chart->mapToGlobal(QPointF(tile10)), QPoint(), QPoint(0, 240),
        Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(chart, &wheel);
    REQUIRE(window.state()->zoom().count < before.count);
    REQUIRE(chart->tileAt(tile10) == 10);

    // The chart saves as PNG and SVG.
    TempDir out;
    QString error;
    REQUIRE(chart->saveImage(QString::fromStdString(out.file("chart.png")), &error));
    REQUIRE(chart->saveImage(QString::fromStdString(out.file("chart.svg")), &error));
    REQUIRE(readBytes(out.file("chart.svg")).find("<svg") != std::string::npos);

    // Insights: the top tile click lands in Memory with that tile selected.
    REQUIRE(showPageAndWait(window, page_ids::insights));
    REQUIRE(window.insightsPage()->data().topTiles.size() == 5);
    emit window.insightsPage()->showTile(7);
    REQUIRE(window.currentPage() == page_ids::memory);
    REQUIRE(window.state()->selectedTiles() == std::vector<uint32_t> { 7 });

    // Units follow the preference everywhere.
    window.state()->setUnit(MemoryUnit::Bytes);
    REQUIRE(
        window.summaryPage()->fieldText(QStringLiteral("Memory per tile")) == QStringLiteral("638,976 B"));

    // Reload keeps the page and the selection; Close goes back to the start page.
    QSignalSpy reopened(&window, &MainWindow::reportOpened);
    window.reload();
    REQUIRE(reopened.wait(5000));
    REQUIRE(window.currentPage() == page_ids::memory);
    REQUIRE(window.state()->selectedTiles() == std::vector<uint32_t> { 7 });
    window.closeReport();
    REQUIRE(window.isShowingStartPage());
    REQUIRE(window.state()->report() == nullptr);
    // The file is now in the recent list on the start page.
    REQUIRE(window.startPage()->recentReports()->count() >= 1);
}

TEST_CASE("opening a broken file reports the file and the problem", "[window]")
{
    TempDir dir;
    const std::string bad = dir.file("not-a-profile.pop");
    writeBytes(bad, "this is not an SQLite database, just text");
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openFile(QString::fromStdString(bad));
    REQUIRE(failed.wait(5000));
    const QString message = failed.first().at(1).toString();
    REQUIRE(message.contains(QStringLiteral("not-a-profile.pop")));
    REQUIRE(message.size() > QString::fromStdString(bad).size() + 5);
    REQUIRE(window.isShowingStartPage());

    window.openFile(QString::fromStdString(dir.file("missing.pop")));
    REQUIRE(failed.wait(5000));
    REQUIRE(failed.last().at(1).toString().contains(QStringLiteral("missing.pop")));
}

TEST_CASE("the loader can be cancelled and reports stages", "[window]")
{
    GuiFixture f;
    ReportLoader loader;
    QSignalSpy loaded(&loader, &ReportLoader::loaded);
    QSignalSpy cancelled(&loader, &ReportLoader::cancelled);
    QSignalSpy progress(&loader, &ReportLoader::progress);
    loader.start(QString::fromStdString(f.path));
    loader.cancel(); // the worker may have finished already; its result is still not delivered
    // Cancel is final even when the worker finishes first: one `cancelled`, never a report.
    REQUIRE(cancelled.count() == 1);
    REQUIRE(cancelled.first().at(0).toString() == QString::fromStdString(f.path));
    REQUIRE(!loader.isRunning());
    QTest::qWait(300);
    REQUIRE(loaded.isEmpty());
    REQUIRE(cancelled.count() == 1);
    loader.cancel(); // nothing running: no second signal
    REQUIRE(cancelled.count() == 1);

    loader.start(QString::fromStdString(f.path));
    REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.count() == 1);
    REQUIRE(cancelled.count() == 1);
    REQUIRE(!progress.isEmpty());
}

TEST_CASE("command line options", "[window]")
{
    const QString app = QStringLiteral("popscope");
    AppOptions o = parseAppOptions({ app, QStringLiteral("x.pop"), QStringLiteral("--page"),
        QStringLiteral("Memory"), QStringLiteral("--size"), QStringLiteral("1024x640"),
        QStringLiteral("--select"), QStringLiteral("0-3") });
    REQUIRE(o.error.isEmpty());
    REQUIRE(o.file == QStringLiteral("x.pop"));
    REQUIRE(o.page == QStringLiteral("Memory"));
    REQUIRE(o.size == QSize(1024, 640));
    REQUIRE(o.select == QStringLiteral("0-3"));
    REQUIRE(parseAppOptions({ app, QStringLiteral("--demo") }).demo);
    REQUIRE(!parseAppOptions({ app, QStringLiteral("--size"), QStringLiteral("big") }).error.isEmpty());
    REQUIRE(!parseAppOptions({ app, QStringLiteral("a.pop"), QStringLiteral("b.pop") }).error.isEmpty());
}

TEST_CASE("a report opens on the last page used, and a comparison on its own last page", "[window]")
{
    GuiFixture f;
    const QString path = QString::fromStdString(f.path);
    const auto compareAndWait = [&](MainWindow& window) {
        QSignalSpy opened(&window, &MainWindow::reportOpened);
        window.compareFiles(path, path);
        return opened.wait(10000);
    };
    {
        MainWindow window;
        window.setInteractive(false);
        REQUIRE(openAndWait(window, path));
        REQUIRE(window.currentPage() == page_ids::summary); // nothing used yet
        REQUIRE(showPageAndWait(window, page_ids::liveness));
    }
    {
        MainWindow window;
        window.setInteractive(false);
        REQUIRE(compareAndWait(window));
        REQUIRE(window.currentPage() == page_ids::whatChanged); // the first comparison
        REQUIRE(showPageAndWait(window, page_ids::memory));
    }
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openAndWait(window, path));
    CHECK(window.currentPage() == page_ids::liveness);
    window.closeReport();
    REQUIRE(compareAndWait(window));
    CHECK(window.currentPage() == page_ids::memory);
}
