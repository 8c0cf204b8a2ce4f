// ReportComparer and TraceExporter: the What changed page's and the trace export's background work
// as objects of their own, without widgets: core's figures delivered in two stages, a damaged part
// said with the file named, dropped work that delivers nothing, and an export that writes what
// writeChromeTrace writes; and the What changed page saying why two reports could not be compared.
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/trace/trace_exporter.hpp"
#include "models/what_changed/report_comparer.hpp"
#include "popscope/chrome_trace.hpp"
#include "popscope/profile.hpp"
#include "views/what_changed/what_changed_page.hpp"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

TEST_CASE(
    "report comparer: the figures, then the execution traces, as core compares them", "[compare][comparer]")
{
    const auto source = loadReport(sampleProfile("pipeline-grouped.pop"));
    const auto target = loadReport(sampleProfile("pipeline-interleaved.pop"));
    ReportComparer comparer;
    QSignalSpy progress(&comparer, &ReportComparer::progress);
    QSignalSpy traces(&comparer, &ReportComparer::tracesCompared);
    QSignalSpy failed(&comparer, &ReportComparer::failed);
    bool tracesFollow = false;
    QObject::connect(&comparer, &ReportComparer::compared, [&] { tracesFollow = comparer.tracesPending(); });
    comparer.start(source, target);
    REQUIRE(comparer.isComparing());
    REQUIRE(comparer.comparison() == nullptr);
    REQUIRE(traces.wait(60000));
    REQUIRE(tracesFollow); // the figures came first, with the traces still running
    REQUIRE(failed.isEmpty());
    REQUIRE(progress.size() == 2);
    REQUIRE(progress[0].at(0).toString()
        == QStringLiteral("Comparing pipeline-grouped.pop with pipeline-interleaved.pop…"));
    REQUIRE(progress[1].at(0).toString().startsWith(QStringLiteral("Analysing the execution traces")));
    REQUIRE(comparer.stage().isEmpty());
    REQUIRE(comparer.traceError().isEmpty());

    const ReportComparison expected = compareReports(*source->core, *target->core);
    const TraceComparison expectedTrace = compareExecutionTraces(*source->core, *target->core);
    const ReportComparison* c = comparer.comparison();
    REQUIRE(c);
    REQUIRE(c->totalMemory.source == expected.totalMemory.source);
    REQUIRE(c->totalMemory.target == expected.totalMemory.target);
    REQUIRE(c->liveness.sourcePeak == expected.liveness.sourcePeak);
    REQUIRE(c->variables.targetRows == expected.variables.targetRows);
    REQUIRE(c->trace.present);
    REQUIRE(c->trace.sourceTotalCycles == expectedTrace.sourceTotalCycles);
    REQUIRE(c->trace.targetTotalCycles == expectedTrace.targetTotalCycles);
}

TEST_CASE(
    "report comparer: held, the trace stage waits after the figures until released", "[compare][comparer]")
{
    const auto source = loadReport(sampleProfile("pipeline-grouped.pop"));
    const auto target = loadReport(sampleProfile("pipeline-interleaved.pop"));
    ReportComparer comparer;
    QSignalSpy compared(&comparer, &ReportComparer::compared);
    QSignalSpy traces(&comparer, &ReportComparer::tracesCompared);
    comparer.holdTraces(true); // its page is hidden
    comparer.start(source, target);
    REQUIRE(compared.wait(60000));
    REQUIRE(comparer.comparison());
    CHECK(comparer.tracesPending());
    CHECK_FALSE(comparer.comparison()->trace.present);
    CHECK(comparer.stage().contains(QStringLiteral("when this page is shown")));
    QCoreApplication::processEvents();
    CHECK(traces.isEmpty()); // nothing started: no result can come

    comparer.holdTraces(false); // the page shows again
    REQUIRE(comparer.stage().startsWith(QStringLiteral("Analysing the execution traces")));
    REQUIRE(traces.wait(60000));
    CHECK_FALSE(comparer.tracesPending());
    CHECK(comparer.comparison()->trace.present);
}

TEST_CASE("report comparer: a damaged trace keeps the figures, damaged variables fail naming the file",
    "[compare][comparer][hostile]")
{
    TempDir dir;
    const std::string good = writeValidProfile(dir, "good.pop");
    const std::string trace = writeValidProfile(dir, "damaged-trace.pop");
    execSql(trace,
        "UPDATE cycles_by_tile SET cycles = zeroblob(7) WHERE step_id = (SELECT min(step_id) FROM "
        "cycles_by_tile)");
    ReportComparer comparer;
    QSignalSpy traces(&comparer, &ReportComparer::tracesCompared);
    comparer.start(loadReport(QString::fromStdString(trace)), loadReport(QString::fromStdString(good)));
    REQUIRE(traces.wait(60000));
    REQUIRE(comparer.comparison());
    REQUIRE(comparer.comparison()->commonTiles == 32);
    REQUIRE_FALSE(comparer.comparison()->trace.present);
    INFO(comparer.traceError().toStdString());
    REQUIRE(comparer.traceError().contains(QStringLiteral("damaged-trace.pop")));

    const std::string variables = writeValidProfile(dir, "damaged-variables.pop");
    execSql(variables, "UPDATE variables SET size_bytes = -5 WHERE id = 0");
    QSignalSpy failed(&comparer, &ReportComparer::failed);
    comparer.start(loadReport(QString::fromStdString(good)), loadReport(QString::fromStdString(variables)));
    REQUIRE(failed.wait(60000));
    REQUIRE(failed.first().at(0).toString().contains(QStringLiteral("damaged-variables.pop")));
    REQUIRE(comparer.comparison() == nullptr);
    REQUIRE_FALSE(comparer.isComparing());
}

TEST_CASE(
    "report comparer: dropped work delivers nothing, and new work delivers its own", "[compare][comparer]")
{
    const auto a = loadReport(sampleProfile("sort-single.pop")),
               b = loadReport(sampleProfile("sort-bitonic.pop"));
    ReportComparer comparer;
    QSignalSpy compared(&comparer, &ReportComparer::compared);
    QSignalSpy traces(&comparer, &ReportComparer::tracesCompared);
    comparer.start(a, b);
    comparer.drop();
    REQUIRE_FALSE(comparer.isComparing());
    comparer.start(b, a);
    REQUIRE(traces.wait(60000));
    QCoreApplication::processEvents();
    REQUIRE(compared.size() == 1);
    REQUIRE(traces.size() == 1);
    REQUIRE(comparer.comparison()->source.path == b->core->path());
    comparer.start(a, nullptr); // one report: nothing to compare
    REQUIRE_FALSE(comparer.isComparing());
    REQUIRE(comparer.comparison() == nullptr);
}

TEST_CASE("trace exporter: writes what writeChromeTrace writes, or says why not", "[trace][export]")
{
    TempDir dir;
    const QString source = sampleProfile("sort-single.pop");
    const QString path = QString::fromStdString(dir.file("sort.trace.json"));
    TraceExporter exporter;
    QSignalSpy progress(&exporter, &TraceExporter::progress);
    QSignalSpy written(&exporter, &TraceExporter::written);
    exporter.start(source, path, false);
    REQUIRE(exporter.isRunning());
    REQUIRE(written.wait(60000));
    REQUIRE(!exporter.isRunning());
    REQUIRE(written.first().at(0).toString() == path);
    REQUIRE(progress.first().at(0).toString() == QStringLiteral("Writing %1…").arg(path));
    const std::string direct = dir.file("direct.trace.json");
    const ChromeTraceStats stats = writeChromeTrace(*Profile::open(source.toStdString()), direct, false);
    REQUIRE(stats.events > 0);
    REQUIRE(readBytes(path.toStdString()) == readBytes(direct));

    QSignalSpy failed(&exporter, &TraceExporter::failed);
    const QString nowhere = QString::fromStdString(dir.file("no-such-folder/x.json"));
    exporter.start(source, nowhere, true);
    REQUIRE(failed.wait(60000));
    REQUIRE(failed.first().at(0).toString() == nowhere);
    REQUIRE(failed.first().at(1).toString().contains(QStringLiteral("no-such-folder")));
}

TEST_CASE(
    "what changed page: reports that cannot be compared say why on the page", "[compare][comparer][hostile]")
{
    TempDir dir;
    const std::string good = writeValidProfile(dir, "good.pop");
    const std::string damaged = writeValidProfile(dir, "damaged-variables.pop");
    execSql(damaged, "UPDATE variables SET size_bytes = -5 WHERE id = 0");
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.compareFiles(QString::fromStdString(good), QString::fromStdString(damaged));
    REQUIRE(opened.wait(20000));
    REQUIRE(showPageAndWait(window, page_ids::whatChanged));
    auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    REQUIRE(page->comparison() == nullptr);
    REQUIRE(page->statusText().startsWith(QStringLiteral("The reports could not be compared: ")));
    REQUIRE(page->statusText().contains(QStringLiteral("damaged-variables.pop")));
}

TEST_CASE("what changed page: hidden while comparing, it stops and compares again when shown",
    "[compare][comparer]")
{
    MainWindow window;
    window.setInteractive(false);
    window.show(); // a page hidden is told so only in a window shown
    auto* page = qobject_cast<WhatChangedPage*>(window.page(page_ids::whatChanged));
    REQUIRE(page);
    bool busyWhenLeft = false;
    // A first comparison opens on What changed; the user goes on at once, before it can end.
    QObject::connect(&window, &MainWindow::reportOpened, &window, [&] {
        busyWhenLeft = page->isBusy();
        window.showPage(page_ids::summary);
    });
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    QSignalSpy stoppedWorkEnded(page, &ReportPage::stoppedWorkEnded);
    window.compareFiles(sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop"));
    REQUIRE(opened.wait(20000));
    REQUIRE(busyWhenLeft);
    CHECK_FALSE(page->isBusy()); // not busy: it keeps the window from releasing nothing
    CHECK(page->comparison() == nullptr);
    CHECK(page->statusText().contains(QStringLiteral("when this page is shown")));
    // The stopped work says when it has returned (the window releases then what no page shows);
    // its result is not delivered.
    REQUIRE((!stoppedWorkEnded.isEmpty() || stoppedWorkEnded.wait(20000)));
    CHECK_FALSE(partReadersRunning());
    QCoreApplication::processEvents();
    CHECK(page->comparison() == nullptr);

    REQUIRE(showPageAndWait(window, page_ids::whatChanged));
    REQUIRE(page->comparison());
    CHECK(page->comparison()->totalMemory.target > page->comparison()->totalMemory.source);
}
