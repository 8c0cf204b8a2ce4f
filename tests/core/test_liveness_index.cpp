// LiveRangeIndex against a scan of every range, and per-tile liveness from the file.
#include "fixture_builder.hpp"

#include "popscope/liveness.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace popscope;

TEST_CASE("liveness index: live variables at every step equal a scan of the ranges", "[liveness]")
{
    std::mt19937 random(7);
    std::vector<Variable> variables(500);
    const uint32_t steps = 300;
    for (size_t v = 0; v < variables.size(); ++v) {
        variables[v].alwaysLive = v % 10 == 0;
        variables[v].tiles = { { uint32_t(v % 8), 100 }, { uint32_t(8 + v % 8), 28 } };
        if (!variables[v].alwaysLive)
            for (int r = 0; r < 1 + int(v % 3); ++r) {
                const uint32_t first = random() % steps;
                variables[v].liveRanges.push_back(
                    { first, std::min(steps - 1, first + uint32_t(random() % 60)) });
            }
    }
    const LiveRangeIndex index(VariableTable::fromVariables(variables), 2, 8);
    CHECK(index.alwaysLive().size() == 50);
    CHECK(index.bytesOnIpu(3, 0) == 100);
    CHECK(index.bytesOnIpu(3, 1) == 28);
    for (uint32_t step = 0; step < steps; ++step) {
        std::vector<uint32_t> expected;
        for (uint32_t v = 0; v < variables.size(); ++v)
            for (const StepRange& r : variables[v].liveRanges)
                if (r.first <= step && step <= r.last) {
                    expected.push_back(v);
                    break;
                }
        REQUIRE(index.liveAt(step) == expected);
    }
    CHECK(LiveRangeIndex({}, 1, 1).liveAt(0).empty());
}

TEST_CASE("liveness: a tile selection uses the file's per-tile liveness when it has some", "[liveness]")
{
    test::TempDir dir;
    auto report = Report::open(test::writeValidProfile(dir));
    REQUIRE(report->liveness().hasTileLiveness);
    const auto series = livenessSeries(*report, LivenessScope::onTiles({ 0, 1, 2 }));
    CHECK_FALSE(series.computedFromVariables);
    CHECK(series.basis == "per-tile liveness from the profile");
    CHECK(series.notAlwaysLive[0] == 3 * 77); // the fixture's row for step 0, IPU 0
    CHECK(series.notAlwaysLive[1] == 0);
    CHECK(series.capacity == 3 * report->profile().target().bytesPerTile);
    CHECK_THROWS_AS(livenessSeries(*report, LivenessScope::onIpu(5)), ProfileError);
    CHECK_THROWS_AS(livenessSeries(*report, LivenessScope::onTiles({ 100000 })), ProfileError);
    CHECK_THROWS_AS(liveVariablesAt(*report, 1000, LivenessScope::allIpus()), ProfileError);
}

TEST_CASE(
    "liveness: the always-live bytes in a scope sum the always-live variables listed there", "[liveness]")
{
    test::TempDir dir;
    auto report = Report::open(test::writeValidProfile(dir));
    for (const LivenessScope& scope :
        { LivenessScope::allIpus(), LivenessScope::onIpu(0), LivenessScope::onTiles({ 0, 1, 2 }) }) {
        uint64_t listed = 0;
        for (const ScopedVariable& v : alwaysLiveVariables(*report, scope, false))
            listed += v.bytes;
        CHECK(alwaysLiveBytes(*report, scope) == listed);
    }
    CHECK(alwaysLiveBytes(*report, LivenessScope::allIpus()) > 0);
}

TEST_CASE("cycles per program: each IPU's cycles summed over the program's steps", "[liveness]")
{
    test::TempDir dir;
    ProfileDocument doc = test::makeDocument();
    REQUIRE(doc.steps.size() >= 3);
    doc.steps[2].program = doc.steps[0].program; // a program run twice
    const std::string path = dir.file("twice.pop");
    writeProfile(doc, path);
    auto report = Report::open(path);
    const ProgramCycles& pc = report->programCycles();
    REQUIRE(pc.hasExecution);
    REQUIRE(pc.executions.size() == doc.programs.size());

    std::vector<std::vector<uint64_t>> expected(doc.programs.size(), std::vector<uint64_t>(2, 0));
    std::vector<uint32_t> executions(doc.programs.size(), 0);
    for (const ExecutionStep& step : doc.steps) {
        ++executions[step.program];
        for (const StepIpu& ipu : step.ipus)
            expected[step.program][ipu.ipu] += ipu.cycles;
    }
    CHECK(pc.executions == executions);
    CHECK(executions[doc.steps[0].program] >= 2);
    for (uint32_t p = 0; p < doc.programs.size(); ++p)
        CHECK(pc.cyclesByIpu(p) == expected[p]);
    CHECK(pc.cyclesByIpu(uint32_t(doc.programs.size())) == std::vector<uint64_t>(2, 0)); // no such program
}
