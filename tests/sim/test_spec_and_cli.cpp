// Spec files, hand-written descriptions, and the simulate command line.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"
#include "sim_test_helpers.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/cost_model.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace simtest;
namespace fs = std::filesystem;
using popscope::ProfileError;
using popscope::test::CliResult;
const auto cli = popscope::test::runCli;

namespace {

std::string writeSpec(const std::string& name, const std::string& text)
{
    const fs::path p = popscope::test::processScratchDir() / name;
    std::ofstream(p) << text;
    return p.string();
}

} // namespace

TEST_CASE("simulate --help lists every workload and every parameter with its default")
{
    const CliResult r = cli("simulate --help");
    REQUIRE(r.status == 0);
    for (const auto& g : popscope::sim::generatorInfos()) {
        CHECK(r.out.find("\n  " + g.name + "\n") != std::string::npos);
        for (const auto& p : g.params)
            CHECK(r.out.find(p.name + "=" + p.defaultValue + " (" + popscope::sim::parameterDomain(p) + "): ")
                != std::string::npos);
    }
    CHECK(r.out.find("custom") != std::string::npos);
}

TEST_CASE("simulate writes a profile from a workload name and from a spec file")
{
    const std::string out = (popscope::test::processScratchDir() / "popscope_sim_cli.pop").string();
    CliResult r = cli("simulate --workload sort n=1024 -o " + out);
    CHECK(r.status == 0);
    CHECK(fs::file_size(out) > 0);
    r = cli("simulate " + std::string(POPSCOPE_PROFILES_DIR) + "/sort-single.json n=2048 --seed 3 -o " + out);
    CHECK(r.status == 0);
    CHECK(r.out.find("wrote") != std::string::npos);
}

TEST_CASE("bad arguments and specs give clear errors and a non-zero exit")
{
    const std::string out = (popscope::test::processScratchDir() / "popscope_sim_bad.pop").string();
    CliResult r = cli("simulate --workload sort n=abc -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find("parameter 'n' of workload 'sort'") != std::string::npos);
    r = cli("simulate --workload sort colour=red -o " + out);
    CHECK(r.err.find("no parameter 'colour'") != std::string::npos);
    r = cli("simulate --workload nosuch -o " + out);
    CHECK(r.status == 2);
    CHECK(r.err.find("unknown workload 'nosuch'") != std::string::npos);
    r = cli("simulate --workload sort");
    CHECK(r.status == 2);
    CHECK(r.err.find("-o") != std::string::npos);
    r = cli("simulate /nonexistent/spec.json -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find("/nonexistent/spec.json") != std::string::npos);
    const std::string bad = writeSpec(
        "popscope_bad_spec.json", R"({"workload": "pipeline", "params": {"schedule": "zigzag"}})");
    r = cli("simulate " + bad + " -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find(bad) != std::string::npos);
    CHECK(r.err.find("schedule") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("simulate rejects malformed seeds and negative target values with a clear message")
{
    const std::string out = (popscope::test::processScratchDir() / "popscope_seed.pop").string();
    for (const char* seed : { "abc", "-5", "" }) {
        CliResult r = cli(std::string("simulate --workload sort n=64 --seed '") + seed + "' -o " + out);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--seed expects a whole number"));
    }
    CliResult r = cli("simulate --workload sort target.tilesPerIpu=-1 -o " + out);
    CHECK(r.status == 10);
    CHECK_THAT(r.err, Catch::Contains("tilesPerIpu") && Catch::Contains("whole number, 0 or more"));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("runaway executions stop early with a message instead of filling memory")
{
    popscope::sim::SimulationSpec spec;
    spec.workload = "sort";
    spec.params = { { "algorithm", "bitonic" }, { "n", "4096" } };
    popscope::sim::Workload workload;
    popscope::sim::TargetConfig target;
    popscope::sim::buildSpec(spec, workload, target);
    popscope::sim::SimulationOptions steps;
    steps.maxExecutionSteps = 5;
    CHECK_THROWS_WITH(
        popscope::sim::simulateWorkload(workload, target, steps), Catch::Contains("exceeds 5 steps"));
    popscope::sim::SimulationOptions cells;
    cells.maxTileCycleCells = 10000;
    CHECK_THROWS_WITH(
        popscope::sim::simulateWorkload(workload, target, cells), Catch::Contains("per-tile cycles"));
    CHECK_NOTHROW(popscope::sim::simulateWorkload(workload, target));
}

TEST_CASE("spec files: unknown keys, bad JSON and description errors name the file and the key")
{
    using popscope::sim::parseSpecJson;
    CHECK_THROWS_WITH(parseSpecJson("{", "a.json"), Catch::Contains("a.json") && Catch::Contains("JSON"));
    CHECK_THROWS_WITH(parseSpecJson(R"({"workload":"sort","colour":1})", "a.json"),
        Catch::Contains("unknown key 'colour'"));
    CHECK_THROWS_WITH(parseSpecJson(R"({"params":{}})", "a.json"), Catch::Contains("'workload'"));
    auto spec = parseSpecJson(
        R"({"workload":"sort","target":{"preset":"Mk1","clockHz":2e9},"params":{"n":100}})", "b.json");
    CHECK(spec.target == "Mk1");
    CHECK(spec.params.at("n") == "100");
    const auto doc = popscope::sim::simulateSpec(spec);
    CHECK(doc.target.architecture == "Mk1");
    CHECK(doc.target.clockHz == Approx(2e9));
    CHECK(doc.target.tilesPerIpu == 1216);
    auto custom
        = parseSpecJson(R"({"workload":"custom","description":{"variables":[{"name":"x","tiles":"all"}],
        "controlPrograms":[{"type":"Execute","computeSet":"nope"}]}})",
            "c.json");
    CHECK_THROWS_WITH(popscope::sim::simulateSpec(custom),
        Catch::Contains("c.json") && Catch::Contains("description.variables[0]")
            && Catch::Contains("'shape'"));
    custom = parseSpecJson(
        R"({"workload":"custom","description":{"controlPrograms":[{"type":"Execute","computeSet":"nope"}]}})",
        "c.json");
    CHECK_THROWS_WITH(popscope::sim::simulateSpec(custom),
        Catch::Contains("description.controlPrograms[0].computeSet") && Catch::Contains("'nope'"));
    spec = parseSpecJson(R"({"workload":"sort","target":{"numIpus":2}})", "d.json");
    CHECK_THROWS_WITH(popscope::sim::simulateSpec(spec), Catch::Contains("target.numIpus"));
}

TEST_CASE("a hand-written description runs every program type with the cost model")
{
    const auto spec
        = popscope::sim::readSpecFile(std::string(POPSCOPE_PROFILES_DIR) + "/custom-example.json");
    const auto doc = popscope::sim::simulateSpec(spec);
    CHECK(doc.target.architecture == "Mk1");
    uint64_t heap = 0, calls = 0;
    for (const auto& s : doc.steps)
        if (s.type == "OnTileExecute" && doc.computeSets[size_t(s.computeSet)].name == "sort/HeapSort")
            heap = s.ipus.at(0).cycles;
    CHECK(heap == popscope::sim::heapSortCycles(4096));
    for (const auto& p : doc.programs)
        calls += p.type == "Call";
    CHECK(calls == 1);
    uint64_t scaled = 0;
    for (const auto& s : doc.steps)
        if (s.type == "OnTileExecute" && doc.computeSets[size_t(s.computeSet)].name == "scale/ScaledAdd")
            ++scaled;
    CHECK(scaled == 3); // Repeat count 3 around the Call
    CHECK(doc.operations.size() == 3);
    CHECK(doc.operations[1].flops == 49152);
}
