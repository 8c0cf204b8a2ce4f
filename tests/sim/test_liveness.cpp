// The Liveness report's numbers on the sample profiles, checked against what the variables' live
// ranges and per-tile bytes give when summed directly (no index, no cached curve).
#include "sample_profiles.hpp"

#include "cli_runner.hpp"
#include "popscope/liveness_report.hpp"
#include "popscope/profile.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

using namespace popscope;
using simtest::sampleProfile;

namespace {

// Not-always-live bytes at `step` on the tiles `onTile` accepts, straight from the variables.
template <typename OnTile>
uint64_t directBytes(const std::vector<Variable>& variables, uint32_t step, OnTile onTile)
{
    uint64_t sum = 0;
    for (const Variable& v : variables) {
        if (v.alwaysLive)
            continue;
        const bool live = std::any_of(v.liveRanges.begin(), v.liveRanges.end(),
            [&](const StepRange& r) { return r.first <= step && step <= r.last; });
        if (!live)
            continue;
        for (const TileBytes& tb : v.tiles)
            if (onTile(tb.tile))
                sum += tb.bytes;
    }
    return sum;
}

uint64_t sumOf(const std::vector<ScopedVariable>& variables)
{
    uint64_t sum = 0;
    for (const ScopedVariable& v : variables)
        sum += v.bytes;
    return sum;
}

// The program's ancestors in the program tree, nearest first.
std::vector<std::string> ancestorNames(const std::vector<Program>& programs, uint32_t program)
{
    std::vector<std::string> names;
    uint32_t node = program;
    for (bool found = true; found;) {
        found = false;
        for (uint32_t p = 0; p < programs.size() && !found; ++p)
            if (std::find(programs[p].children.begin(), programs[p].children.end(), node)
                != programs[p].children.end()) {
                names.push_back(programs[p].name);
                node = p;
                found = true;
            }
    }
    return names;
}

} // namespace

TEST_CASE("liveness: the curve at chosen steps equals the live variables' bytes summed from their ranges",
    "[liveness]")
{
    for (const char* name :
        { "pipeline-grouped", "pipeline-interleaved", "offload-on", "offload-off", "demo" }) {
        INFO(name);
        auto report = Report::open(sampleProfile(name));
        const std::vector<Variable> variables = Profile::open(sampleProfile(name))->readVariables(true);
        const LivenessCurve& curve = report->liveness();
        REQUIRE(curve.numSteps() > 10);
        const auto all = livenessSeries(*report, LivenessScope::allIpus());
        const uint32_t n = uint32_t(curve.numSteps());
        const uint32_t tilesPerIpu = curve.tilesPerIpu;
        for (uint32_t step : { 0u, n / 4, n / 3, n / 2, findPeak(all.notAlwaysLive).step, n - 1 }) {
            INFO("step " << step);
            CHECK(all.notAlwaysLive[step] == directBytes(variables, step, [](uint32_t) { return true; }));
            for (uint32_t ipu = 0; ipu < curve.numIpus; ++ipu) {
                const auto series = livenessSeries(*report, LivenessScope::onIpu(ipu));
                CHECK(series.notAlwaysLive[step]
                    == directBytes(variables, step, [&](uint32_t t) { return t / tilesPerIpu == ipu; }));
            }
            // A tile selection: computed from the variables (no sample has liveness_by_tile).
            const std::vector<uint32_t> tiles = { 0, 1, 5, tilesPerIpu - 1 };
            const auto onTiles = livenessSeries(*report, LivenessScope::onTiles(tiles));
            CHECK(onTiles.computedFromVariables);
            CHECK(onTiles.notAlwaysLive[step] == directBytes(variables, step, [&](uint32_t t) {
                return std::find(tiles.begin(), tiles.end(), t) != tiles.end();
            }));
        }
    }
}

TEST_CASE(
    "liveness: the variables live at a step sum to the curve's value there, in every scope", "[liveness]")
{
    for (const char* name : { "pipeline-grouped", "offload-on", "demo" }) {
        INFO(name);
        auto report = Report::open(sampleProfile(name));
        const uint32_t n = uint32_t(report->liveness().numSteps());
        std::vector<LivenessScope> scopes
            = { LivenessScope::allIpus(), LivenessScope::onTiles({ 2, 3, 40 }) };
        for (uint32_t ipu = 0; ipu < report->liveness().numIpus; ++ipu)
            scopes.push_back(LivenessScope::onIpu(ipu));
        for (const LivenessScope& scope : scopes) {
            INFO(scope.describe());
            const auto series = livenessSeries(*report, scope);
            const LivenessPeak peak = findPeak(series.notAlwaysLive);
            for (uint32_t step : { peak.step, n / 2, n - 1 }) {
                const auto live = liveVariablesAt(*report, step, scope);
                CHECK(sumOf(live) == series.notAlwaysLive[step]);
                CHECK(std::is_sorted(live.begin(), live.end(),
                    [](const ScopedVariable& a, const ScopedVariable& b) { return a.bytes > b.bytes; }));
                // Unsorted (for a tree that sorts its rows): the same variables, in variable order.
                const auto byVariable = [](const ScopedVariable& a, const ScopedVariable& b) {
                    return a.variable < b.variable;
                };
                const auto inOrder = liveVariablesAt(*report, step, scope, false);
                CHECK(std::is_sorted(inOrder.begin(), inOrder.end(), byVariable));
                auto sorted = live;
                std::sort(sorted.begin(), sorted.end(), byVariable);
                CHECK(std::equal(sorted.begin(), sorted.end(), inOrder.begin(), inOrder.end(),
                    [](const ScopedVariable& a, const ScopedVariable& b) {
                        return a.variable == b.variable && a.bytes == b.bytes;
                    }));
            }
        }
    }
}

TEST_CASE(
    "liveness: pipeline-grouped peaks in a backward pass with the stashed activations live", "[liveness]")
{
    auto report = Report::open(sampleProfile("pipeline-grouped"));
    const auto series = livenessSeries(*report, LivenessScope::allIpus());
    const LivenessPeak peak = findPeak(series.notAlwaysLive);
    REQUIRE(peak.bytes > 0);
    const auto programs = Profile::open(sampleProfile("pipeline-grouped"))->readPrograms();
    const auto ancestors = ancestorNames(programs, report->liveness().stepProgram[peak.step]);
    INFO("peak at step " << peak.step << " " << report->liveness().stepName(peak.step));
    CHECK(std::any_of(ancestors.begin(), ancestors.end(),
        [](const std::string& n) { return n.size() >= 8 && n.compare(n.size() - 8, 8, "backward") == 0; }));
    std::set<std::string> live;
    for (const ScopedVariable& v : liveVariablesAt(*report, peak.step, LivenessScope::allIpus()))
        live.emplace(report->variables()[v.variable].name);
    CHECK(live.count("stage0/layer0/dense/fifo/activations") == 1);

    // The interleaved schedule peaks lower.
    auto interleaved = Report::open(sampleProfile("pipeline-interleaved"));
    const LivenessComparison c = compareLiveness(*report, *interleaved);
    REQUIRE(c.available);
    CHECK(c.sourcePeak == peak.bytes);
    CHECK(c.targetPeak < c.sourcePeak);
    CHECK(c.peakDiff.absolute < 0);
}

TEST_CASE("liveness: offloading optimiser state raises the not-always-live peak", "[liveness]")
{
    auto off = Report::open(sampleProfile("offload-off"));
    auto on = Report::open(sampleProfile("offload-on"));
    const LivenessComparison c = compareLiveness(*off, *on);
    REQUIRE(c.available);
    CHECK(c.targetPeak > c.sourcePeak); // the streamed-in optimiser state is live only around the update
    CHECK(c.peakDiff.absolute > 0);
    CHECK(!c.grownAtPeak.empty());
    for (const auto& v : c.grownAtPeak)
        CHECK(v.target > v.source);
    // The always-live bytes move the other way.
    CHECK(livenessSeries(*on, LivenessScope::allIpus()).alwaysLive
        < livenessSeries(*off, LivenessScope::allIpus()).alwaysLive);

    // What changed carries the peak, its step and program.
    const ReportComparison full = compareReports(*off, *on);
    const auto lines = whatChanged(full);
    auto it = std::find_if(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.metric == "peak liveness"; });
    REQUIRE(it != lines.end());
    CHECK(it->page == "liveness");
    CHECK(it->diff.absolute == c.peakDiff.absolute);
    CHECK(it->subject.find("step " + formatCount(c.targetPeakStep)) != std::string::npos);
    CHECK(it->subject.find(c.targetPeakProgram) != std::string::npos);
    CHECK(std::any_of(lines.begin(), lines.end(),
        [](const ChangeLine& l) { return l.metric == "bytes live at the peak"; }));
}

TEST_CASE("liveness: steps match by index when the programs agree, else by program name", "[liveness]")
{
    auto grouped = Report::open(sampleProfile("pipeline-grouped"));
    const StepMatch same = matchSteps(grouped->liveness(), grouped->liveness());
    CHECK_FALSE(same.byName);
    CHECK(same.matched == grouped->liveness().numSteps());
    auto interleaved = Report::open(sampleProfile("pipeline-interleaved"));
    const StepMatch m = matchSteps(grouped->liveness(), interleaved->liveness());
    CHECK(m.byName);
    CHECK(m.matched > 0);
    for (size_t s = 0; s < m.targetOf.size(); ++s)
        if (m.targetOf[s] >= 0) {
            CHECK(grouped->liveness().stepName(s) == interleaved->liveness().stepName(size_t(m.targetOf[s])));
            CHECK(m.sourceOf[size_t(m.targetOf[s])] == int64_t(s));
        }
}

TEST_CASE("liveness: the CLI prints the peak, its program and the variables live there", "[liveness][cli]")
{
    const std::string path = sampleProfile("pipeline-grouped");
    auto report = Report::open(path);
    const auto series = livenessSeries(*report, LivenessScope::allIpus());
    const LivenessPeak peak = findPeak(series.notAlwaysLive);

    auto text = test::runCli("liveness '" + path + "'");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("at step " + formatCount(peak.step)) != std::string::npos);
    CHECK(text.out.find(report->liveness().stepName(peak.step)) != std::string::npos);
    CHECK(text.out.find("stage0/layer0/dense/fifo/activations") != std::string::npos);

    auto json = test::runCli("liveness '" + path + "' --json --peak --top 0");
    REQUIRE(json.status == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["peak"]["step"] == peak.step);
    CHECK(j["peak"]["notAlwaysLiveBytes"] == peak.bytes);
    uint64_t sum = 0;
    for (const auto& v : j["step"]["variables"])
        sum += v["bytes"].get<uint64_t>();
    CHECK(sum == peak.bytes);
    CHECK(j["step"]["liveVariableBytes"] == peak.bytes);

    auto ipu = test::runCli("liveness '" + path + "' --json --step 10 --ipu 1");
    REQUIRE(ipu.status == 0);
    const auto k = nlohmann::json::parse(ipu.out);
    CHECK(k["scope"] == "IPU 1");
    CHECK(k["step"]["step"] == 10);
    CHECK(k["step"]["notAlwaysLiveBytes"]
        == livenessSeries(*report, LivenessScope::onIpu(1)).notAlwaysLive[10]);

    auto badIpu = test::runCli("liveness '" + path + "' --ipu 9");
    CHECK(badIpu.status == 2 + int(ErrorKind::InvalidInput));
    CHECK(badIpu.err.find("there is no IPU 9") != std::string::npos);
    auto badStep = test::runCli("liveness '" + path + "' --step 999999");
    CHECK(badStep.status == 2 + int(ErrorKind::InvalidInput));
    CHECK(badStep.err.find("no liveness step 999999") != std::string::npos);
    CHECK(test::runCli("liveness '" + path + "' --step 3 --peak").status == 2);
    CHECK(test::runCli("liveness").status == 2);
}
