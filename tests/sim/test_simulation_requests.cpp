// Simulation requests as the window and the CLI make them: typed parameters checked before
// running with the CLI's own messages, the request stored in the report, progress and cancel that
// leave no file, sweeps and the series table.
#include "cli_runner.hpp"
#include "fixture_builder.hpp"

#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/series.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using popscope::ProfileError;
using popscope::test::CliResult;
namespace sim = popscope::sim;

namespace {

sim::SimulationSpec matmulSpec(std::map<std::string, std::string> params)
{
    sim::SimulationSpec spec;
    spec.workload = "matmul";
    spec.source = "command line";
    spec.params = std::move(params);
    return spec;
}

std::string problemOf(const sim::SimulationSpec& spec)
{
    try {
        sim::checkSpec(spec);
    } catch (const ProfileError& e) {
        return e.problem();
    }
    return {};
}

} // namespace

TEST_CASE("every declared parameter's default passes its own check, and each kind refuses a bad value")
{
    for (const auto& g : sim::generatorInfos()) {
        CHECK_NOTHROW(sim::checkParameters(g.name, {}, "test"));
        for (const auto& p : g.params) {
            const std::string bad
                = p.kind == sim::ParamKind::Integer ? std::to_string(p.maximum) + "0" : "maybe";
            CHECK_THROWS_AS(sim::checkParameters(g.name, { { p.name, bad } }, "test"), ProfileError);
        }
    }
    CHECK(problemOf(matmulSpec({ { "batch", "0" } }))
        == "parameter 'batch' of workload 'matmul': expected an integer in 1..4096, got '0'");
    CHECK(problemOf(matmulSpec({ { "training", "perhaps" } }))
        == "parameter 'training' of workload 'matmul': expected true or false, got 'perhaps'");
    CHECK(problemOf(matmulSpec({ { "bogus", "1" } })).find("has no parameter 'bogus'") != std::string::npos);
    sim::SimulationSpec overridden = matmulSpec({});
    overridden.targetOverrides["clockHz"] = "fast";
    CHECK(problemOf(overridden) == "target field 'clockHz': expected a number, got 'fast'");
}

TEST_CASE("the CLI refuses a bad value with the message the window shows, and writes nothing")
{
    const std::string out = (popscope::test::processScratchDir() / "refused.pop").string();
    const CliResult r = popscope::test::runCli("simulate --workload matmul batch=0 -o " + out);
    CHECK(r.status == 10); // the CLI exits 2 + ErrorKind::InvalidInput
    CHECK(r.err.find(problemOf(matmulSpec({ { "batch", "0" } }))) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("a simulated report stores its request, which reads back as the same spec")
{
    sim::SimulationSpec spec = matmulSpec({ { "batch", "2" }, { "layers", "1" } });
    spec.target = "Bow";
    spec.targetOverrides["hostWaitCycles"] = "9000";
    spec.seed = 7;
    const std::string path = (popscope::test::processScratchDir() / "stored-spec.pop").string();
    sim::simulateToFile(spec, path);
    const auto profile = popscope::Profile::open(path);
    const std::string stored = profile->info().simulationSpecJson;
    REQUIRE_FALSE(stored.empty());
    const sim::SimulationSpec back = sim::parseSpecJson(stored, path);
    CHECK(back.workload == "matmul");
    CHECK(back.params == spec.params);
    CHECK(back.target == "Bow");
    CHECK(back.targetOverrides == spec.targetOverrides);
    CHECK(back.seed == 7);
}

TEST_CASE("progress rises to 1 through named phases, and a cancel leaves no file behind")
{
    const sim::SimulationSpec spec = matmulSpec({ { "layers", "2" } });
    const fs::path folder = popscope::test::processScratchDir() / "progress";
    fs::create_directories(folder);
    std::vector<std::pair<std::string, double>> seen;
    sim::simulateToFile(
        spec, (folder / "whole.pop").string(), [&seen](const std::string& phase, double share) {
            seen.emplace_back(phase, share);
            return true;
        });
    REQUIRE(seen.size() >= 5);
    for (size_t i = 1; i < seen.size(); ++i)
        CHECK(seen[i].second >= seen[i - 1].second);
    CHECK(seen.back() == std::make_pair(std::string("done"), 1.0));
    for (const char* phase : { "building the workload", "executing the supersteps", "writing the profile" })
        CHECK(std::any_of(seen.begin(), seen.end(), [phase](const auto& s) { return s.first == phase; }));

    // Cancelled in each phase in turn: nothing at the path, nothing beside it.
    for (const double stopAt : { 0.0, 0.3, 0.5, 0.85 }) {
        fs::remove(folder / "cancelled.pop");
        const std::string path = (folder / "cancelled.pop").string();
        CHECK_THROWS_AS(sim::simulateToFile(spec, path,
                            [stopAt](const std::string&, double share) { return share < stopAt; }),
            sim::SimulationCancelled);
        CHECK_FALSE(fs::exists(path));
    }
    size_t files = 0;
    for (const auto& entry : fs::directory_iterator(folder))
        files += entry.path().filename() != "whole.pop";
    CHECK(files == 0);
}

TEST_CASE("sweep values are checked, numbers sorted, and named from what differs from the defaults")
{
    const auto [key, values] = sim::parseSweep("batch=16, 4,8");
    CHECK(key == "batch");
    CHECK(values == std::vector<std::string> { "4", "8", "16" });
    CHECK(sim::sweepSpecs(matmulSpec({}), key, values).size() == 3);
    CHECK_THROWS_WITH(sim::sweepSpecs(matmulSpec({}), "batch", { "4", "0" }),
        Catch::Contains("expected an integer in 1..4096, got '0'"));
    CHECK_THROWS_WITH(
        sim::sweepSpecs(matmulSpec({}), "colour", { "1", "2" }), Catch::Contains("no parameter 'colour'"));
    CHECK_THROWS_AS(sim::parseSweep("batch"), ProfileError);
    sim::SimulationSpec named = matmulSpec({ { "batch", "8" }, { "inputs", "2048" } });
    named.seed = 3;
    CHECK(sim::simulationFileName(named) == "matmul-batch_8-Mk2-seed_3.pop");
}

TEST_CASE("simulate --sweep writes one profile per value, and its JSON table agrees with summary --json")
{
    const fs::path folder = popscope::test::processScratchDir() / "sweep";
    // 8192 x 8192 float weights are 256 MiB a layer: one and two layers fit, four do not.
    const CliResult r = popscope::test::runCli(
        "simulate --workload matmul inputs=8192 outputs=8192 training=false --sweep layers=4,1,2 -o "
        + folder.string() + " --json");
    REQUIRE(r.status == 0);
    const auto table = nlohmann::json::parse(r.out);
    CHECK(table["parameter"] == "layers");
    REQUIRE(table["rows"].size() == 3);
    size_t profiles = 0;
    for (const auto& entry : fs::directory_iterator(folder))
        profiles += entry.path().extension() == ".pop";
    CHECK(profiles == 3);
    int lastFitting = -1;
    for (size_t i = 0; i < 3; ++i) {
        const auto& row = table["rows"][i];
        const CliResult s = popscope::test::runCli("summary --json " + row["path"].get<std::string>());
        REQUIRE(s.status == 0);
        const auto summary = nlohmann::json::parse(s.out);
        CHECK(row["totalMemory"] == summary["memory"]["usedIncludingGaps"]);
        CHECK(row["tilesOverCapacity"] == summary["memory"]["tilesOverCapacity"]);
        CHECK(row["fits"] == summary["memory"]["fits"]);
        CHECK(row["totalCycles"] == summary["execution"]["totalCycles"]);
        if (row["fits"].get<bool>())
            lastFitting = int(i);
    }
    CHECK(table["largestFitting"] == lastFitting);
    CHECK(lastFitting == 1);
    CHECK(table["rows"][0]["label"] == "1");
    CHECK(table["rows"][2]["label"] == "4");
}

TEST_CASE("the series table marks the largest row that fits and the largest jump")
{
    auto row = [](const char* label, uint64_t memory, bool fits) {
        popscope::SeriesRow r;
        r.label = label;
        r.totalMemory = memory;
        r.mostUsedTileBytes = memory * 10; // the same ratios: the first figure of the table is named
        r.fits = fits;
        return r;
    };
    // 100 -> 110 -> 400 -> 410 bytes: the jump is at the third row (x3.64), the last fitting the second.
    const popscope::SeriesTable t = popscope::seriesTable(
        "batch", { row("4", 100, true), row("8", 110, true), row("16", 400, false), row("32", 410, false) });
    CHECK(t.largestFitting == 1);
    CHECK(t.jumpRow == 2);
    CHECK(t.jumpFigure == "total memory");
    CHECK(t.jumpRatio == Approx(400.0 / 110.0));
    CHECK(popscope::seriesTable("batch", { row("4", 100, false) }).largestFitting == -1);
}
