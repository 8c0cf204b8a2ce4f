// The shell's pieces every page shares: a legend key hides and shows its series on click, every
// navigation strip takes a typed magnification, Recent keeps 64 reports (ten in the menu with
// their digits, the rest under More), and a recent report that has moved can be located.
#include "app/main_window.hpp"
#include "app/open_error_dialog.hpp"
#include "app/recent_files.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/programs/program_tree_model.hpp"
#include "views/liveness/liveness_page.hpp"
#include "views/liveness/liveness_plot.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/memory_page.hpp"
#include "views/memory/overview_strip.hpp"
#include "views/programs/program_tree_page.hpp"
#include "views/widgets/chart_legend.hpp"
#include "views/widgets/magnification_edit.hpp"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <catch2/catch.hpp>

#include <filesystem>
#include <numeric>

using namespace popscope;

TEST_CASE("a Memory legend key hides its series on click and shows it on a second", "[shell][legend][gui]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    REQUIRE(openReports(window, QString::fromUtf8(POPSCOPE_DEMO_PROFILE)));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryChart* chart = window.memoryPage()->chart();
    const MemoryChartScene scene = chart->scene();
    const std::vector<LegendItem> legend = MemoryChartRenderer::legendItems(scene, chart->palette());
    const auto variables = std::find_if(legend.begin(), legend.end(),
        [](const LegendItem& item) { return item.key == QStringLiteral("variable"); });
    REQUIRE(variables != legend.end());
    // The variables' bytes over every tile, as the chart stacks them.
    const auto variableBytes = [chart] {
        for (const MemorySeries1D& s : chart->seriesSet().series)
            if (s.key == QStringLiteral("variable"))
                return std::accumulate(s.bytesByTile.begin(), s.bytesByTile.end(), uint64_t(0));
        return uint64_t(0);
    };
    const uint64_t before = chart->seriesSet().maxTotal;
    REQUIRE(variableBytes() > 0);
    const QRect key = ChartLegend::itemRects(
        chart->rect(), scene.title, legend, chart->fontMetrics())[size_t(variables - legend.begin())];
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, key.center());
    CHECK(chart->isSeriesHidden(QStringLiteral("variable")));
    CHECK(variableBytes() == 0);
    CHECK(chart->seriesSet().maxTotal < before);
    const auto hiddenLegend = MemoryChartRenderer::legendItems(chart->scene(), chart->palette());
    CHECK(std::find_if(hiddenLegend.begin(), hiddenLegend.end(), [](const LegendItem& item) {
        return item.key == QStringLiteral("variable") && item.hidden;
    }) != hiddenLegend.end()); // still listed, struck through
    CHECK(window.state()->selectedTiles().empty()); // a key's click selects no tile
    QTest::mouseClick(chart, Qt::LeftButton, Qt::NoModifier, key.center());
    CHECK_FALSE(chart->isSeriesHidden(QStringLiteral("variable")));
    CHECK(chart->seriesSet().maxTotal == before);
}

TEST_CASE("a typed magnification takes numbers, × and percentages of at least 1", "[shell][magnification]")
{
    CHECK(MagnificationEdit::parse(QStringLiteral("8")) == 8.0);
    CHECK(MagnificationEdit::parse(QStringLiteral(" 8x ")) == 8.0);
    CHECK(MagnificationEdit::parse(QStringLiteral("×2.5")) == 2.5);
    CHECK(MagnificationEdit::parse(QStringLiteral("800%")) == 8.0);
    CHECK(MagnificationEdit::parse(QStringLiteral("1")) == 1.0);
    CHECK_FALSE(MagnificationEdit::parse(QStringLiteral("0.5")));
    CHECK_FALSE(MagnificationEdit::parse(QStringLiteral("50%")));
    CHECK_FALSE(MagnificationEdit::parse(QStringLiteral("zoom")));
    CHECK_FALSE(MagnificationEdit::parse(QString()));
}

TEST_CASE("the Memory strip's magnification zooms the chart around its centre and shows the zoom",
    "[shell][magnification][gui]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    REQUIRE(openReports(window, QString::fromUtf8(POPSCOPE_DEMO_PROFILE)));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    OverviewStrip* strip = nullptr; // the Total graph's (the Variables graph has its own)
    for (auto* candidate : window.memoryPage()->findChildren<OverviewStrip*>())
        if (candidate->isVisible())
            strip = candidate;
    REQUIRE(strip);
    MagnificationEdit* edit = strip->magnification();
    strip->repaint(); // places it in the gutter and shows the zoom
    CHECK(edit->isVisible());
    CHECK(edit->text() == QStringLiteral("×1.0"));
    const double extent = window.state()->zoomExtent();
    edit->setFocus();
    edit->setText(QStringLiteral("8"));
    QTest::keyClick(edit, Qt::Key_Return);
    const TileWindow zoom = window.state()->zoom();
    CHECK(zoom.count == Approx(extent / 8));
    CHECK(zoom.first + zoom.count / 2 == Approx(extent / 2));
    strip->repaint();
    CHECK(edit->text() == QStringLiteral("×8.0"));
    edit->setFocus();
    edit->setText(QStringLiteral("half"));
    QTest::keyClick(edit, Qt::Key_Return);
    CHECK(window.state()->zoom().count == Approx(extent / 8)); // refused: the zoom stays
}

TEST_CASE("Recent keeps 64 reports, and a moved one is located in its place", "[shell][recent][gui]")
{
    RecentFiles recent;
    for (int i = 0; i < 70; ++i)
        recent.addReport(QStringLiteral("/reports/r%1.pop").arg(i));
    REQUIRE(recent.reports().size() == RecentFiles::kMaxEntries);
    CHECK(RecentFiles::kMaxEntries == 64);
    CHECK(recent.reports().front() == QStringLiteral("/reports/r69.pop"));

    test::TempDir dir;
    const QString moved = QString::fromStdString(test::writeValidProfile(dir, "moved.pop"));
    const QString gone = QStringLiteral("/reports/r60.pop"); // missing on this machine
    const qsizetype place = recent.reports().indexOf(gone);
    REQUIRE(place >= 0);
    QTimer clicker;
    clicker.setInterval(30);
    QObject::connect(&clicker, &QTimer::timeout, [] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
            for (QAbstractButton* button : box->buttons())
                if (button->text() == QStringLiteral("Locate…"))
                    button->click();
    });
    clicker.start();
    QString asked;
    const QString located = showOpenErrorDialog(
        nullptr, gone, QStringLiteral("file not found"), &recent, [&](const QString& missing) {
            asked = missing;
            return moved;
        });
    clicker.stop();
    CHECK(asked == gone);
    CHECK(located == moved);
    CHECK(recent.reports().indexOf(moved) == place); // in the old entry's place
    CHECK_FALSE(recent.reports().contains(gone));
}

TEST_CASE(
    "File > Open Recent numbers the ten newest reports and lists the rest under More", "[shell][recent][gui]")
{
    MainWindow window;
    window.setInteractive(false);
    for (int i = 0; i < 15; ++i)
        window.recentFiles()->addReport(QStringLiteral("/reports/r%1.pop").arg(i));
    QMenu* menu = window.recentMenu();
    REQUIRE(menu);
    const QList<QAction*> actions = menu->actions();
    CHECK(actions[0]->text().startsWith(QStringLiteral("&1  r14.pop")));
    QMenu* more = nullptr;
    for (QAction* action : actions)
        if (action->menu())
            more = action->menu();
    REQUIRE(more);
    CHECK(more->actions().size() == 5);
    CHECK(more->actions().back()->text() == QStringLiteral("r0.pop"));
}

TEST_CASE("the Program Tree keeps each report's search, match and selection for when it shows again",
    "[shell][program-tree][gui]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    const QString demo = QString::fromUtf8(POPSCOPE_DEMO_PROFILE);
    REQUIRE(openReports(window, demo));
    REQUIRE(showPageAndWait(window, page_ids::programTree));
    auto* tree = qobject_cast<ProgramTreePage*>(window.page(page_ids::programTree));
    REQUIRE(tree);
    tree->searchEdit()->setText(QStringLiteral("conv"));
    tree->findNext();
    tree->findNext();
    const QString status = tree->searchStatus()->text();
    REQUIRE(status.startsWith(QStringLiteral("2 of ")));
    const int64_t selected = tree->model()->programAt(tree->view()->currentIndex());
    REQUIRE(selected >= 0);

    REQUIRE(openReports(window, test::sampleProfile("batch-4.pop")));
    REQUIRE(showPageAndWait(window, page_ids::programTree));
    CHECK(tree->searchEdit()->text().isEmpty()); // another report: its own (empty) search

    REQUIRE(openReports(window, demo));
    REQUIRE(showPageAndWait(window, page_ids::programTree));
    CHECK(tree->searchEdit()->text() == QStringLiteral("conv"));
    CHECK(tree->searchStatus()->text() == status);
    CHECK(tree->model()->programAt(tree->view()->currentIndex()) == selected);
    tree->findNext(); // the next match follows from where it was
    CHECK(tree->searchStatus()->text().startsWith(QStringLiteral("3 of ")));
}

TEST_CASE("the Liveness plot's always-live key hides and shows the always-live bytes, as its menu does",
    "[shell][legend][liveness][gui]")
{
    test::ShownWindow shown;
    MainWindow& window = shown.window;
    REQUIRE(openReports(window, QString::fromUtf8(POPSCOPE_DEMO_PROFILE)));
    REQUIRE(showPageAndWait(window, page_ids::liveness));
    auto* page = qobject_cast<LivenessPage*>(window.page(page_ids::liveness));
    LivenessPlot* plot = page->plot();
    REQUIRE(plot->includeAlwaysLive());
    const std::vector<uint32_t> selected = plot->selectedSteps();
    const auto clickAlwaysLive = [plot] {
        const LivenessPlotScene scene = plot->scene();
        const auto legend = LivenessPlotRenderer::legendItems(scene, plot->palette());
        REQUIRE(legend.front().key == QStringLiteral("alwaysLive"));
        const QRect key
            = ChartLegend::itemRects(plot->rect(), scene.title, legend, plot->fontMetrics()).front();
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, key.center());
    };
    clickAlwaysLive();
    CHECK_FALSE(plot->includeAlwaysLive());
    CHECK(LivenessPlotRenderer::legendItems(plot->scene(), plot->palette()).front().hidden); // struck through
    CHECK(plot->selectedSteps() == selected); // a key's click selects no step
    clickAlwaysLive();
    CHECK(plot->includeAlwaysLive());
}
