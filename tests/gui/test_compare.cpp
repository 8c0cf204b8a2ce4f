// Compare mode in the real window: batch-4.pop against batch-8.pop (sample profiles built by the
// simulator). What changed and the Memory tables must show what core reads from the two files.
#include "app/compare_bar.hpp"
#include "app/compare_dialog.hpp"
#include "app/main_window.hpp"
#include "app/page_registry.hpp"
#include "app/report_sidebar.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/compare_colors.hpp"
#include "models/compare_table_model.hpp"
#include "models/item_roles.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/variables_model.hpp"
#include "models/report_session.hpp"
#include "models/summary/summary_figures_model.hpp"
#include "models/table_filter_proxy.hpp"
#include "models/what_changed/change_lines_model.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/memory_page.hpp"
#include "views/summary/summary_compare_page.hpp"
#include "views/what_changed/what_changed_page.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/tab_key.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBrush>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDropEvent>
#include <QListWidget>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>
#include <QUrl>

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

std::map<std::string, uint64_t> variableSizes(const QString& path)
{
    std::map<std::string, uint64_t> sizes;
    for (const Variable& v : Profile::open(path.toStdString())->readVariables(false))
        sizes[v.name] += v.sizeBytes;
    return sizes;
}

struct OpenPair {
    MainWindow window;
    QString source = sampleProfile("batch-4.pop"), target = sampleProfile("batch-8.pop");
    OpenPair()
    {
        REQUIRE(std::filesystem::exists(source.toStdString()));
        REQUIRE(std::filesystem::exists(target.toStdString()));
        window.setInteractive(false);
        window.resize(1400, 900);
        REQUIRE(openReports(window, source, target));
    }
    WhatChangedPage* whatChanged()
    {
        return qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    }
};

} // namespace

TEST_CASE("compare mode: the window names both files and opens What changed", "[compare]")
{
    OpenPair pair;
    MainWindow& w = pair.window;
    REQUIRE(w.state()->isComparing());
    REQUIRE(w.state()->report()->path == pair.source);
    REQUIRE(w.state()->comparedReport()->path == pair.target);
    REQUIRE(w.windowTitle() == QStringLiteral("batch-4.pop → batch-8.pop — popscope"));
    REQUIRE(w.compareBar()->isVisibleTo(&w));
    REQUIRE(w.compareBar()->text() == QStringLiteral("batch-4.pop → batch-8.pop"));
    REQUIRE(w.sidebar()->filesText() == QStringLiteral("Source: batch-4.pop\nTarget: batch-8.pop"));
    REQUIRE(w.currentPage() == page_ids::whatChanged);
    REQUIRE(w.sidebar()->isAvailable(page_ids::whatChanged));

    // The first line is the total memory, as core's summary reads it from each file.
    WhatChangedPage* page = pair.whatChanged();
    if (!page->comparison())
        REQUIRE(QSignalSpy(page, &WhatChangedPage::ready).wait(20000));
    const ProfileSummary a = querySummary(*Profile::open(pair.source.toStdString()));
    const ProfileSummary b = querySummary(*Profile::open(pair.target.toStdString()));
    ChangeLinesModel* lines = page->model();
    QAbstractItemModelTester tester(lines, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(lines->rowCount() > 3);
    REQUIRE(lines->line(0).sourceValue == int64_t(a.totalUsedIncludingGaps));
    REQUIRE(lines->line(0).targetValue == int64_t(b.totalUsedIncludingGaps));
    REQUIRE(b.totalUsedIncludingGaps > a.totalUsedIncludingGaps); // batch 8 holds more activations
    const QModelIndex diff = lines->index(0, ChangeLinesModel::Diff);
    REQUIRE(diff.data(SortRole).toLongLong() == int64_t(b.totalUsedIncludingGaps - a.totalUsedIncludingGaps));
    REQUIRE(diff.data().toString().startsWith(QStringLiteral("+")));
    REQUIRE(diff.data(Qt::ForegroundRole).value<QBrush>().color() == CompareColors::worse());
}

TEST_CASE("compare mode: the Variables table shows Source, Target and Diff of each variable", "[compare]")
{
    OpenPair pair;
    REQUIRE(showPageAndWait(pair.window, page_ids::memory));
    MemoryPage* memory = pair.window.memoryPage();
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables));
    ComparedTable* table = memory->comparedTable(MemoryTab::Variables);
    REQUIRE(table->isComparing());
    REQUIRE(table->panel()->sourceModel() == table->compare());
    CompareTableModel* model = table->compare();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);

    // Expected, from the files alone: the variable that grew most, and one on one side only.
    const auto a = variableSizes(pair.source), b = variableSizes(pair.target);
    std::string grown;
    int64_t grownBy = 0;
    for (const auto& [name, size] : b)
        if (auto it = a.find(name); it != a.end() && int64_t(size) - int64_t(it->second) > grownBy) {
            grownBy = int64_t(size) - int64_t(it->second);
            grown = name;
        }
    REQUIRE(grownBy > 0);
    size_t matched = 0;
    for (const auto& entry : a)
        matched += b.count(entry.first);
    REQUIRE(size_t(model->rowCount()) == a.size() + b.size() - matched);

    // Rows start ordered by |Diff|: the most grown variable is first unless one moved more.
    const int bytes = VariablesModel::BytesInScope;
    const int sourceCol = model->columnOf(bytes, CompareTableModel::Part::Source);
    const int targetCol = model->columnOf(bytes, CompareTableModel::Part::Target);
    const int diffCol = model->columnOf(bytes, CompareTableModel::Part::Diff);
    const int percentCol = model->columnOf(bytes, CompareTableModel::Part::DiffPercent);
    REQUIRE(model->headerData(diffCol, Qt::Horizontal).toString() == QStringLiteral("On all tiles · Diff"));
    const int row = model->rowOf(QString::fromStdString(grown));
    REQUIRE(row >= 0);
    REQUIRE(model->index(row, sourceCol).data(SortRole).toULongLong() == a.at(grown));
    REQUIRE(model->index(row, targetCol).data(SortRole).toULongLong() == b.at(grown));
    REQUIRE(model->index(row, diffCol).data(SortRole).toLongLong() == grownBy);
    REQUIRE(model->index(row, diffCol).data(Qt::ForegroundRole).value<QBrush>().color()
        == CompareColors::worse());
    REQUIRE(model->index(row, percentCol).data(SortRole).toDouble()
        == Approx(double(grownBy) / double(a.at(grown))));
    int64_t largest = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        largest = std::max<int64_t>(largest, std::abs(model->index(r, diffCol).data(SortRole).toLongLong()));
    REQUIRE(std::abs(model->index(0, diffCol).data(SortRole).toLongLong()) == largest);
    // Equal changes keep the join's order: the source's rows in its order, then the target's own.
    const auto joinPosition = [&](int r) {
        return model->sourceRow(r) >= 0 ? int64_t(model->sourceRow(r))
                                        : int64_t(INT32_MAX) + model->targetRow(r);
    };
    int ties = 0;
    for (int r = 1; r < model->rowCount(); ++r) {
        const int64_t before = std::abs(model->index(r - 1, diffCol).data(SortRole).toLongLong());
        const int64_t here = std::abs(model->index(r, diffCol).data(SortRole).toLongLong());
        REQUIRE(here <= before);
        if (here == before) {
            REQUIRE(joinPosition(r - 1) < joinPosition(r));
            ++ties;
        }
    }
    REQUIRE(ties > 0); // batch 4 and batch 8 share unchanged variables (the weights)

    // The chart: the target's totals as an outline, or the change per tile.
    MemoryChart* chart = memory->chart();
    const TileMemory& sm = pair.window.state()->report()->memory();
    const TileMemory& tm = pair.window.state()->comparedReport()->memory();
    REQUIRE(chart->scene().compareTotal);
    REQUIRE(!chart->scene().difference);
    chart->setIncludeGaps(false);
    REQUIRE((*chart->scene().compareTotal)[7] == tm.totalExcludingGaps[7]);
    memory->compareViewBox()->setCurrentIndex(1);
    REQUIRE(chart->compareView() == MemoryChart::CompareView::Difference);
    const MemoryChartScene diff = chart->scene();
    REQUIRE(diff.difference);
    REQUIRE(!diff.showCapacity);
    REQUIRE(diff.series->series.size() == 2);
    for (uint32_t t : { 0u, 7u, 1000u }) {
        const int64_t change = int64_t(tm.totalExcludingGaps[t]) - int64_t(sm.totalExcludingGaps[t]);
        REQUIRE(diff.series->series[0].bytesByTile[t] == uint32_t(std::max<int64_t>(change, 0))); // more
        REQUIRE(diff.series->series[1].bytesByTile[t] == uint32_t(std::max<int64_t>(-change, 0))); // less
    }
    memory->compareViewBox()->setCurrentIndex(0);

    // Swap: the same row's Diff changes sign; leaving compare mode gives the plain table back.
    pair.window.swapReports();
    const int swapped = model->rowOf(QString::fromStdString(grown));
    REQUIRE(model->index(swapped, diffCol).data(SortRole).toLongLong() == -grownBy);
    REQUIRE(model->index(swapped, diffCol).data(Qt::ForegroundRole).value<QBrush>().color()
        == CompareColors::better());
    pair.window.leaveCompareMode();
    REQUIRE(!pair.window.state()->isComparing());
    REQUIRE(table->panel()->sourceModel() == table->source());
    REQUIRE(!pair.window.sidebar()->isAvailable(page_ids::whatChanged));
    REQUIRE(!pair.window.compareBar()->isVisibleTo(&pair.window));
}

TEST_CASE("compare mode: a What changed line opens its rows in Memory", "[compare]")
{
    OpenPair pair;
    WhatChangedPage* page = pair.whatChanged();
    if (!page->comparison())
        REQUIRE(QSignalSpy(page, &WhatChangedPage::ready).wait(20000));
    ChangeLinesModel* lines = page->model();
    int row = -1;
    for (int r = 0; r < lines->rowCount() && row < 0; ++r)
        if (lines->line(r).page == "memory" && lines->line(r).table == "variables"
            && !lines->line(r).rowKey.empty())
            row = r;
    REQUIRE(row >= 0);
    const QString name = QString::fromStdString(lines->line(row).rowKey);
    // The line links by data: the variable's name on the Memory page, not the line's words.
    const NavigationTarget target = lines->targetAt(row);
    REQUIRE(target.page == page_ids::memory);
    REQUIRE(target.kind == NavigationTarget::Kind::Variable);
    REQUIRE(target.name == lines->line(row).rowKey);
    TablePanel* panel = page->panel();
    emit panel->view()->doubleClicked(panel->proxy()->mapFromSource(lines->index(row, 0)));
    REQUIRE(pair.window.currentPage() == page_ids::memory);
    MemoryPage* memory = pair.window.memoryPage();
    REQUIRE(waitForPage(memory));
    REQUIRE(tabKeyAt(memory->tabs(), memory->tabs()->currentIndex()) == int(MemoryTab::Variables));
    // The row is shown once the tab has read its parts.
    REQUIRE(waitForPage(memory->tablePage(MemoryTab::Variables)));
    TablePanel* variables = memory->panel(MemoryTab::Variables);
    const QModelIndex current = variables->view()->currentIndex();
    REQUIRE(current.isValid());
    REQUIRE(current.siblingAtColumn(0).data().toString() == name);
}

TEST_CASE("compare mode: a failed target leaves the open report alone", "[compare]")
{
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    window.openFile(sampleProfile("batch-4.pop"));
    REQUIRE(opened.wait(20000));
    window.compareFiles(sampleProfile("batch-4.pop"), sampleProfile("no-such-report.pop"));
    REQUIRE(failed.wait(20000));
    REQUIRE(failed.last().at(0).toString().endsWith(QStringLiteral("no-such-report.pop")));
    REQUIRE(!window.state()->isComparing());
    REQUIRE(window.state()->report()->path == sampleProfile("batch-4.pop"));
    REQUIRE(!window.session()->isLoading());
}

TEST_CASE(
    "compare mode: Summary figures and engine options of two reports with different tile counts", "[compare]")
{
    using namespace popscope::test;
    TempDir dir;
    ProfileDocument a = makeDocument({});
    ProfileDocument b = makeDocument(FixtureOptions { .tilesPerIpu = 8 });
    b.info.engineOptions
        = { { "autoReport.all", "true" }, { "debug.instrument", "false" }, { "opt.newOne", "1" } };
    const std::string pathA = dir.file("a.pop"), pathB = dir.file("b.pop");
    writeProfile(a, pathA);
    writeProfile(b, pathB);

    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(QString::fromStdString(pathA), QString::fromStdString(pathB));
    REQUIRE(opened.wait(20000));
    REQUIRE(window.state()->tileLimit() == 32); // the larger report's tiles can be selected

    auto* summary = window.findChild<SummaryComparePage*>();
    REQUIRE(summary);
    REQUIRE(showPageAndWait(window, page_ids::summary));
    SummaryFiguresModel* figures = summary->figures();
    QAbstractItemModelTester tester(figures, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const ProfileSummary sa = querySummary(*Profile::open(pathA)), sb = querySummary(*Profile::open(pathB));
    for (const ProfileSummary* s : { &sa, &sb }) // every figure of either report's summary table has its row
        for (const SummaryFigure& f : summaryFigures(*s))
            REQUIRE(figures->rowOf(f.key) >= 0);
    const int tiles = figures->rowOf("target.total-tiles");
    REQUIRE(figures->index(tiles, SummaryFiguresModel::Source).data(SortRole).toULongLong() == 32);
    REQUIRE(figures->index(tiles, SummaryFiguresModel::Target).data(SortRole).toULongLong() == 16);
    REQUIRE(figures->index(tiles, SummaryFiguresModel::Diff).data(SortRole).toLongLong() == -16);
    const int used = figures->rowOf("memory.used-including-gaps");
    REQUIRE(figures->index(used, SummaryFiguresModel::Diff).data(SortRole).toLongLong()
        == int64_t(sb.totalUsedIncludingGaps) - int64_t(sa.totalUsedIncludingGaps));
    REQUIRE(figures->index(used, SummaryFiguresModel::Diff).data(Qt::ForegroundRole).value<QBrush>().color()
        == CompareColors::better()); // fewer tiles, less memory
    const int share = figures->rowOf("memory.share-used");
    REQUIRE(
        figures->index(share, SummaryFiguresModel::Source).data(Qt::TextAlignmentRole).value<Qt::Alignment>()
        & Qt::AlignRight); // a percentage kept as text lines up with the numbers

    // Engine options: 3 in the source, 3 in the target; one changed value, one on each side only.
    CompareTableModel* options = summary->engineOptions();
    QAbstractItemModelTester optionsTester(options, QAbstractItemModelTester::FailureReportingMode::Fatal);
    summary->onlyDifferences()->setChecked(false);
    REQUIRE(options->rowCount() == 4);
    const int changed = options->rowOf(QStringLiteral("debug.instrument"));
    REQUIRE(options->columnCount() == 3); // Option | Value · Source | Value · Target
    REQUIRE(options->index(changed, 1).data().toString() == QStringLiteral("true"));
    REQUIRE(options->index(changed, 2).data().toString() == QStringLiteral("false"));
    REQUIRE(options->index(options->rowOf(QStringLiteral("opt.newOne")), 1).data().toString()
        == QStringLiteral("—"));
    REQUIRE(options->index(changed, 0).data(Qt::BackgroundRole).isValid());
    REQUIRE(!options->index(options->rowOf(QStringLiteral("autoReport.all")), 0)
                 .data(Qt::BackgroundRole)
                 .isValid());
    summary->onlyDifferences()->setChecked(true);
    REQUIRE(options->rowCount() == 3); // autoReport.all is the same on both sides
    REQUIRE(options->rowOf(QStringLiteral("autoReport.all")) == -1);
    summary->onlyDifferences()->setChecked(false);

    // Details: the two trees joined by row, Source / Target / Diff of all tiles.
    REQUIRE(showPageAndWait(window, page_ids::memory));
    DetailsModel* details = window.memoryPage()->detailsModel();
    QAbstractItemModelTester detailsTester(details, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(details->isComparing());
    REQUIRE(details->columnCount() == 5);
    const QStringList including = { QStringLiteral("Memory including gaps") };
    REQUIRE(details->valueAt(including, 0) == int64_t(sa.totalUsedIncludingGaps));
    REQUIRE(details->valueAt(including, 1) == int64_t(sb.totalUsedIncludingGaps));
    for (int r = 0; r < details->rowCount(); ++r)
        if (details->index(r, 0).data().toString() == including.front())
            REQUIRE(details->index(r, DetailsModel::DiffColumn).data(SortRole).toLongLong()
                == int64_t(sb.totalUsedIncludingGaps) - int64_t(sa.totalUsedIncludingGaps));
    window.state()->setSelectedTiles({ 20 }); // only the source has tile 20: the target's side is empty
    REQUIRE(details->valueAt(including, 1) == 0);
    window.state()->clearSelection();

    // What changed says the tile counts differ and compares the common range.
    auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    if (!page->comparison())
        REQUIRE(QSignalSpy(page, &WhatChangedPage::ready).wait(20000));
    REQUIRE(page->comparison()->commonTiles == 16);
    REQUIRE(!page->comparison()->tilesNote.empty());
    // The memory chart overlays the target on the tiles both have.
    const MemoryChartScene scene = window.memoryPage()->chart()->scene();
    REQUIRE(scene.compareTotal);
    REQUIRE(scene.compareTotal->size() == 32);
    REQUIRE((*scene.compareTotal)[20] == 0); // the target has no tile 20
}

TEST_CASE("compare mode: the Compare dialog and dropping two files", "[compare]")
{
    const QString a = sampleProfile("batch-4.pop"), b = sampleProfile("batch-8.pop");
    CompareDialog dialog(QString(), a);
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    REQUIRE(!ok->isEnabled()); // the target is missing
    dialog.setPaths(a, sampleProfile("missing.pop"));
    REQUIRE(!ok->isEnabled());
    dialog.setPaths(a, b);
    REQUIRE(ok->isEnabled());
    for (QPushButton* button : dialog.findChildren<QPushButton*>())
        if (button->text().contains(QStringLiteral("Swap")))
            button->click();
    REQUIRE(dialog.source() == b);
    REQUIRE(dialog.target() == a);

    // Two files dropped on the window: the first is the source, the second the target.
    MainWindow window;
    window.setInteractive(false);
    window.show(); // drops reach visible windows only
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(a), QUrl::fromLocalFile(b) });
    // As a real drag does: the window accepts the drag on entering, then gets the drop.
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    REQUIRE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    REQUIRE(opened.wait(20000));
    REQUIRE(window.state()->isComparing());
    REQUIRE(window.state()->comparedReport()->path == b);
    // And the pair is remembered under Recent comparisons.
    REQUIRE(QSettings()
                .value(QStringLiteral("recent/comparisons"))
                .toStringList()
                .join(QLatin1Char('\n'))
                .contains(b));
}

TEST_CASE("the page registry drives the sidebar, --page names and the loading stages", "[compare][registry]")
{
    const PageRegistry registry = builtInPages();
    REQUIRE(registry.find(QStringLiteral("What Changed")) == registry.find(QStringLiteral("what-changed")));
    REQUIRE(registry.find(QStringLiteral("program tree"))->id == page_ids::programTree);
    REQUIRE(registry.find(QStringLiteral("nonsense")) == nullptr);
    // Opening reads the summary alone: each page reads its own parts when it is first shown.
    REQUIRE(partsToLoad({}) == openingParts());
    REQUIRE(loadStageCount(openingParts()) == 2); // opening the file, then the summary

    MainWindow window;
    window.setInteractive(false);
    // Every registered page is in the sidebar, in registry order.
    REQUIRE(window.sidebar()->list()->count() == int(registry.pages().size()));
    for (size_t i = 0; i < registry.pages().size(); ++i)
        REQUIRE(window.sidebar()->list()->item(int(i))->data(Qt::UserRole + 1).toString()
            == registry.pages()[i].name);
    // Compare mode: both slots report their stages; the total covers both.
    QSignalSpy progress(window.session(), &ReportSession::progress);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(sampleProfile("sort-single.pop"), sampleProfile("sort-bitonic.pop"));
    REQUIRE(opened.wait(20000));
    REQUIRE(!progress.isEmpty());
    REQUIRE(progress.last().at(1).toInt() == 2 * loadStageCount(openingParts()));
    REQUIRE(progress.last().at(2).toString().contains(QStringLiteral("sort-bitonic.pop")));
    // Every report is built now: each registered page shows, by id and by alias.
    for (const PageInfo& page : registry.pages())
        REQUIRE(page.needs != PageInfo::Needs::Planned);
    REQUIRE(showPageAndWait(window, page_ids::executionTrace));
    REQUIRE(window.currentPage() == page_ids::executionTrace);
}

TEST_CASE("compare mode: the progress dialog is gone once both reports are open", "[compare]")
{
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop"));
    REQUIRE(opened.wait(20000));
    QTest::qWait(700); // past the dialog's minimum duration: a dialog left pending would show now
    for (const QProgressDialog* dialog : window.findChildren<QProgressDialog*>())
        CHECK_FALSE(dialog->isVisible());
}

TEST_CASE("compare mode: What changed adds the execution traces' total cycles and parallel efficiency",
    "[compare][trace]")
{
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(sampleProfile("sort-single.pop"), sampleProfile("sort-bitonic.pop"));
    REQUIRE(opened.wait(20000));
    auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    REQUIRE(page);
    QSignalSpy tracesReady(page, &WhatChangedPage::tracesReady);
    if (!page->comparison())
        REQUIRE(QSignalSpy(page, &WhatChangedPage::ready).wait(20000));
    if (page->tracesPending()) {
        CHECK(page->statusText().contains(QStringLiteral("Analysing the execution traces")));
        REQUIRE(tracesReady.wait(30000));
    }
    REQUIRE(page->comparison()->trace.present);
    CHECK_FALSE(page->statusText().contains(QStringLiteral("could not")));

    ChangeLinesModel* lines = page->model();
    int efficiency = -1;
    for (int r = 0; r < lines->rowCount(); ++r)
        if (lines->line(r).metric == "parallel efficiency")
            efficiency = r;
    REQUIRE(efficiency >= 0);
    // 0.09% -> 94.16%: a rise in efficiency is shown in the better colour, in percentage points.
    CHECK(lines->index(efficiency, ChangeLinesModel::Source).data().toString() == QStringLiteral("0.09%"));
    CHECK(lines->index(efficiency, ChangeLinesModel::Target).data().toString() == QStringLiteral("94.16%"));
    const QModelIndex diff = lines->index(efficiency, ChangeLinesModel::Diff);
    CHECK(diff.data().toString() == QStringLiteral("+94.07 pp"));
    CHECK(diff.data(Qt::ForegroundRole).value<QBrush>().color() == CompareColors::better());
    // The line opens the Execution Trace.
    TablePanel* panel = page->panel();
    emit panel->view()->doubleClicked(panel->proxy()->mapFromSource(lines->index(efficiency, 0)));
    CHECK(window.currentPage() == page_ids::executionTrace);
}

TEST_CASE("compare mode: other reports opened drop What changed's comparison, shown or not", "[compare]")
{
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop"));
    REQUIRE(opened.wait(20000));
    auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    REQUIRE(page);
    if (!page->comparison())
        REQUIRE(QSignalSpy(page, &WhatChangedPage::ready).wait(20000));
    REQUIRE(page->comparison());
    REQUIRE(window.showPage(page_ids::summary)); // What changed hidden
    window.openFile(sampleProfile("demo.pop"));
    REQUIRE(opened.wait(20000));
    CHECK(page->comparison() == nullptr); // nor the reports it compared, which it held
    CHECK_FALSE(page->tracesPending());
}
