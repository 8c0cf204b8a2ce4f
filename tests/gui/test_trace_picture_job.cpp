// TracePictureJob: the Execution Trace's BSP pictures computed off the GUI thread, without a widget:
// a request's lanes are painted at their sizes, a changed window makes them old (they still stand
// in) and the next job paints the window asked for by then.
#include "gui_fixture.hpp"
#include "models/trace/trace_builder.hpp"
#include "models/trace/trace_picture_job.hpp"
#include "popscope/report.hpp"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

namespace {
std::shared_ptr<const TraceData> builtTrace(const QString& path)
{
    TraceBuilder builder;
    QSignalSpy built(&builder, &TraceBuilder::built);
    builder.start(Report::open(path.toStdString()), path);
    REQUIRE(built.wait(60000));
    return built.first().at(0).value<std::shared_ptr<const TraceData>>();
}
} // namespace

TEST_CASE("trace picture job: paints the lanes asked for and follows a changed window", "[trace][pictures]")
{
    const auto trace = builtTrace(sampleProfile("pipeline-grouped.pop"));
    REQUIRE(trace);
    REQUIRE(trace->lod.numIpus() >= 2);
    TracePictureJob::Request request;
    request.ipus = { 0, 1 };
    request.sizes = { QSize(300, 40), QSize(200, 30) };
    request.window.cyclesPerColumn = double(trace->lod.endCycle()) / 300.0 + 1.0;
    request.window.lastTile = trace->lod.tilesPerIpu();
    int asked = 0;
    TracePictureJob job([&] {
        ++asked;
        return request;
    });
    QSignalSpy ready(&job, &TracePictureJob::ready);
    job.start(); // no trace yet: nothing to paint
    REQUIRE(asked == 0);
    job.setTrace(trace);
    job.start();
    REQUIRE(asked == 1);
    job.start(); // one job at a time
    REQUIRE(asked == 1);
    REQUIRE(ready.wait(60000));
    REQUIRE(job.current());
    const TracePictures& first = job.pictures();
    REQUIRE(first.images.size() == 2);
    REQUIRE(first.imageOf(1)->size() == QSize(200, 30));
    REQUIRE(first.imageOf(7) == nullptr);
    REQUIRE(!first.singleTiles); // 16 tiles or more a pixel row

    job.invalidate(); // the window narrows to the first tiles: single tiles
    REQUIRE(!job.current());
    REQUIRE(job.pictures().images.size() == 2); // the old ones stand in
    request.ipus = { 1 };
    request.sizes = { QSize(100, 20) };
    request.window.lastTile = 4;
    job.finish();
    REQUIRE(job.current());
    REQUIRE(job.pictures().ipus == std::vector<uint32_t> { 1 });
    REQUIRE(job.pictures().imageOf(1)->size() == QSize(100, 20));
    REQUIRE(job.pictures().singleTiles);
    REQUIRE(ready.size() == 2);
}
