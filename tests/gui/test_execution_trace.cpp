// The Execution Trace page in the real window (offscreen): the sorts of the seed articles, the
// figures against core, zoom to a waiting step, compare mode, the cache, damaged and empty traces.
#include "app/app_options.hpp"
#include "app/main_window.hpp"
#include "app/navigation_option.hpp"
#include "app/window_script.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/report_parts.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "models/trace/trace_zoom.hpp"
#include "models/trace/waiting_steps_model.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/units.hpp"
#include "views/liveness/liveness_tables_view.hpp"
#include "views/memory/memory_tables_view.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/trace/trace_axis.hpp"
#include "views/trace/trace_build_message.hpp"
#include "views/trace/trace_tabs.hpp"
#include "views/trace/trace_view.hpp"
#include "views/widgets/tab_key.hpp"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

// A window on the Execution Trace with `source` (and `target`) open, the trace built; caches go
// to a fresh folder so every test builds its LOD once and may read it back.
struct OpenTrace {
    popscope::test::TempDir cache;
    MainWindow window;
    ExecutionTracePage* page = nullptr;
    // `built`: false for a trace whose build fails (its page then shows why, with Retry).
    explicit OpenTrace(const QString& source, const QString& target = {}, bool built = true)
    {
        qputenv("POPSCOPE_CACHE_DIR", QByteArray::fromStdString(cache.path().string()));
        window.setInteractive(false);
        window.resize(1400, 900);
        window.show();
        open(source, target, built);
    }
    void open(const QString& source, const QString& target = {}, bool built = true)
    {
        REQUIRE(openReports(window, source, target));
        page = qobject_cast<ExecutionTracePage*>(window.page(page_ids::executionTrace));
        REQUIRE(page);
        REQUIRE(showPageAndWait(window, page_ids::executionTrace) == built);
    }
};

} // namespace

TEST_CASE("the trace of sort-single: the heap sort waits, tile 0 holds it up, the figures are core's",
    "[trace][window]")
{
    OpenTrace w(sampleProfile("sort-single.pop"));
    REQUIRE(w.page->messageText().isEmpty());
    WaitingStepsModel* waits = w.page->waitsModel();
    QAbstractItemModelTester waitsTester(waits, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(waits->rowCount() >= 1);
    CHECK(waits->index(0, WaitingStepsModel::Program).data().toString() == QStringLiteral("sort/HeapSort"));
    CHECK(waits->index(0, WaitingStepsModel::HeldUpBy).data().toString() == QStringLiteral("tile 0"));

    const auto profile = Profile::open(sampleProfile("sort-single.pop").toStdString());
    const TraceSummary core = analyseTrace(*profile);
    TraceFiguresModel* figures = w.page->figuresModel();
    QAbstractItemModelTester figuresTester(figures, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CHECK(figures->valueText(QStringLiteral("Parallel efficiency"), 1)
        == QString::fromStdString(formatPercent(core.parallelEfficiency(), 2)));

    // A row of the ranking opens its step, named by number, not by the row's text: the window
    // closes in on it and Details names it.
    const WaitingStep& top = core.waits.front();
    const NavigationTarget topTarget = waits->targetAt(0);
    CHECK(topTarget
        == NavigationTarget::numbered(
            page_ids::executionTrace, NavigationTarget::Kind::Step, top.step, top.ipu));
    REQUIRE(w.page->showRow(topTarget));
    CHECK(w.page->zoom()->first() <= top.cycleBase);
    CHECK(w.page->zoom()->last() >= top.cycleBase + top.cycles);
    CHECK(w.page->detailsText().contains(QStringLiteral("sort/HeapSort")));
    CHECK(w.page->sourceView()->selectedStep() == int64_t(top.step));
    // The stream copy ranked second is short: its zoom is a small part of the run, and Back returns.
    REQUIRE(core.waits.size() > 1);
    const WaitingStep& copy = core.waits[1];
    REQUIRE(waits->targetAt(1).number == copy.step);
    REQUIRE(w.page->showRow(waits->targetAt(1)));
    CHECK(w.page->zoom()->first() <= copy.cycleBase);
    CHECK(w.page->zoom()->width() < w.page->zoom()->extent() / 100);
    w.page->zoom()->back();
    w.page->zoom()->back();
    CHECK(w.page->zoom()->width() == w.page->zoom()->extent());

    // Zoomed to tiles 0-31 the rows are single tiles read from the file, and the hover names tile 0.
    TraceView* view = w.page->sourceView();
    view->setTileWindow(0, 32);
    view->grab(); // paint: the pictures are made off the GUI thread
    view->finishPictures();
    CHECK(view->picturesCurrent());
    CHECK(view->showsSingleTiles());
    const QRect area = view->rect();
    const QString readout = view->readoutAt(QPoint(area.width() / 2, area.height() / 2));
    CHECK(readout.contains(QStringLiteral("tile ")));
}

TEST_CASE("the trace in compare mode: two traces that zoom together, figures with Source / Target / Diff",
    "[trace][window][compare]")
{
    OpenTrace w(sampleProfile("sort-single.pop"), sampleProfile("sort-bitonic.pop"));
    CHECK(w.page->targetView()->isVisibleTo(w.page));
    CHECK(w.page->sourceView()->trace() != w.page->targetView()->trace());
    TraceFiguresModel* figures = w.page->figuresModel();
    REQUIRE(figures->columnCount() == 4);
    CHECK(figures->valueText(QStringLiteral("Parallel efficiency"), 1) == QStringLiteral("0.09%"));
    // Both traces over the whole extent: bitonic's tiles are busy while it runs.
    const double bitonic = w.page->targetView()->trace()->summary->parallelEfficiency();
    CHECK(bitonic > 0.5);
    // In points of the rounded shares, as What changed and popscope-cli compare give it.
    CHECK(figures->valueText(QStringLiteral("Parallel efficiency"), 3) == QStringLiteral("+94.07 pp"));
    w.page->zoom()->zoomAround(0.25, 0.0);
    CHECK(w.page->zoom()->width() < w.page->zoom()->extent()); // one zoom object drives both views
    CHECK(w.page->targetView()->zoom() == w.page->zoom());
    // Each on its own scale: the bitonic sort fills the width, 211,172 cycles against 162 million.
    w.page->setSameTimeScale(false);
    CHECK(w.page->targetView()->zoom() != w.page->zoom());
    CHECK(w.page->targetView()->zoom()->extent() == w.page->targetView()->trace()->lod.endCycle());
    CHECK(w.page->targetView()->zoom()->extent() < w.page->zoom()->extent() / 100);
    CHECK(figures->valueText(QStringLiteral("Window"), 2).startsWith(QStringLiteral("211,172 cycles")));
}

TEST_CASE("the trace's LOD is cached and read back on the next opening", "[trace][window][cache]")
{
    OpenTrace w(sampleProfile("sort-bitonic.pop"));
    CHECK_FALSE(w.page->sourceView()->trace()->lodFromCache);
    const QString cachePath = w.page->sourceView()->trace()->cachePath;
    CHECK(cachePath.startsWith(QString::fromStdString(w.cache.path().string())));
    CHECK(QFileInfo::exists(cachePath));
    w.window.reload();
    QSignalSpy(&w.window, &MainWindow::reportOpened).wait(20000);
    if (!w.page->isReady())
        REQUIRE(QSignalSpy(w.page, &ExecutionTracePage::ready).wait(20000));
    CHECK(w.page->sourceView()->trace()->lodFromCache);
}

TEST_CASE(
    "a damaged per-tile row and a report without execution say so in the page", "[trace][window][hostile]")
{
    popscope::test::TempDir dir;
    const std::string damaged = popscope::test::writeValidProfile(dir, "damaged.pop");
    popscope::test::execSql(damaged,
        "UPDATE cycles_by_tile SET cycles = zeroblob(7) WHERE step_id = (SELECT min(step_id) FROM "
        "cycles_by_tile)");
    OpenTrace w(QString::fromStdString(damaged), {}, false);
    CHECK(w.page->loadError().contains(QStringLiteral("damaged.pop")));
    CHECK(w.page->loadError().contains(QStringLiteral("cycles_by_tile")));
    // Its panel offers Retry, which builds again (and fails again: the file is still damaged).
    REQUIRE(w.page->loadPanel()->retryButton()->isVisibleTo(w.page));
    QSignalSpy failedAgain(w.page, &ReportPage::loadFailed);
    w.page->loadPanel()->retryButton()->click();
    REQUIRE(failedAgain.wait(20000));
    CHECK(showPageAndWait(w.window, page_ids::memory)); // the rest of the window works

    popscope::test::FixtureOptions noSteps;
    noSteps.numSteps = 0;
    const std::string compileOnly = dir.file("compile-only.pop");
    writeProfile(popscope::test::makeDocument(noSteps), compileOnly);
    w.open(QString::fromStdString(compileOnly));
    CHECK(w.page->messageText().contains(QStringLiteral("no execution trace")));
}

TEST_CASE("a cancelled trace build says so in the page and Load builds it", "[trace][window]")
{
    popscope::test::TempDir cache;
    qputenv("POPSCOPE_CACHE_DIR", QByteArray::fromStdString(cache.path().string()));
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(sampleProfile("demo.pop"));
    REQUIRE(opened.wait(20000));
    auto* page = qobject_cast<ExecutionTracePage*>(window.page(page_ids::executionTrace));
    holdReportPart(ReportPart::VertexTypes, true); // the build waits there until Cancel is clicked
    REQUIRE(window.showPage(page_ids::executionTrace));
    auto* message = page->findChild<TraceBuildMessage*>();
    for (int i = 0; i < 400 && !message->text().contains(QStringLiteral("Reading vertex types")); ++i)
        QTest::qWait(25); // the progress arrives through the event loop
    REQUIRE(page->isLoading());
    message->findChild<QToolButton*>()->click(); // Cancel
    holdReportPart(ReportPart::VertexTypes, false);
    for (int i = 0; i < 400 && !page->loadPanel()->isVisibleTo(page); ++i)
        QTest::qWait(25); // the build stops at its next check
    REQUIRE(page->loadPanel()->title().contains(QStringLiteral("cancelled")));
    REQUIRE(!page->isLoading());
    page->loadPanel()->retryButton()->click(); // Load
    REQUIRE(waitForPage(page));
    REQUIRE(page->messageText().isEmpty());
}

TEST_CASE("a scripted screenshot of a trace that cannot be built shows why, and exits 3", "[trace][script]")
{
    popscope::test::TempDir dir;
    const std::string damaged = popscope::test::writeValidProfile(dir, "damaged.pop");
    popscope::test::execSql(damaged,
        "UPDATE cycles_by_tile SET cycles = zeroblob(7) WHERE step_id = (SELECT min(step_id) FROM "
        "cycles_by_tile)");
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("POPSCOPE_CACHE_DIR"), QString::fromStdString(dir.file("cache")));
    QProcess app;
    app.setProcessEnvironment(environment);
    const QString shot = QString::fromStdString(dir.file("trace.png"));
    app.start(QStringLiteral(POPSCOPE_APP_PATH),
        { QString::fromStdString(damaged), QStringLiteral("--page"), QStringLiteral("trace"),
            QStringLiteral("--screenshot"), shot });
    REQUIRE(app.waitForFinished(60000)); // it did not wait for a trace that never comes
    CHECK(app.exitCode() == WindowScript::kExitPageFailed); // the picture shows the error, not the trace
    const QString error = QString::fromLocal8Bit(app.readAllStandardError());
    CHECK(error.contains(QStringLiteral("popscope: page execution-trace failed: ")));
    CHECK(error.contains(QStringLiteral("damaged.pop")));
    CHECK(std::filesystem::exists(shot.toStdString()));
}

TEST_CASE("the Flame view nests each step in its run and programs, double-click zooms to one",
    "[trace][window][flame]")
{
    OpenTrace w(sampleProfile("custom-example.pop"));
    TraceView* view = w.page->sourceView();
    REQUIRE(view->isFlame()); // the default, as in PopVision
    const TraceData* trace = view->trace();
    REQUIRE(trace->flame.depth() >= 3);
    const QRect rows = view->stepRowsRect(0);
    REQUIRE(rows.height() > 3 * 4);
    const int rowHeight = rows.height() / int(trace->flame.depth());
    const auto rowCentre = [&](size_t level, const FlameSpan& span) {
        const double x = rows.left()
            + (double(span.first + span.last) / 2 - double(w.page->zoom()->first()))
                / double(w.page->zoom()->width()) * rows.width();
        return QPoint(int(x), rows.top() + int(level) * rowHeight + rowHeight / 2);
    };
    const FlameLane& lane = trace->flame.lanes.at(0);
    const FlameSpan& run = lane.levels[0].front();
    CHECK(view->readoutAt(rowCentre(0, run)).contains(QStringLiteral("Run ") + trace->flameSpanName(0, run)));
    const FlameSpan& control = lane.levels[1].front();
    CHECK(view->readoutAt(rowCentre(1, control))
              .contains(QString::fromStdString(std::string(trace->flameSpanType(1, control)))
                  + QLatin1Char(' ') + trace->flameSpanName(1, control)));

    // The heap sort's span: double-click closes in on exactly its cycles; Back returns.
    const FlameSpan* heap = nullptr;
    size_t heapLevel = 0;
    for (size_t level = 1; level < lane.levels.size() && !heap; ++level)
        for (const FlameSpan& span : lane.levels[level])
            if (trace->flameSpanName(level, span) == QStringLiteral("sort/HeapSort")) {
                heap = &span;
                heapLevel = level;
            }
    REQUIRE(heap);
    QTest::mouseDClick(view, Qt::LeftButton, Qt::NoModifier, rowCentre(heapLevel, *heap));
    CHECK(w.page->zoom()->first() == heap->first);
    CHECK(w.page->zoom()->last() == heap->last);
    w.page->zoom()->back();
    CHECK(w.page->zoom()->width() == w.page->zoom()->extent());

    // The Flat view: one row of steps, its readout names the step.
    w.page->setFlame(false);
    CHECK(!view->isFlame());
    const QRect flat = view->stepRowsRect(0);
    CHECK(flat.height() < rows.height());
    const QString readout = view->readoutAt(QPoint(rowCentre(heapLevel, *heap).x(), flat.center().y()));
    CHECK(readout.contains(QStringLiteral("step ")));
    CHECK(readout.contains(QStringLiteral("sort/HeapSort")));
}

TEST_CASE("compare mode: aligned at a step, the step and its partner start at the same x",
    "[trace][window][compare][align]")
{
    OpenTrace w(sampleProfile("sort-single.pop"), sampleProfile("sort-bitonic.pop"));
    TraceView* source = w.page->sourceView();
    TraceView* target = w.page->targetView();
    // Step 6 of sort-single copies the result to the host; bitonic's copy is its partner by program name.
    w.page->zoomToStep(6);
    const int64_t partner = w.page->selectedStep(1);
    REQUIRE(partner >= 0);
    CHECK(target->trace()->stepName(uint32_t(partner)) == source->trace()->stepName(6));
    CHECK(target->selectedStep() == partner);
    CHECK(source->cycleOffset() == 0);
    CHECK(target->cycleOffset() == 0);

    w.page->setAligned(true);
    const uint64_t sourceStart = source->trace()->steps.ipus(6).front().cyclesBase;
    const uint64_t targetStart = target->trace()->steps.ipus(size_t(partner)).front().cyclesBase;
    REQUIRE(sourceStart > targetStart); // the heap sort runs 162M cycles, bitonic 0.2M
    CHECK(source->cycleOffset() == 0);
    CHECK(target->cycleOffset() == int64_t(targetStart) - int64_t(sourceStart)); // shifted right
    CHECK(int64_t(sourceStart) - source->cycleOffset() == int64_t(targetStart) - target->cycleOffset());
    // The zoom frames the aligned step; both runs fit in the extent, the target's ending later.
    CHECK(w.page->zoom()->first() <= sourceStart);
    CHECK(w.page->zoom()->last() > sourceStart);
    CHECK(w.page->zoom()->extent() >= source->trace()->lod.endCycle());
    // Before the target's run there is nothing to read.
    w.page->zoom()->fit();
    const QRect rows = target->stepRowsRect(0);
    CHECK(target->readoutAt(QPoint(rows.left() + 2, rows.center().y()))
              .startsWith(QStringLiteral("Before this report's run")));
    CHECK(target->stepAt(QPoint(rows.left() + 2, rows.center().y())) == -1);

    // A step clicked in the target selects its partner in the source.
    emit target->stepClicked(0);
    CHECK(w.page->selectedStep(1) == 0);
    CHECK(w.page->selectedStep(0) == 0); // both begin by copying the input from the host
    CHECK(source->selectedStep() == 0);
    // Aligned at the first steps (both at cycle 0) the offsets are 0 again; unaligned, too.
    CHECK(target->cycleOffset() == 0);
    w.page->zoomToStep(6);
    w.page->setAligned(false);
    CHECK(target->cycleOffset() == 0);
    CHECK(w.page->zoom()->extent() == source->trace()->lod.endCycle());
}

TEST_CASE("the trace's axis labels keep the digits that tell two ticks apart", "[trace][axis]")
{
    CHECK(axisLabel(1250000, 250000) == QStringLiteral("1.25M"));
    CHECK(axisLabel(162612000, 2000) == QStringLiteral("162.612M")); // deep in a long run
    CHECK(axisLabel(162614000, 2000) != axisLabel(162612000, 2000));
    CHECK(axisLabel(868261, 100) == QStringLiteral("868,261"));
}

TEST_CASE("the BSP pictures are made off the GUI thread, a zoom shows the last ones moved until the new ones "
          "are in",
    "[trace][window][async]")
{
    OpenTrace w(sampleProfile("sort-single.pop"));
    TraceView* view = w.page->sourceView();
    view->finishPictures();
    REQUIRE(view->picturesCurrent());
    const QRect rows = view->stepRowsRect(0);
    const QPoint inTiles(rows.center().x(), rows.bottom() + 60); // tile ~50 during the heap sort: waiting
    const QRgb before = view->grab().toImage().pixel(inTiles);

    QSignalSpy ready(view, &TraceView::picturesReady);
    w.page->zoom()->zoomAround(0.5, 0.5);
    const QImage standIn = view->grab().toImage(); // paints at once, with the last pictures scaled
    CHECK_FALSE(view->picturesCurrent());
    REQUIRE(ready.wait(10000));
    CHECK(view->picturesCurrent());
    QTest::qWait(200); // repaints alone start no new job: the view stays current, idle
    CHECK(view->picturesCurrent());
    const QImage current = view->grab().toImage();
    // The heap sort fills the middle of the run: the stand-in and the new picture agree there.
    CHECK(standIn.pixel(inTiles) == before);
    CHECK(current.pixel(inTiles) == before);
}

TEST_CASE("two traces make their pictures even when the global thread pool has a single thread",
    "[trace][window][compare][async]")
{
    // Each view's job waits for its lanes; with lanes in the jobs' own pool, two jobs on a machine
    // with few threads hung the window. One thread is the hardest case.
    QThreadPool* global = QThreadPool::globalInstance();
    const int threads = global->maxThreadCount();
    global->setMaxThreadCount(1);
    {
        OpenTrace w(sampleProfile("sort-single.pop"), sampleProfile("sort-bitonic.pop"));
        w.page->zoom()->zoomAround(0.5, 0.5);
        for (TraceView* view : { w.page->sourceView(), w.page->targetView() }) {
            view->finishPictures();
            CHECK(view->picturesCurrent());
        }
        w.page->zoom()->panBy(0.25); // both jobs queued at once
        QSignalSpy ready(w.page->targetView(), &TraceView::picturesReady);
        REQUIRE((ready.count() > 0 || ready.wait(20000)));
        w.page->sourceView()->finishPictures();
        CHECK(w.page->sourceView()->picturesCurrent());
        CHECK(w.page->targetView()->picturesCurrent());
    }
    global->setMaxThreadCount(threads);
}

TEST_CASE("the options --page trace and --tab open Where the Cycles Wait with the heap sort first",
    "[trace][window][script]")
{
    popscope::test::TempDir cache;
    qputenv("POPSCOPE_CACHE_DIR", QByteArray::fromStdString(cache.path().string()));
    MainWindow window;
    window.setInteractive(false);
    window.show();
    const AppOptions options = parseAppOptions(
        { QStringLiteral("popscope"), sampleProfile("sort-single.pop"), QStringLiteral("--page"),
            QStringLiteral("trace"), QStringLiteral("--tab"), QStringLiteral("waits") });
    REQUIRE(options.error.isEmpty());
    WindowScript script(&window, options);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    script.start();
    REQUIRE(opened.wait(20000));
    auto* page = qobject_cast<ExecutionTracePage*>(window.page(page_ids::executionTrace));
    REQUIRE(page);
    if (!page->isReady())
        REQUIRE(QSignalSpy(page, &ExecutionTracePage::ready).wait(20000));
    QTest::qWait(50);
    CHECK(window.currentPage() == page_ids::executionTrace);
    CHECK(tabKeyAt(page->tabs(), page->tabs()->currentIndex()) == int(TraceTab::Waits));
    // --tab takes a tab's id, or its caption's words as it always has, both through one table.
    CHECK(tabKeyNamed(page_ids::executionTrace, QStringLiteral("Where the Cycles Wait"))
        == int(TraceTab::Waits));
    CHECK(tabKeyNamed(page_ids::executionTrace, QStringLiteral("details")) == int(TraceTab::Details));
    CHECK(tabKeyNamed(page_ids::memory, QStringLiteral("compute-sets")) == int(MemoryTab::ComputeSets));
    CHECK(tabKeyNamed(page_ids::memory, QStringLiteral("Compute Sets")) == int(MemoryTab::ComputeSets));
    CHECK(tabKeyNamed(page_ids::liveness, QStringLiteral("not-always-live"))
        == int(LivenessTab::NotAlwaysLive));
    CHECK(tabKeyNamed(page_ids::liveness, QStringLiteral("Where the Cycles Wait")) == -1);
    CHECK(page->waitsModel()->index(0, WaitingStepsModel::Program).data().toString()
        == QStringLiteral("sort/HeapSort"));
}
