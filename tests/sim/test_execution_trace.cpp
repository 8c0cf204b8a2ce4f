// The execution trace's figures on the seed articles' sorts: one tile busy while 1,471 wait (heap
// sort) against every tile busy (bitonic sort); aggregates equal their parts; the Chrome export
// matches the steps; damaged per-tile rows are named.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "popscope/chrome_trace.hpp"
#include "popscope/errors.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "sample_profiles.hpp"
#include "spilling_on.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <tuple>

using namespace popscope;
using popscope::test::SpillingOn;
using simtest::sampleProfile;

namespace {

const StepIpu& onIpu0(const ExecutionStep& step)
{
    return step.ipus.front();
}

// The heap sort step of sort-single, found by its program's name.
uint32_t heapSortStep(const Profile& profile, const std::vector<ExecutionStep>& steps)
{
    const auto programs = profile.readPrograms();
    for (uint32_t i = 0; i < steps.size(); ++i)
        if (programs[steps[i].program].name.find("HeapSort") != std::string::npos)
            return i;
    FAIL("sort-single has no heap sort step");
    return 0;
}

} // namespace

TEST_CASE(
    "sort-single: one tile computes while the others wait, the heap sort tops the waits", "[trace][samples]")
{
    const auto profile = Profile::open(sampleProfile("sort-single"));
    const TraceSummary trace = analyseTrace(*profile);
    CHECK(trace.parallelEfficiency() < 0.01);
    REQUIRE_FALSE(trace.waits.empty());
    const WaitingStep& top = trace.waits.front();
    CHECK(trace.programName(top) == "sort/HeapSort");
    CHECK(trace.typeOf(top) == "OnTileExecute");
    CHECK(top.perTile);
    CHECK(std::vector<uint32_t>(top.slowestTiles().begin(), top.slowestTiles().end())
        == std::vector<uint32_t> { 0 });
    CHECK(top.slowestTileCount == 1);
    // Its waiting tile-cycles, straight from the file: every other tile waits the whole step.
    const auto steps = profile->readSteps(true);
    const StepIpu& heap = onIpu0(steps[top.step]);
    uint64_t expected = 0;
    for (uint32_t c : heap.cyclesByTile)
        expected += heap.cycles - c;
    CHECK(top.waitTileCycles == expected);

    const StepTable headers = profile->readStepTable();
    const uint64_t middle = heap.cyclesBase + heap.cycles / 2;
    const TileMoment tile0 = tileStateAt(*profile, headers, 0, middle);
    CHECK(tile0.state == TraceState::Computing);
    CHECK(tile0.step == int64_t(top.step));
    CHECK(tileStateAt(*profile, headers, 1, middle).state == TraceState::WaitingForSync);
    CHECK(tileStateAt(*profile, headers, 0, trace.ipus[0].lastCycle + 5).state == TraceState::Idle);
}

TEST_CASE("sort-bitonic: every tile computes or exchanges, efficiency above 50 %", "[trace][samples]")
{
    const auto profile = Profile::open(sampleProfile("sort-bitonic"));
    const TraceSummary trace = analyseTrace(*profile);
    CHECK(trace.parallelEfficiency() > 0.5);
    const StepTable steps = profile->readStepTable();
    for (uint32_t i = 0; i < steps.size(); ++i) {
        const TraceState work = workStateOf(steps.type(i));
        if (work != TraceState::Computing && work != TraceState::Exchanging)
            continue;
        const StepOnIpu* si = steps.onIpu(i, 0);
        REQUIRE(si);
        for (uint32_t tile : { 0u, 1u, 700u, 1471u }) {
            INFO("step " << i << ", tile " << tile);
            CHECK(tileStateAt(*profile, steps, tile, si->cyclesBase).state == work);
        }
    }
}

TEST_CASE("trace aggregates equal the sum of their parts", "[trace][samples]")
{
    for (const char* name : { "sort-single", "sort-bitonic", "pipeline-grouped" }) {
        INFO(name);
        const auto profile = Profile::open(sampleProfile(name));
        const TraceSummary trace = analyseTrace(*profile);
        uint64_t waits = 0;
        for (const WaitingStep& w : trace.waits)
            waits += w.waitTileCycles;
        CHECK(waits == trace.waitTileCycles());
        for (const IpuTrace& ipu : trace.ipus) {
            const uint64_t span = ipu.lastCycle - ipu.firstCycle;
            uint64_t steps = 0;
            for (uint64_t c : ipu.stepCycles)
                steps += c;
            CHECK(steps == span);
            CHECK(ipu.allTileCycles() == span * trace.tilesPerIpu);
            CHECK(ipu.maxTileBusy >= ipu.meanTileBusy);
        }
        // A range that is the whole run gives the same figures.
        const TraceSummary whole = analyseTrace(*profile, { 0, trace.ipus[0].lastCycle });
        CHECK(whole.ipus[0].tileCycles == trace.ipus[0].tileCycles);
    }
}

TEST_CASE("a range holding only the heap sort counts that step alone", "[trace][samples]")
{
    const auto profile = Profile::open(sampleProfile("sort-single"));
    const auto steps = profile->readSteps(false);
    const StepIpu& heap = onIpu0(steps[heapSortStep(*profile, steps)]);
    const TraceSummary trace = analyseTrace(*profile, { heap.cyclesBase, heap.cyclesBase + heap.cycles });
    CHECK(trace.numSteps == 1);
    CHECK(trace.totalCycles == heap.cycles);
    CHECK(trace.parallelEfficiency() == Approx(1.0 / 1472).epsilon(0.01));
}

TEST_CASE(
    "the Chrome trace export holds every step at its cycles and every tile's active part", "[trace][export]")
{
    popscope::test::TempDir dir;
    const std::string out = dir.file("trace.json");
    const auto profile = Profile::open(sampleProfile("sort-single"));
    const ChromeTraceStats stats = writeChromeTrace(*profile, out, true);
    const nlohmann::json trace = nlohmann::json::parse(popscope::test::readBytes(out));
    const auto steps = profile->readSteps(true);
    const double clock = profile->target().clockHz;
    std::map<uint64_t, nlohmann::json> stepEvents;
    uint64_t tileEvents = 0, durationEvents = 0;
    for (const auto& e : trace["traceEvents"]) {
        if (e["ph"] != "X")
            continue;
        ++durationEvents;
        if (e["tid"] == 0 && e["cat"] != "run")
            stepEvents[e["args"]["step"].get<uint64_t>()] = e;
        else if (e["tid"] != 0)
            ++tileEvents;
    }
    CHECK(durationEvents == stats.events);
    REQUIRE(stepEvents.size() == steps.size());
    uint64_t activeTileSlices = 0;
    for (uint64_t i = 0; i < steps.size(); ++i) {
        const StepIpu& si = onIpu0(steps[i]);
        const auto& e = stepEvents[i];
        CHECK(e["args"]["cycles"].get<uint64_t>() == si.cycles);
        CHECK(e["dur"].get<double>() == Approx(double(si.cycles) / clock * 1e6).margin(1e-3));
        CHECK(e["ts"].get<double>() == Approx(double(si.cyclesBase) / clock * 1e6).margin(1e-3));
        for (uint32_t c : si.cyclesByTile)
            activeTileSlices += c > 0;
    }
    CHECK(tileEvents == activeTileSlices);
}

TEST_CASE("a damaged per-tile cycles row is named, never read past", "[trace][hostile]")
{
    popscope::test::TempDir dir;
    const std::string path = popscope::test::writeValidProfile(dir, "damaged.pop");
    SECTION("a row of the wrong length")
    {
        popscope::test::execSql(path,
            "UPDATE cycles_by_tile SET cycles = zeroblob(7) WHERE step_id = (SELECT min(step_id) FROM "
            "cycles_by_tile)");
        CHECK_THROWS_WITH(analyseTrace(*Profile::open(path)),
            Catch::Contains("damaged.pop") && Catch::Contains("cycles_by_tile")
                && Catch::Contains("7 bytes"));
    }
    SECTION("a tile that runs longer than its step")
    {
        popscope::test::execSql(path,
            "UPDATE steps_by_ipu SET cycles = 1 WHERE step_id = (SELECT min(step_id) FROM cycles_by_tile)");
        CHECK_THROWS_WITH(analyseTrace(*Profile::open(path)), Catch::Contains("longer than the step"));
    }
    const auto export_ = [&] { writeChromeTrace(*Profile::open(path), dir.file("out.json"), true); };
    CHECK_THROWS_AS(export_(), ProfileError);
    CHECK_FALSE(std::filesystem::exists(dir.file("out.json")));
}

TEST_CASE("popscope-cli trace prints the same ranking and figures as core", "[trace][cli]")
{
    const std::string path = sampleProfile("sort-single");
    const auto result = popscope::test::runCli("trace " + path + " --json --top 2");
    REQUIRE(result.status == 0);
    const auto json = nlohmann::json::parse(result.out);
    const TraceSummary trace = analyseTrace(*Profile::open(path));
    CHECK(json["parallelEfficiency"].get<double>() == Approx(trace.parallelEfficiency()));
    REQUIRE(json["waits"].size() == 2);
    CHECK(json["waits"][0]["program"] == "sort/HeapSort");
    CHECK(json["waits"][0]["slowestTiles"] == nlohmann::json::array({ 0 }));
    CHECK(json["waitingSteps"].get<size_t>() == trace.waits.size());

    const auto text = popscope::test::runCli("trace " + path);
    CHECK(text.status == 0);
    CHECK_THAT(text.out,
        Catch::Contains("1. step") && Catch::Contains("sort/HeapSort")
            && Catch::Contains("held up by tile 0"));
    CHECK(popscope::test::runCli("trace " + path + " --top many").status == 2);
    CHECK(popscope::test::runCli("export-trace " + path).status == 2); // no -o
}

TEST_CASE("the packed step table holds what the document's steps hold", "[trace][steps]")
{
    const auto profile = Profile::open(sampleProfile("pipeline-grouped"));
    const std::vector<ExecutionStep> document = profile->readSteps(false);
    const StepTable table = profile->readStepTable();
    REQUIRE(table.size() == document.size());
    size_t rows = 0;
    for (size_t i = 0; i < document.size(); ++i) {
        INFO("step " << i);
        const ExecutionStep& step = document[i];
        CHECK(table.run(i) == step.run);
        CHECK(table.program(i) == step.program);
        CHECK(table.type(i) == step.type);
        CHECK(table.computeSet(i) == step.computeSet);
        REQUIRE(table.ipus(i).size() == step.ipus.size());
        for (size_t k = 0; k < step.ipus.size(); ++k) {
            const StepIpu& expected = step.ipus[k];
            const StepOnIpu& held = table.ipus(i)[k];
            CHECK(held.ipu == expected.ipu);
            CHECK(held.cycles == expected.cycles);
            CHECK(held.cyclesBase == expected.cyclesBase);
            CHECK(held.activeTiles == expected.activeTiles);
            CHECK(held.dataIn == expected.dataIn);
            CHECK(held.dataOut == expected.dataOut);
            CHECK(table.onIpu(i, expected.ipu) == &held);
        }
        rows += step.ipus.size();
    }
    CHECK(table.ipuRows() == rows);
    CHECK(table.onIpu(0, 99) == nullptr);
    // The same table from the document's steps.
    const StepTable fromDocument = StepTable::of(document);
    CHECK(fromDocument.types() == table.types());
    CHECK(fromDocument.ipuRows() == table.ipuRows());

    // Rows come in step and IPU order, each IPU once: anything else is refused (a damaged index).
    StepTable built;
    for (int step = 0; step < 3; ++step)
        built.addStep(0, "OnTileExecute", 0, -1);
    CHECK(built.addIpu(1, { 0, 1, 10, 0, 0, 0 }));
    CHECK_FALSE(built.addIpu(1, { 0, 1, 10, 0, 0, 0 })); // the same IPU again
    CHECK(built.addIpu(1, { 2, 1, 10, 0, 0, 0 }));
    CHECK_FALSE(built.addIpu(0, { 3, 1, 10, 0, 0, 0 })); // an earlier step
    CHECK_FALSE(built.addIpu(3, { 0, 1, 10, 0, 0, 0 })); // no such step
    built.finish();
    CHECK(built.ipus(0).empty());
    CHECK(built.ipus(1).size() == 2);
    CHECK(built.ipus(2).empty());
}

TEST_CASE("every waiting step is named by its program and type", "[trace][steps]")
{
    const auto profile = Profile::open(sampleProfile("pipeline-grouped"));
    const TraceSummary trace = analyseTrace(*profile);
    const StepTable steps = profile->readStepTable();
    const auto programs = profile->readPrograms();
    REQUIRE(trace.waits.size() > 1);
    CHECK(trace.namedPrograms.size() < programs.size()); // only the waits' programs
    for (const WaitingStep& wait : trace.waits) {
        INFO("step " << wait.step << " on IPU " << wait.ipu);
        CHECK(wait.program == steps.program(wait.step));
        CHECK(trace.programName(wait) == programs[wait.program].name);
        CHECK(trace.typeOf(wait) == steps.type(wait.step));
    }
}

TEST_CASE("a trace summary's waits and their names spilled read as they do in memory", "[spill][trace]")
{
    const std::string path = sampleProfile("sort-single");
    const TraceSummary inMemory = analyseTrace(*Profile::open(path));
    REQUIRE_FALSE(inMemory.waits.empty());
    CHECK_FALSE(inMemory.waits.isSpilled());

    const SpillingOn spilling;
    const TraceSummary spilled = analyseTrace(*Profile::open(path));
    CHECK(spilled.waits.isSpilled());
    REQUIRE(spilled.waits.size() == inMemory.waits.size());
    for (size_t i = 0; i < spilled.waits.size(); ++i) {
        INFO("wait " << i);
        const WaitingStep &a = inMemory.waits[i], &b = spilled.waits[i];
        CHECK(std::tie(a.step, a.ipu, a.program, a.waitTileCycles)
            == std::tie(b.step, b.ipu, b.program, b.waitTileCycles));
        CHECK(inMemory.programName(a) == spilled.programName(b));
        CHECK_FALSE(spilled.programName(b).empty());
        if (i > 0) // most wasted first
            CHECK(spilled.waits[i - 1].waitTileCycles >= b.waitTileCycles);
    }
}
