// popscope-cli compare through the real program: the figures, --json, and --fail-if gates.
#include "cli_runner.hpp"
#include "sample_profiles.hpp"

#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace popscope;
using popscope::test::runCli;
using simtest::sampleProfile;

namespace {

std::string pair(const std::string& a, const std::string& b) { return sampleProfile(a) + " " + sampleProfile(b); }

} // namespace

TEST_CASE("compare batch-4 batch-8 fails a memory>+1% gate, naming the rule and the figure", "[compare][cli]")
{
    const auto r = runCli("compare " + pair("batch-4", "batch-8") + " --fail-if 'memory>+1%'");
    CHECK(r.status == 12);
    CHECK_THAT(r.err, Catch::Contains("popscope-cli: gate failed: memory>+1% (total memory +75.3% (+98.4 MiB): 131 MiB -> 229 MiB)"));
    // The comparison itself is printed as formatComparisonText gives it.
    const ReportComparison c = compareReports(*Report::open(sampleProfile("batch-4")), *Report::open(sampleProfile("batch-8")));
    CHECK(r.out == formatComparisonText(c, MemoryUnit::Binary));
    CHECK_THAT(r.out, Catch::Contains("variable size: layer1/conv/partials"));
}

TEST_CASE("compare gates: all passing exit 0, any failing exits 12 and names only the failing rules", "[compare][cli]")
{
    const std::string files = pair("batch-4", "batch-8");
    auto pass = runCli("compare " + files + " --fail-if 'tiles-over-capacity>0' --fail-if 'memory>+100%' --fail-if "
                       "'peak-tile>90%' --fail-if 'category:vertexCode>+0'");
    CHECK(pass.status == 0);
    CHECK_THAT(pass.err, Catch::Contains("gate passed: tiles-over-capacity>0 (tiles over capacity in the target: 0 tiles"));
    CHECK_THAT(pass.err, !Catch::Contains("gate failed"));

    auto mixed = runCli("compare " + files + " --fail-if 'variables>+0' '--fail-if=peak-tile>+2%' --fail-if 'not-always-live>=+98%'");
    CHECK(mixed.status == 12);
    CHECK_THAT(mixed.err, Catch::Contains("gate passed: variables>+0 (variables 0 (0.0%): 49 -> 49)"));
    CHECK_THAT(mixed.err, Catch::Contains("gate failed: peak-tile>+2% (peak-tile memory +75.6%"));
    CHECK_THAT(mixed.err, Catch::Contains("gate failed: not-always-live>=+98% (not-always-live memory +100.0%"));

    // The other direction shrinks: a gate on growth passes, a gate on shrinking fails.
    CHECK(runCli("compare " + pair("batch-8", "batch-4") + " --fail-if 'memory>+1%'").status == 0);
    CHECK(runCli("compare " + pair("batch-8", "batch-4") + " --fail-if 'memory<-40%'").status == 12);
    CHECK(runCli("compare " + pair("strided-on", "strided-off") + " --fail-if 'category:internalExchangeCode<-50%'").status == 12);
    CHECK(runCli("compare " + pair("offload-off", "offload-on") + " --fail-if 'always-live<-60%'").status == 12);
}

TEST_CASE("compare --json holds the figures and the gate results", "[compare][cli]")
{
    const auto r = runCli("compare " + pair("offload-off", "offload-on") + " --json --fail-if 'memory<-10%'");
    CHECK(r.status == 12);
    const auto j = nlohmann::json::parse(r.out);
    const ReportComparison c = compareReports(*Report::open(sampleProfile("offload-off")), *Report::open(sampleProfile("offload-on")));
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

TEST_CASE("compare: bad rules and arguments are usage errors naming the rule", "[compare][cli]")
{
    const std::string files = pair("batch-4", "batch-8");
    auto unknown = runCli("compare " + files + " --fail-if 'speed>+5%'");
    CHECK(unknown.status == 2);
    CHECK_THAT(unknown.err, Catch::Contains("bad rule 'speed>+5%'") && Catch::Contains("unknown metric 'speed'"));
    auto noValue = runCli("compare " + files + " --fail-if 'memory>'");
    CHECK(noValue.status == 2);
    CHECK_THAT(noValue.err, Catch::Contains("'memory>'") && Catch::Contains("no value"));
    auto countPercent = runCli("compare " + files + " --fail-if 'tiles-over-capacity>5%'");
    CHECK(countPercent.status == 2);
    CHECK_THAT(countPercent.err, Catch::Contains("'tiles-over-capacity>5%'") && Catch::Contains("needs a sign"));
    auto garbage = runCli("compare " + files + " --fail-if 'memory>+lots'");
    CHECK(garbage.status == 2);
    CHECK_THAT(garbage.err, Catch::Contains("'memory>+lots'"));
    CHECK(runCli("compare " + files + " --fail-if").status == 2);
    CHECK(runCli("compare " + sampleProfile("batch-4")).status == 2);
    CHECK(runCli("compare " + files + " --frobnicate").status == 2);
    CHECK(runCli("compare " + sampleProfile("batch-4") + " /nonexistent/b.pop").status == 3);

    auto help = runCli("compare --help");
    CHECK(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("tiles-over-capacity") && Catch::Contains("12 gate failed")
                             && Catch::Contains("category:NAME"));
    CHECK_THAT(runCli("help").out, Catch::Contains("12 gate failed"));
}
