// popscope-cli compare through the real program: the figures, --json, and --fail-if gates.
#include "cli_runner.hpp"
#include "sample_profiles.hpp"

#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"
#include "popscope/trace_comparison.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace popscope;
using popscope::test::runCli;
using simtest::sampleProfile;

namespace {

std::string pair(const std::string& a, const std::string& b)
{
    return sampleProfile(a) + " " + sampleProfile(b);
}

// What `popscope-cli compare` computes by default: the reports and their execution traces.
ReportComparison compareWithTraces(const std::string& a, const std::string& b)
{
    const auto source = Report::open(sampleProfile(a));
    const auto target = Report::open(sampleProfile(b));
    ReportComparison c = compareReports(*source, *target);
    c.trace = compareExecutionTraces(*source, *target);
    return c;
}

} // namespace

TEST_CASE("compare batch-4 batch-8 fails a memory>+1% gate, naming the rule and the figure", "[compare][cli]")
{
    const auto r = runCli("compare " + pair("batch-4", "batch-8") + " --fail-if 'memory>+1%'");
    CHECK(r.status == 12);
    CHECK_THAT(r.err,
        Catch::Contains(
            "popscope-cli: gate failed: memory>+1% (total memory +72.7% (+98.4 MiB): 135 MiB -> 234 MiB)"));
    // The comparison itself is printed as formatComparisonText gives it.
    const ReportComparison c = compareWithTraces("batch-4", "batch-8");
    CHECK(r.out == formatComparisonText(c, MemoryUnit::Binary));
    CHECK_THAT(r.out, Catch::Contains("variable size: layer1/conv/partials"));
    CHECK_THAT(r.out, Catch::Contains("Execution trace"));
}

TEST_CASE("compare gates: all passing exit 0, any failing exits 12 and names only the failing rules",
    "[compare][cli]")
{
    const std::string files = pair("batch-4", "batch-8");
    auto pass = runCli("compare " + files
        + " --fail-if 'tiles-over-capacity>0' --fail-if 'memory>+100%' --fail-if "
          "'peak-tile>90%' --fail-if 'category:vertexCode>+0'");
    CHECK(pass.status == 0);
    CHECK_THAT(pass.err,
        Catch::Contains("gate passed: tiles-over-capacity>0 (tiles over capacity in the target: 0 tiles"));
    CHECK_THAT(pass.err, !Catch::Contains("gate failed"));

    auto mixed = runCli("compare " + files
        + " --fail-if 'variables>+0' '--fail-if=peak-tile>+2%' --fail-if 'not-always-live>=+98%'");
    CHECK(mixed.status == 12);
    CHECK_THAT(mixed.err, Catch::Contains("gate passed: variables>+0 (variables 0 (0.0%): 49 -> 49)"));
    CHECK_THAT(mixed.err, Catch::Contains("gate failed: peak-tile>+2% (peak-tile memory +73.4%"));
    CHECK_THAT(
        mixed.err, Catch::Contains("gate failed: not-always-live>=+98% (not-always-live memory +100.0%"));

    // The other direction shrinks: a gate on growth passes, a gate on shrinking fails.
    CHECK(runCli("compare " + pair("batch-8", "batch-4") + " --fail-if 'memory>+1%'").status == 0);
    CHECK(runCli("compare " + pair("batch-8", "batch-4") + " --fail-if 'memory<-40%'").status == 12);
    CHECK(runCli("compare " + pair("strided-on", "strided-off")
              + " --fail-if 'category:internalExchangeCode<-50%'")
              .status
        == 12);
    CHECK(runCli("compare " + pair("offload-off", "offload-on") + " --fail-if 'always-live<-60%'").status
        == 12);
}

TEST_CASE("compare --json holds the figures and the gate results", "[compare][cli]")
{
    const auto r = runCli("compare " + pair("offload-off", "offload-on") + " --json --fail-if 'memory<-10%'");
    CHECK(r.status == 12);
    const auto j = nlohmann::json::parse(r.out);
    const ReportComparison c = compareWithTraces("offload-off", "offload-on");
    CHECK(j["memory"]["totalIncludingGaps"]["source"] == c.totalMemory.source);
    CHECK(j["memory"]["totalIncludingGaps"]["diff"]["absolute"] == c.totalMemory.diff.absolute);
    CHECK(j["alwaysLiveFlips"]["becameNotAlwaysLive"] == 12);
    CHECK(j["whatChanged"][0]["metric"] == "total memory");
    CHECK(j["whatChanged"].size() == whatChanged(c).size());
    CHECK(j["exchangeCode"]["addedRows"] == 12);
    REQUIRE(j["gates"].size() == 1);
    CHECK(j["gates"][0]["rule"] == "memory<-10%");
    CHECK(j["gates"][0]["failed"] == true);
    CHECK(j["gates"][0]["measured"].get<double>() == Approx(*c.totalMemory.diff.fraction * 100));
}

TEST_CASE(
    "compare: the execution traces' total cycles and parallel efficiency, and --no-trace leaves them out",
    "[compare][cli][trace]")
{
    const auto r = runCli("compare " + pair("sort-single", "sort-bitonic"));
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Execution trace"));
    CHECK_THAT(r.out,
        Catch::Contains("Parallel efficiency") && Catch::Contains("0.09% -> 94.16%")
            && Catch::Contains("+94.07 pp"));
    CHECK_THAT(r.out, Catch::Contains("162,689,548 cycles -> 211,172 cycles"));

    const auto json
        = nlohmann::json::parse(runCli("compare " + pair("sort-single", "sort-bitonic") + " --json").out);
    const ReportComparison c = compareWithTraces("sort-single", "sort-bitonic");
    const auto& trace = json["executionTrace"];
    CHECK(trace["totalCycles"]["source"] == c.trace.sourceTotalCycles);
    CHECK(trace["totalCycles"]["target"] == c.trace.targetTotalCycles);
    CHECK(trace["steps"]["source"] == 9);
    CHECK(trace["steps"]["target"] == 415);
    bool efficiencyLine = false;
    for (const auto& line : json["whatChanged"])
        if (line["metric"] == "parallel efficiency") {
            efficiencyLine = true;
            CHECK(line["unit"] == "percent");
            CHECK(line["worse"] == -1); // a drop is the bad direction
            CHECK(line["target"] == 9416);
        }
    CHECK(efficiencyLine);

    const auto noTrace = runCli("compare " + pair("sort-single", "sort-bitonic") + " --no-trace");
    CHECK(noTrace.status == 0);
    CHECK_THAT(noTrace.out, !Catch::Contains("Execution trace") && !Catch::Contains("Parallel efficiency"));
    const auto noTraceJson = nlohmann::json::parse(
        runCli("compare " + pair("sort-single", "sort-bitonic") + " --json --no-trace").out);
    CHECK(noTraceJson["executionTrace"].is_null());
}

TEST_CASE("compare: bad rules and arguments are usage errors naming the rule", "[compare][cli]")
{
    const std::string files = pair("batch-4", "batch-8");
    auto unknown = runCli("compare " + files + " --fail-if 'speed>+5%'");
    CHECK(unknown.status == 2);
    CHECK_THAT(
        unknown.err, Catch::Contains("bad rule 'speed>+5%'") && Catch::Contains("unknown metric 'speed'"));
    auto noValue = runCli("compare " + files + " --fail-if 'memory>'");
    CHECK(noValue.status == 2);
    CHECK_THAT(noValue.err, Catch::Contains("'memory>'") && Catch::Contains("no value"));
    auto countPercent = runCli("compare " + files + " --fail-if 'tiles-over-capacity>5%'");
    CHECK(countPercent.status == 2);
    CHECK_THAT(
        countPercent.err, Catch::Contains("'tiles-over-capacity>5%'") && Catch::Contains("needs a sign"));
    auto garbage = runCli("compare " + files + " --fail-if 'memory>+lots'");
    CHECK(garbage.status == 2);
    CHECK_THAT(garbage.err, Catch::Contains("'memory>+lots'"));
    CHECK(runCli("compare " + files + " --fail-if").status == 2);
    CHECK(runCli("compare " + sampleProfile("batch-4")).status == 2);
    CHECK(runCli("compare " + files + " --frobnicate").status == 2);
    CHECK(runCli("compare " + sampleProfile("batch-4") + " /nonexistent/b.pop").status == 3);

    auto help = runCli("compare --help");
    CHECK(help.status == 0);
    CHECK_THAT(help.out,
        Catch::Contains("tiles-over-capacity") && Catch::Contains("12 gate failed")
            && Catch::Contains("category:NAME"));
    CHECK_THAT(runCli("help").out, Catch::Contains("12 gate failed"));
}

TEST_CASE(
    "compareTraces: shares of the IPUs' cycles and the What changed lines they give", "[compare][trace]")
{
    const ReportComparison c = compareWithTraces("sort-single", "sort-bitonic");
    REQUIRE(c.trace.present);
    CHECK(c.trace.sourceSteps == 9);
    CHECK(c.trace.targetSteps == 415);
    CHECK(shareInBasisPoints(c.trace.sourceEfficiency) == 9);
    CHECK(shareInBasisPoints(c.trace.targetEfficiency) == 9416);
    for (const auto* shares : { &c.trace.sourceShare, &c.trace.targetShare }) {
        double sum = 0;
        for (double s : *shares)
            sum += s;
        CHECK(sum == Approx(1.0).margin(1e-9)); // every IPU cycle is in exactly one kind of step (or idle)
    }
    const auto lines = whatChanged(c);
    const auto efficiency = std::find_if(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.metric == "parallel efficiency"; });
    REQUIRE(efficiency != lines.end());
    CHECK(efficiency->worse == -1);
    CHECK(efficiency->diff.absolute == 9416 - 9);
    const auto total = std::find_if(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.metric == "total cycles"; });
    REQUIRE(total != lines.end());
    CHECK(total->sourceValue == int64_t(c.trace.sourceTotalCycles));
    CHECK(total->targetValue == 211172);
    // Without the traces (compareReports alone) there is no trace line.
    const ReportComparison plain = compareReports(
        *Report::open(sampleProfile("sort-single")), *Report::open(sampleProfile("sort-bitonic")));
    const auto plainLines = whatChanged(plain);
    CHECK(std::none_of(
        plainLines.begin(), plainLines.end(), [](const ChangeLine& l) { return l.table == "trace"; }));
}

TEST_CASE("compare gates on the execution traces: cycles and parallel efficiency", "[compare][cli][trace]")
{
    const std::string sorts = pair("sort-single", "sort-bitonic");
    // The bitonic sort: -99.9% cycles, efficiency 0.09% -> 94.16% (+94.07 points).
    const auto pass = runCli(
        "compare " + sorts + " --fail-if 'cycles>+1%' --fail-if 'efficiency<50' --fail-if 'efficiency<-1pp'");
    CHECK(pass.status == 0);
    CHECK_THAT(pass.err,
        Catch::Contains("gate passed: cycles>+1% (total cycles -99.9%")
            && Catch::Contains("gate passed: efficiency<50 (parallel efficiency in the target: 94.16%"));
    const auto back = runCli("compare " + pair("sort-bitonic", "sort-single")
        + " --json --fail-if 'efficiency<-10' --fail-if 'cycles>1000000'");
    CHECK(back.status == 12);
    const auto j = nlohmann::json::parse(back.out);
    REQUIRE(j["gates"].size() == 2);
    CHECK(j["gates"][0]["failed"] == true);
    CHECK(j["gates"][0]["measured"].get<double>() == Approx(-94.07));
    CHECK(j["gates"][1]["failed"] == true);
    CHECK(j["gates"][1]["measured"].get<double>() == Approx(162689548.0));
    CHECK_THAT(j["gates"][0]["message"].get<std::string>(), Catch::Contains("-94.07 pp"));

    // Bad forms, and a trace rule with --no-trace, are usage errors naming the rule.
    CHECK(runCli("compare " + sorts + " --fail-if 'cycles>5%'").status == 2);
    CHECK(runCli("compare " + sorts + " --fail-if 'cycles>+5MiB'").status == 2);
    CHECK(runCli("compare " + sorts + " --fail-if 'efficiency<5MiB'").status == 2);
    const auto noTrace = runCli("compare " + sorts + " --no-trace --fail-if 'cycles>+1%'");
    CHECK(noTrace.status == 2);
    CHECK_THAT(noTrace.err, Catch::Contains("'cycles>+1%'") && Catch::Contains("--no-trace"));
}
