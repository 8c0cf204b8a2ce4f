// TraceBuilder: the Execution Trace's background build as an object of its own, without widgets:
// built with progress, a damaged per-tile row failing with the file named, and a dropped build
// that delivers nothing.
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/trace/trace_builder.hpp"
#include "popscope/report.hpp"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

TEST_CASE("trace builder: builds a report's trace off the GUI thread with progress", "[trace][builder]")
{
    const QString path = sampleProfile("pipeline-grouped.pop");
    const auto report = Report::open(path.toStdString());
    TraceBuilder builder;
    QSignalSpy progress(&builder, &TraceBuilder::progress);
    QSignalSpy built(&builder, &TraceBuilder::built);
    QSignalSpy failed(&builder, &TraceBuilder::failed);
    builder.start(report, path);
    REQUIRE(builder.isRunning());
    REQUIRE(built.wait(60000));
    REQUIRE(failed.isEmpty());
    REQUIRE(!builder.isRunning());
    const auto data = built.first().at(0).value<std::shared_ptr<const TraceData>>();
    REQUIRE(data);
    REQUIRE(data->steps.size() == report->summary().numExecutionSteps);
    REQUIRE(!progress.isEmpty());
}

TEST_CASE(
    "trace builder: a damaged per-tile row fails with the file and the problem", "[trace][builder][hostile]")
{
    TempDir dir;
    const std::string path = writeValidProfile(dir, "damaged-trace.pop");
    execSql(path,
        "UPDATE cycles_by_tile SET cycles = zeroblob(7) WHERE step_id = (SELECT min(step_id) FROM "
        "cycles_by_tile)");
    TraceBuilder builder;
    QSignalSpy failed(&builder, &TraceBuilder::failed);
    builder.start(Report::open(path), QString::fromStdString(path));
    REQUIRE(failed.wait(60000));
    REQUIRE(failed.first().at(0).toString().contains(QStringLiteral("damaged-trace.pop")));
}

TEST_CASE(
    "trace builder: a dropped build delivers nothing, and a new one delivers its own", "[trace][builder]")
{
    const QString first = sampleProfile("sort-single.pop"), second = sampleProfile("sort-bitonic.pop");
    const auto a = Report::open(first.toStdString()), b = Report::open(second.toStdString());
    TraceBuilder builder;
    QSignalSpy built(&builder, &TraceBuilder::built);
    builder.start(a, first);
    builder.drop();
    REQUIRE(!builder.isRunning());
    builder.start(b, second);
    REQUIRE(built.wait(60000));
    builder.waitForFinished();
    QCoreApplication::processEvents();
    REQUIRE(built.size() == 1);
    const auto data = built.first().at(0).value<std::shared_ptr<const TraceData>>();
    REQUIRE(data->steps.size() == b->summary().numExecutionSteps);
}
