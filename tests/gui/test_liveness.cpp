// The Liveness page in the real window on the sample pipeline profiles: the plot shows core's
// curve, the tables what core says is live at the selected steps, compare mode joins both reports.
#include "app/main_window.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/item_roles.hpp"
#include "models/liveness/name_tree_model.hpp"
#include "models/liveness/step_buckets.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_state.hpp"
#include "models/table_filter_proxy.hpp"
#include "popscope/liveness_report.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"
#include "views/liveness/lifetime_bars.hpp"
#include "views/liveness/liveness_page.hpp"
#include "views/liveness/liveness_plot.hpp"
#include "views/liveness/liveness_plot_renderer.hpp"
#include "views/liveness/liveness_tables_view.hpp"
#include "views/widgets/table_panel.hpp"
#include <QTreeView>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

struct OpenLiveness {
    MainWindow window;
    explicit OpenLiveness(const char* source, const char* target = nullptr)
        : OpenLiveness(sampleProfile(source), target ? sampleProfile(target) : QString())
    {
    }
    OpenLiveness(const QString& source, const QString& target)
    {
        window.setInteractive(false);
        window.resize(1400, 900);
        REQUIRE(openReports(window, source, target));
        REQUIRE(showPageAndWait(window, page_ids::liveness));
    }
    LivenessPage* page() { return qobject_cast<LivenessPage*>(window.page(page_ids::liveness)); }
    NameTreeModel* live() { return page()->tables()->model(LivenessTab::NotAlwaysLive); }
    const Report& core(int slot) { return *window.state()->reportAt(slot)->core; }
};

uint64_t value(const NameTreeModel* model, const QModelIndex& row, int column)
{
    return model->index(row.row(), column, row.parent()).data(SortRole).toULongLong();
}

} // namespace

TEST_CASE("liveness page: opens on the peak with the variables live there", "[liveness]")
{
    OpenLiveness open("pipeline-grouped.pop");
    LivenessPage* page = open.page();
    REQUIRE(page);
    const auto series = livenessSeries(open.core(0), LivenessScope::allIpus());
    const LivenessPeak peak = findPeak(series.notAlwaysLive);
    REQUIRE(page->plot()->data().source.notAlwaysLive == series.notAlwaysLive);
    REQUIRE(page->plot()->selectedSteps() == std::vector<uint32_t> { peak.step });

    NameTreeModel* live = open.live();
    QAbstractItemModelTester tester(live, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QModelIndex total = live->index(0, 0);
    REQUIRE(total.data().toString() == QStringLiteral("Total"));
    REQUIRE(value(live, total, 1) == peak.bytes); // the variables at the peak sum to the curve
    const QModelIndex stash = live->indexOfPath(QStringLiteral("stage0/layer0/dense/fifo/activations"));
    REQUIRE(stash.isValid());
    REQUIRE(live->index(stash.row(), 1, stash.parent()).data().toString().contains(QStringLiteral("MiB")));

    // Find peak after moving away comes back; two steps give a Difference column.
    page->plot()->setSelectedSteps({ 10 });
    REQUIRE(value(live, live->index(0, 0), 1) == series.notAlwaysLive[10]);
    page->findPeak();
    REQUIRE(page->plot()->selectedSteps() == std::vector<uint32_t> { peak.step });
    page->plot()->setSelectedSteps({ 10, peak.step });
    REQUIRE(live->columnCount() == 4);
    REQUIRE(live->headerData(3, Qt::Horizontal).toString() == QStringLiteral("Difference"));
    REQUIRE(live->index(0, 3).data(SortRole).toLongLong()
        == int64_t(peak.bytes) - int64_t(series.notAlwaysLive[10]));

    // The other tabs: always-live variables, the vertices of the step's compute set, its cycles.
    // The always-live tree is built when its tab is shown, not before; its total (the info line's)
    // is known before.
    uint64_t alwaysLive = 0;
    for (const ScopedVariable& v : alwaysLiveVariables(open.core(0), LivenessScope::allIpus()))
        alwaysLive += v.bytes;
    REQUIRE(alwaysLive > 0);
    REQUIRE(page->tables()->alwaysLiveBytes() == alwaysLive);
    NameTreeModel* always = page->tables()->model(LivenessTab::AlwaysLive);
    REQUIRE(always->rowCount() == 0);
    page->tables()->setCurrentWidget(page->tables()->panel(LivenessTab::AlwaysLive));
    QAbstractItemModelTester alwaysTester(always, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(value(always, always->index(0, 0), 1) == alwaysLive);
    page->plot()->setSelectedSteps({ peak.step }); // an OnTileExecute step
    NameTreeModel* vertices = page->tables()->model(LivenessTab::Vertices);
    QAbstractItemModelTester vertexTester(vertices, QAbstractItemModelTester::FailureReportingMode::Fatal);
    uint64_t state = 0;
    for (const StepVertices& v : stepVertices(open.core(0), peak.step, LivenessScope::allIpus()))
        state += v.stateBytes;
    REQUIRE(state > 0);
    REQUIRE(value(vertices, vertices->index(0, 0), 1) == state);
    // Cycle Estimates: the compiler's estimate of one execution, the measured mean, the difference.
    NameTreeModel* cycles = page->tables()->model(LivenessTab::CycleEstimates);
    const StepCycleEstimate expected = stepCycleEstimate(open.core(0), peak.step, LivenessScope::allIpus());
    REQUIRE(expected.cycles > 0);
    REQUIRE(expected.executions > 0);
    REQUIRE(expected.hasEstimate);
    REQUIRE(cycles->columnCount() == 4);
    const QString step = QStringLiteral("Step %1").arg(countText(peak.step));
    CHECK(cycles->headerData(1, Qt::Horizontal).toString() == step + QStringLiteral(" · Estimated"));
    CHECK(cycles->headerData(2, Qt::Horizontal).toString() == step + QStringLiteral(" · Measured"));
    CHECK(cycles->headerData(3, Qt::Horizontal).toString() == step + QStringLiteral(" · Difference"));
    REQUIRE(value(cycles, cycles->index(0, 0), 1) == expected.estimatedCycles);
    REQUIRE(value(cycles, cycles->index(0, 0), 2) == expected.cycles / expected.executions);
    REQUIRE(cycles->index(0, 3).data(SortRole).toLongLong()
        == int64_t(expected.cycles / expected.executions) - int64_t(expected.estimatedCycles));
}

TEST_CASE("liveness page: a report captured without execution shows the compiler's estimates", "[liveness]")
{
    // The sample with its execution removed, as Poplar writes a compile-only report.
    popscope::test::TempDir dir;
    ProfileDocument doc = Profile::open(sampleProfile("pipeline-grouped.pop").toStdString())->readDocument();
    REQUIRE_FALSE(doc.estimates.empty());
    doc.runs.clear();
    doc.steps.clear();
    const std::string compileOnly = dir.file("compile-only.pop");
    writeProfile(doc, compileOnly);
    OpenLiveness open(QString::fromStdString(compileOnly), QString());
    LivenessPage* page = open.page();
    const LivenessPeak peak = findPeak(livenessSeries(open.core(0), LivenessScope::allIpus()).notAlwaysLive);
    page->plot()->setSelectedSteps({ peak.step });
    const StepCycleEstimate expected = stepCycleEstimate(open.core(0), peak.step, LivenessScope::allIpus());
    REQUIRE_FALSE(expected.hasExecution);
    REQUIRE(expected.estimatedCycles > 0);
    NameTreeModel* cycles = page->tables()->model(LivenessTab::CycleEstimates);
    REQUIRE(cycles->columnCount() == 2); // the estimate alone, labelled as one
    CHECK(cycles->headerData(1, Qt::Horizontal).toString()
        == QStringLiteral("Step %1 · Estimated").arg(countText(peak.step)));
    REQUIRE(value(cycles, cycles->index(0, 0), 1) == expected.estimatedCycles);
}

TEST_CASE("liveness page: scope, step filter and lifetimes", "[liveness]")
{
    OpenLiveness open("pipeline-grouped.pop");
    LivenessPage* page = open.page();
    QComboBox* scope = page->scopeBox();
    const int ipu1 = scope->findData(1);
    REQUIRE(ipu1 > 0);
    scope->setCurrentIndex(ipu1);
    emit scope->activated(ipu1);
    REQUIRE(page->scope() == LivenessScope::onIpu(1));
    REQUIRE(page->plot()->data().source.notAlwaysLive
        == livenessSeries(open.core(0), LivenessScope::onIpu(1)).notAlwaysLive);

    open.window.state()->setSelectedTiles({ 0, 1, 2 });
    const int tiles = scope->findData(-2);
    scope->setCurrentIndex(tiles);
    emit scope->activated(tiles);
    REQUIRE(page->scope() == LivenessScope::onTiles({ 0, 1, 2 }));
    const auto onTiles = livenessSeries(open.core(0), LivenessScope::onTiles({ 0, 1, 2 }));
    REQUIRE(page->plot()->data().source.notAlwaysLive == onTiles.notAlwaysLive);

    page->stepFilter()->setText(QStringLiteral("MatMulGradWeights"));
    const auto& curve = open.core(0).liveness();
    size_t matches = 0;
    for (size_t s = 0; s < curve.numSteps(); ++s)
        matches += curve.stepName(s).find("MatMulGradWeights") != std::string::npos;
    REQUIRE(matches > 0);
    QTest::keyClick(page->stepFilter(), Qt::Key_Return);
    REQUIRE(page->plot()->selectedSteps().size() == 1);
    REQUIRE(curve.stepName(page->plot()->selectedSteps()[0]).find("MatMulGradWeights") != std::string::npos);

    REQUIRE(page->addLifetime(QStringLiteral("stage0/layer0/dense/fifo/activations")));
    REQUIRE_FALSE(page->addLifetime(QStringLiteral("no/such/variable")));
    REQUIRE(page->lifetimes()->rows().size() == 1);
    REQUIRE(page->lifetimes()->rows()[0].source.size() == 1);
    REQUIRE(page->lifetimes()->isVisibleTo(page));
}

TEST_CASE("liveness page: compare mode overlays both curves and joins the tables", "[liveness][compare]")
{
    OpenLiveness open("pipeline-grouped.pop", "pipeline-interleaved.pop");
    LivenessPage* page = open.page();
    const LivenessPlotData& data = page->plot()->data();
    REQUIRE(data.targetSteps);
    const LivenessPeak source = findPeak(data.source.notAlwaysLive),
                       target = findPeak(data.target.notAlwaysLive);
    REQUIRE(target.bytes < source.bytes); // interleaving lowers the peak
    REQUIRE(page->mergeAction()->isEnabled());

    NameTreeModel* live = open.live();
    QAbstractItemModelTester tester(live, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(live->columnCount() == 4); // Name, Source, Target, Diff
    REQUIRE(live->headerData(1, Qt::Horizontal).toString().startsWith(QStringLiteral("Source")));
    REQUIRE(live->headerData(3, Qt::Horizontal).toString() == QStringLiteral("Diff"));
    const StepMatch match = matchSteps(open.core(0).liveness(), open.core(1).liveness());
    const int64_t t = match.targetOf[source.step];
    REQUIRE(t >= 0);
    REQUIRE(value(live, live->index(0, 0), 1) == source.bytes);
    REQUIRE(value(live, live->index(0, 0), 2) == data.target.notAlwaysLive[size_t(t)]);

    // What changed links to the peak's variables on this page.
    open.window.state()->requestNavigation(NavigationTarget::named(
        page_ids::liveness, NavigationTarget::Kind::Variable, "stage0/layer0/dense/fifo/activations"));
    REQUIRE(open.window.currentPage() == page_ids::liveness);
    REQUIRE(page->tables()->currentWidget() == page->tables()->panel(LivenessTab::NotAlwaysLive));

    page->mergeAction()->setChecked(false);
    REQUIRE_FALSE(page->plot()->merged());
    const QRect area(0, 0, 1200, 500);
    REQUIRE(LivenessPlotRenderer::panes(page->plot()->scene(), area, page->fontMetrics()).size() == 2);
}

TEST_CASE("liveness plot: the per-pixel aggregation keeps every peak at any zoom", "[liveness]")
{
    std::mt19937 random(11);
    std::vector<uint64_t> values(51219);
    for (auto& v : values)
        v = random() % 1000000;
    values[31337] = 5000000; // one narrow spike
    for (int trial = 0; trial < 200; ++trial) {
        const int width = 100 + int(random() % 1900);
        const double count = 8.0 + double(random() % values.size());
        const double first
            = double(random() % uint32_t(values.size() - std::min<size_t>(values.size() - 1, size_t(count))));
        const TileWindow window { first, count };
        const auto buckets = aggregateSteps(values, window, width);
        // Every visible step is inside a column whose maximum is at least its value.
        const size_t begin = size_t(first), end = std::min(values.size(), size_t(std::ceil(first + count)));
        uint64_t visibleMax = 0, drawnMax = 0;
        for (size_t s = begin; s < end; ++s)
            visibleMax = std::max(visibleMax, values[s]);
        for (const StepBucket& b : buckets)
            drawnMax = std::max(drawnMax, b.max);
        REQUIRE(drawnMax == visibleMax);
        for (size_t s = begin; s < end; ++s) {
            const int column
                = std::clamp(int(std::floor(positionToX(double(s) + 0.5, window, width))), 0, width - 1);
            REQUIRE(buckets[size_t(column)].max >= values[s]);
        }
    }
}

TEST_CASE("liveness plot: paints single and compare scenes of every kind", "[liveness]")
{
    std::vector<uint64_t> a = { 1, 5, 3, 9, 2 }, b = { 2, 2, 8 };
    std::vector<uint32_t> selected = { 1, 3 };
    std::vector<uint8_t> matches = { 0, 1, 0, 1, 0 };
    LivenessPlotScene s;
    s.source = { &a, 4, 100, 3, QStringLiteral("a.pop") };
    s.window = { 0, 5 };
    s.selected = &selected;
    s.filterMatches = &matches;
    QImage image(1920, 1080, QImage::Format_ARGB32);
    for (bool compare : { false, true })
        for (bool merged : { true, false })
            for (bool always : { true, false }) {
                s.target = compare ? LivenessPlotCurve { &b, 3, 100, 2, QStringLiteral("b.pop") }
                                   : LivenessPlotCurve {};
                s.merged = merged;
                s.includeAlwaysLive = always;
                QPainter p(&image);
                LivenessPlotRenderer::paint(p, image.rect(), s, QPalette());
                REQUIRE(LivenessPlotRenderer::yMax(s) >= 9 + (always ? 4 : 0));
            }
    LivenessPlotScene empty;
    QPainter p(&image);
    LivenessPlotRenderer::paint(p, image.rect(), empty, QPalette()); // the empty state, no crash
}

TEST_CASE(
    "liveness page: a damaged liveness table opens the report and shows the error on the page", "[liveness]")
{
    test::TempDir dir;
    const std::string path = test::writeValidProfile(dir);
    test::execSql(path, "UPDATE liveness_steps SET not_always_live_bytes = x'00' WHERE id = 0");
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(QString::fromStdString(path));
    REQUIRE(opened.wait(20000)); // Summary, Insights and Memory still work
    REQUIRE(window.showPage(page_ids::liveness));
    auto* page = qobject_cast<LivenessPage*>(window.page(page_ids::liveness));
    REQUIRE_FALSE(waitForPage(page)); // its part cannot be read: the page says why, with Retry
    REQUIRE(page->plot()->steps() == 0);
    REQUIRE(page->loadPanel()->retryButton()->isVisibleTo(page));
    const auto labels = page->findChildren<QLabel*>();
    const bool named = std::any_of(labels.begin(), labels.end(), [](const QLabel* l) {
        return l->isVisibleTo(l->window()) && l->text().contains(QStringLiteral("liveness step 0"));
    });
    REQUIRE(named);
}

TEST_CASE("liveness page: builds its tables when it is first shown, not while another page is", "[liveness]")
{
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(sampleProfile("pipeline-grouped.pop"));
    REQUIRE(opened.wait(20000));
    REQUIRE(window.currentPage() != page_ids::liveness);
    auto* page = qobject_cast<LivenessPage*>(window.page(page_ids::liveness));
    REQUIRE(page->plot()->steps() == 0); // nothing built for a page no one looks at
    REQUIRE(showPageAndWait(window, page_ids::liveness));
    REQUIRE(page->plot()->steps() == 505);
    REQUIRE(page->plot()->selectedSteps().size() == 1); // the peak
}

TEST_CASE(
    "liveness page: a source step the target has no match for shows no target figures", "[liveness][compare]")
{
    OpenLiveness open("sort-single.pop", "sort-bitonic.pop");
    LivenessPage* page = open.page();
    const StepMatch match = matchSteps(open.core(0).liveness(), open.core(1).liveness());
    REQUIRE(match.byName);
    const auto unmatched = std::find(match.targetOf.begin(), match.targetOf.end(), -1);
    REQUIRE(unmatched != match.targetOf.end());
    page->plot()->setSelectedSteps({ uint32_t(unmatched - match.targetOf.begin()) });
    // The unmatched step runs the single-tile sort: the source has vertices and cycles there.
    NameTreeModel* model = nullptr;
    for (LivenessTab tab : { LivenessTab::NotAlwaysLive, LivenessTab::Vertices, LivenessTab::CycleEstimates })
        if (!model && page->tables()->model(tab)->rowCount() > 0)
            model = page->tables()->model(tab);
    REQUIRE(model);
    REQUIRE(model->headerData(2, Qt::Horizontal).toString() == QStringLiteral("Target · no matching step"));
    REQUIRE(model->index(0, 1).data().toString() != QStringLiteral("—"));
    REQUIRE(model->index(0, 2).data().toString() == QStringLiteral("—"));
    REQUIRE(model->index(0, 3).data().toString() == QStringLiteral("—"));
}

TEST_CASE("liveness tables: sorting a column orders rows by their numbers, absent rows last", "[liveness]")
{
    NameTreeBuilder builder(2);
    builder.add(0, "a/x", 5);
    builder.add(0, "a/y", 50);
    builder.add(1, "a/y", 10);
    builder.add(1, "b", 7);
    NameTreeModel model;
    model.setTree(builder.build(),
        { { QStringLiteral("One"), {}, 0, -1 }, { QStringLiteral("Two"), {}, 1, -1 },
            { QStringLiteral("Diff"), {}, 1, 0 } });
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    TablePanel panel(&model, QStringLiteral("test"), nullptr, TablePanel::Shape::Tree);
    panel.sortByColumn(3, Qt::AscendingOrder); // Diff: a/y 10-50 = -40 first
    const QModelIndex total = panel.proxy()->index(0, 0);
    const QModelIndex a = panel.proxy()->index(0, 0, total);
    REQUIRE(a.data().toString() == QStringLiteral("a"));
    REQUIRE(panel.proxy()->index(0, 3, total).data(SortRole).toLongLong() == 10 - 55);
    panel.sortByColumn(1, Qt::DescendingOrder); // One: a (55) above b (absent)
    REQUIRE(panel.proxy()->index(0, 0, total).data().toString() == QStringLiteral("a"));
    REQUIRE(panel.proxy()->index(1, 1, total).data().toString() == QStringLiteral("—"));
    REQUIRE(panel.proxy()->index(0, 0, panel.proxy()->index(0, 0, total)).data().toString()
        == QStringLiteral("y"));
}
