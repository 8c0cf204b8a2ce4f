// The Execution Trace's Summary tab in the real window (offscreen): the traffic splits beside the
// other figures, the cycle proportions and tile balance charts, one report and two compared, the
// charts' empty state and their image export. Every value is checked against core's.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "models/trace/trace_figures_model.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/units.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/trace/trace_summary_charts.hpp"
#include "views/trace/trace_tabs.hpp"
#include "views/trace/trace_view.hpp"
#include "views/widgets/small_chart.hpp"

#include <QImage>
#include <QTabWidget>
#include <QtCharts/QAbstractBarSeries>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>

#include <catch2/catch.hpp>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

// The window on the Execution Trace with `source` (and `target`) open, the traces built.
struct SummaryWindow {
    popscope::test::TempDir cache;
    MainWindow window;
    ExecutionTracePage* page = nullptr;
    explicit SummaryWindow(const QString& source, const QString& target = {})
    {
        qputenv("POPSCOPE_CACHE_DIR", QByteArray::fromStdString(cache.path().string()));
        window.setInteractive(false);
        window.resize(1400, 900);
        window.show();
        REQUIRE(openReports(window, source, target));
        page = qobject_cast<ExecutionTracePage*>(window.page(page_ids::executionTrace));
        REQUIRE(page);
        REQUIRE(showPageAndWait(window, page_ids::executionTrace));
    }
    TraceSummaryCharts* charts() const { return page->findChild<TraceTabs*>()->summaryCharts(); }
};

TraceSummary coreSummary(const QString& path)
{
    return analyseTrace(*Profile::open(path.toStdString()));
}

QString shownBytes(uint64_t value)
{
    return QString::fromStdString(formatBytes(value));
}

QAbstractBarSeries* summaryBarSeries(SmallChart* chart)
{
    REQUIRE(chart->chart()->series().size() == 1);
    return qobject_cast<QAbstractBarSeries*>(chart->chart()->series().front());
}

QStringList summaryBarCategories(SmallChart* chart)
{
    for (QAbstractAxis* axis : chart->chart()->axes())
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
            return categories->categories();
    return {};
}

} // namespace

TEST_CASE("the trace summary shows the traffic splits and the per-IPU charts core computes",
    "[trace][window][summary]")
{
    const QString path = sampleProfile("offload-on.pop");
    SummaryWindow w(path);
    const TraceSummary core = coreSummary(path);
    const CopyTraffic remote = core.streamCopies(CopyOrigin::RemoteBuffer);
    const CopyTraffic host = core.streamCopies(CopyOrigin::Host);
    REQUIRE(remote.toIpuBytes > 0);
    TraceFiguresModel* figures = w.page->figuresModel();
    CHECK(figures->valueText(QStringLiteral("Stream copies: remote buffer → IPU"), 1)
        == shownBytes(remote.toIpuBytes));
    CHECK(figures->valueText(QStringLiteral("Stream copies: IPU → remote buffer"), 1)
        == shownBytes(remote.fromIpuBytes));
    CHECK(figures->valueText(QStringLiteral("Stream copies: host → IPU"), 1) == shownBytes(host.toIpuBytes));
    CHECK(
        figures->valueText(QStringLiteral("Stream copies: IPU → host"), 1) == shownBytes(host.fromIpuBytes));
    CHECK(figures->valueText(QStringLiteral("Global exchange: received"), 1)
        == shownBytes(core.globalExchange().receivedBytes));
    CHECK(figures->valueText(QStringLiteral("Stream copies: remote buffer cycles"), 1)
              .startsWith(QString::fromStdString(formatCount(remote.cycles)) + QStringLiteral(" cycles")));

    TraceSummaryCharts* charts = w.charts();
    CHECK(charts->emptyText().isEmpty());
    REQUIRE(charts->proportionsChart()->isVisibleTo(charts));
    // One stacked bar per IPU (the first on top), one set per kind of step, in percent.
    QAbstractBarSeries* proportions = summaryBarSeries(charts->proportionsChart());
    REQUIRE(proportions->count() == 5);
    const QStringList ipus = summaryBarCategories(charts->proportionsChart());
    REQUIRE(ipus.size() == int(core.ipus.size()));
    CHECK(ipus.back() == QStringLiteral("IPU 0"));
    QBarSet* computing = proportions->barSets().front();
    CHECK(computing->label() == QStringLiteral("Computing"));
    CHECK(computing->at(ipus.size() - 1) == Approx(core.ipus[0].stepShare(TraceState::Computing) * 100));
    QAbstractBarSeries* balance = summaryBarSeries(charts->balanceChart());
    REQUIRE(balance->count() == 1);
    for (size_t i = 0; i < core.ipus.size(); ++i) // the first IPU on top
        CHECK(balance->barSets().front()->at(int(core.ipus.size() - 1 - i))
            == Approx(core.ipus[i].tileBalance() * 100));
    CHECK(summaryBarCategories(charts->balanceChart()).back() == QStringLiteral("IPU 0"));
}

TEST_CASE("in compare mode the trace summary gives both reports' splits, their difference and both charts",
    "[trace][window][summary][compare]")
{
    const QString off = sampleProfile("offload-off.pop"), on = sampleProfile("offload-on.pop");
    SummaryWindow w(off, on);
    const uint64_t remoteOn = coreSummary(on).streamCopies(CopyOrigin::RemoteBuffer).toIpuBytes;
    TraceFiguresModel* figures = w.page->figuresModel();
    REQUIRE(figures->columnCount() == 4);
    const QString figure = QStringLiteral("Stream copies: remote buffer → IPU");
    CHECK(figures->valueText(figure, 1) == shownBytes(0));
    CHECK(figures->valueText(figure, 2) == shownBytes(remoteOn));
    CHECK(figures->valueText(figure, 3) == QStringLiteral("+") + shownBytes(remoteOn));

    TraceSummaryCharts* charts = w.charts();
    const QStringList bars = summaryBarCategories(charts->proportionsChart());
    CHECK(bars.contains(QStringLiteral("Source IPU 0")));
    CHECK(bars.contains(QStringLiteral("Target IPU 0")));
    QAbstractBarSeries* balance = summaryBarSeries(charts->balanceChart());
    REQUIRE(balance->count() == 2);
    CHECK(balance->barSets()[0]->label() == QStringLiteral("Source"));
    CHECK(balance->barSets()[1]->label() == QStringLiteral("Target"));
    const TraceSummary target = coreSummary(on);
    REQUIRE(target.ipus.size() == 1);
    CHECK(balance->barSets()[1]->at(0) == Approx(target.ipus[0].tileBalance() * 100));
}

TEST_CASE("the summary charts say when there is no execution, and save as images", "[trace][summary]")
{
    TraceSummaryCharts charts;
    TraceSummary compileOnly;
    compileOnly.numIpus = 1;
    compileOnly.ipus.resize(1); // an IPU with no steps: an empty span
    charts.showSummaries(&compileOnly, nullptr);
    CHECK(charts.emptyText().contains(QStringLiteral("No execution")));
    CHECK_FALSE(charts.proportionsChart()->isVisibleTo(&charts));

    const QString path = sampleProfile("sort-bitonic.pop");
    const TraceSummary core = coreSummary(path);
    charts.resize(900, 300);
    charts.showSummaries(&core, nullptr);
    CHECK(charts.emptyText().isEmpty());
    popscope::test::TempDir dir;
    for (SmallChart* chart : { charts.proportionsChart(), charts.balanceChart() }) {
        const QString file = QString::fromStdString(dir.file("chart.png"));
        QString error;
        REQUIRE(chart->saveImage(file, &error));
        const QImage image(file);
        CHECK(image.width() >= 480); // the export's least size, at least
        CHECK(image.height() >= 300);
    }
}

TEST_CASE("overlapped I/O has a row of its own under the steps it overlaps, in the Flat and Flame views",
    "[trace][window][overlap]")
{
    SummaryWindow w(sampleProfile("io-tiles-64.pop"));
    TraceView* view = w.page->sourceView();
    for (const bool flame : { false, true }) {
        INFO((flame ? "Flame" : "Flat"));
        w.page->setFlame(flame);
        const QRect io = view->ioRowRect(0);
        REQUIRE_FALSE(io.isEmpty());
        CHECK(io.top() >= view->stepRowsRect(0).bottom()); // under the step rows, not over them
        // The first batch's copy runs beside the compute from the start: at the left of the I/O row
        // the readout names the copy, in the step rows above it the compute.
        const QPoint inIo(io.left() + 2, io.center().y());
        CHECK(view->readoutAt(inIo).contains(QStringLiteral("StreamCopyMid")));
        const QPoint inSteps(io.left() + 2, view->stepRowsRect(0).bottom() - 1);
        CHECK_FALSE(view->readoutAt(inSteps).contains(QStringLiteral("StreamCopyMid")));
    }
    // Without I/O tiles there is no such row.
    SummaryWindow none(sampleProfile("io-tiles-0.pop"));
    CHECK(none.page->sourceView()->ioRowRect(0).isEmpty());
}
