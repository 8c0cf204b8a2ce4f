// --fail-if rules: the grammar, clear errors for bad rules, and evaluation on known figures.
#include "popscope/gate_rule.hpp"
#include "popscope/report_comparison.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace popscope;

namespace {

// Source 1,000,000 bytes -> target 1,063,000 (+6.3%); 2 -> 5 tiles over capacity; 40 -> 38 variables.
ReportComparison sample()
{
    ReportComparison c;
    c.source.capacity = c.target.capacity = 2'000'000;
    c.source.bytesPerTile = c.target.bytesPerTile = 100'000;
    c.totalMemory = compareFigure(1'000'000, 1'063'000);
    c.peakTileMemory = compareFigure(90'000, 99'000);
    c.tilesOverCapacity = compareFigure(2, 5);
    c.variables.sourceRows = 40;
    c.variables.targetRows = 38;
    c.alwaysLive = compareFigure(300'000, 250'000);
    c.notAlwaysLive = compareFigure(0, 4096);
    c.categories.push_back({ "vertexCode", 0, 0, 50'000, 56'000, signedDiff(50'000, 56'000) });
    return c;
}

bool fails(const std::string& rule)
{
    return evaluateGateRule(parseGateRule(rule), sample()).failed;
}

} // namespace

TEST_CASE("gate rules parse into metric, operator, mode and value", "[gate]")
{
    GateRule r = parseGateRule("memory>+5%");
    CHECK(r.metric == GateMetric::Memory);
    CHECK(r.op == GateOp::Greater);
    CHECK(r.mode == GateMode::RelativeChange);
    CHECK(r.value == 5.0);
    CHECK(r.text == "memory>+5%");

    r = parseGateRule("tiles-over-capacity>0");
    CHECK(r.metric == GateMetric::TilesOverCapacity);
    CHECK(r.mode == GateMode::TargetValue);
    CHECK(r.value == 0.0);

    r = parseGateRule(" peak-tile >= +1.5MiB ");
    CHECK(r.metric == GateMetric::PeakTile);
    CHECK(r.op == GateOp::GreaterEqual);
    CHECK(r.mode == GateMode::Change);
    CHECK(r.value == 1.5 * 1048576);

    r = parseGateRule("category:vertexCode<=-10%");
    CHECK(r.metric == GateMetric::Category);
    CHECK(r.category == "vertexCode");
    CHECK(r.op == GateOp::LessEqual);
    CHECK(r.value == -10.0);

    r = parseGateRule("always-live<2GB");
    CHECK(r.op == GateOp::Less);
    CHECK(r.value == 2e9);
    CHECK(parseGateRule("not-always-live>90%").mode == GateMode::ShareOfCapacity);
    CHECK(parseGateRule("variables>+3").mode == GateMode::Change);
    CHECK(parseGateRule("memory>100kB").value == 100000.0);
    CHECK(parseGateRule("memory>100KiB").value == 102400.0);
    CHECK(parseGateRule("memory>7B").value == 7.0);
}

TEST_CASE("bad gate rules say which rule and what was expected", "[gate]")
{
    auto message = [](const std::string& rule) {
        try {
            parseGateRule(rule);
        } catch (const GateRuleError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK_THAT(
        message("speed>+5%"), Catch::Contains("'speed>+5%'") && Catch::Contains("unknown metric 'speed'"));
    CHECK_THAT(message("memory>"), Catch::Contains("'memory>'") && Catch::Contains("no value"));
    CHECK_THAT(message("memory+5%"), Catch::Contains("no comparison operator"));
    CHECK_THAT(message(">5"), Catch::Contains("no metric"));
    CHECK_THAT(message("memory>>5"), Catch::Contains("operators are"));
    CHECK_THAT(message("memory>lots"), Catch::Contains("'lots' is not a number"));
    CHECK_THAT(message("memory>+5%%"), Catch::Contains("unknown unit '%%'"));
    CHECK_THAT(message("memory>5TB"), Catch::Contains("unknown unit 'TB'"));
    CHECK_THAT(message("tiles-over-capacity>5%"),
        Catch::Contains("'tiles-over-capacity>5%'") && Catch::Contains("needs a sign"));
    CHECK_THAT(message("variables>10%"), Catch::Contains("needs a sign"));
    CHECK_THAT(message("variables>+10MiB"), Catch::Contains("is a count"));
    CHECK_THAT(message("category:vertexCod>+1%"), Catch::Contains("unknown memory category 'vertexCod'"));
    CHECK_THAT(message("memory>1e9"), Catch::Contains("unknown unit 'e9'"));
    CHECK_THAT(message("memory>+"), Catch::Contains("not a number"));
    CHECK(message("variables>+10%") == "(accepted)");
}

TEST_CASE("gate rules compare the change, the relative change, the target's value or its share", "[gate]")
{
    // Relative change of total memory: +6.3%.
    CHECK(fails("memory>+1%"));
    CHECK(fails("memory>+6.29%"));
    CHECK_FALSE(fails("memory>+6.31%"));
    CHECK_FALSE(fails("memory<-1%"));
    // Absolute change: +63,000 bytes.
    CHECK(fails("memory>+62999"));
    CHECK_FALSE(fails("memory>+63000"));
    CHECK(fails("memory>=+63000B"));
    CHECK_FALSE(fails("memory>+61.6KiB")); // 63,078 bytes
    // The target's value and its share of capacity (1,063,000 of 2,000,000 = 53.15%).
    CHECK(fails("memory>1MB"));
    CHECK_FALSE(fails("memory>1.1MB"));
    CHECK(fails("memory>53%"));
    CHECK_FALSE(fails("memory>54%"));
    CHECK(fails("peak-tile>98%")); // 99,000 of a 100,000-byte tile
    // Counts.
    CHECK(fails("tiles-over-capacity>0"));
    CHECK(fails("tiles-over-capacity>=5"));
    CHECK_FALSE(fails("tiles-over-capacity>5"));
    CHECK(fails("tiles-over-capacity>+2")); // +3
    CHECK(fails("tiles-over-capacity>+100%")); // +150%
    CHECK(fails("variables<+0")); // -2
    CHECK(fails("variables<=-5%")); // -5%
    CHECK_FALSE(fails("variables<-5%"));
    // Liveness and categories.
    CHECK(fails("always-live<-10%")); // -16.7%
    CHECK(fails("not-always-live>+1%")); // from 0: +infinity
    CHECK(fails("category:vertexCode>+10%")); // +12%
    CHECK_FALSE(fails("category:vertexCode>+12%"));
    CHECK_FALSE(fails("category:controlCode>+0%")); // absent on both sides: 0 -> 0
}

TEST_CASE("a gate result names the rule and the measured value", "[gate]")
{
    GateResult r = evaluateGateRule(parseGateRule("memory>+1%"), sample(), MemoryUnit::Decimal);
    CHECK(r.failed);
    CHECK(r.measured == Approx(6.3));
    CHECK(r.message == "memory>+1% (total memory +6.3% (+63.0 kB): 1.00 MB -> 1.06 MB)");
    r = evaluateGateRule(parseGateRule("tiles-over-capacity>0"), sample());
    CHECK(r.message == "tiles-over-capacity>0 (tiles over capacity in the target: 5 tiles; source 2 tiles)");
    r = evaluateGateRule(parseGateRule("not-always-live>+1%"), sample(), MemoryUnit::Bytes);
    CHECK(std::isinf(r.measured));
    CHECK(r.message == "not-always-live>+1% (not-always-live memory +inf% (+4,096 B): 0 B -> 4,096 B)");
    r = evaluateGateRule(parseGateRule("memory>90%"), sample(), MemoryUnit::Decimal);
    CHECK_FALSE(r.failed);
    CHECK(r.message == "memory>90% (total memory in the target: 1.06 MB, 53.1% of 2.00 MB)");
}

TEST_CASE("cycles and efficiency gates measure the execution traces, and fail without them", "[gate][trace]")
{
    ReportComparison c = sample();
    CHECK(evaluateGateRule(parseGateRule("cycles>+0"), c).failed); // no traces compared: not a pass
    CHECK_THAT(
        evaluateGateRule(parseGateRule("cycles>+0"), c).message, Catch::Contains("no execution traces"));
    c.trace.present = true;
    c.trace.sourceTotalCycles = 1000;
    c.trace.targetTotalCycles = 1100;
    c.trace.sourceEfficiency = 0.80;
    c.trace.targetEfficiency = 0.75;
    const auto measured
        = [&c](const std::string& rule) { return evaluateGateRule(parseGateRule(rule), c).measured; };
    CHECK(measured("cycles>+5%") == Approx(10.0));
    CHECK(measured("cycles>+50") == Approx(100.0));
    CHECK(measured("efficiency<70") == Approx(75.0)); // the target's, in percent
    CHECK(measured("efficiency<70%") == Approx(75.0));
    CHECK(measured("efficiency<-2") == Approx(-5.0)); // percentage points
    CHECK(measured("efficiency<-2pp") == Approx(-5.0));
    CHECK(measured("efficiency<-2%") == Approx(-6.25)); // relative to the source's 80%
    CHECK(evaluateGateRule(parseGateRule("efficiency<-2pp"), c).failed);
    CHECK_FALSE(evaluateGateRule(parseGateRule("efficiency<70"), c).failed);
    CHECK(needsExecutionTraces(parseGateRule("efficiency<70")));
    CHECK_FALSE(needsExecutionTraces(parseGateRule("memory>+1%")));
    CHECK_THROWS_AS(parseGateRule("efficiency<5pp"), GateRuleError); // points need a sign
    CHECK_THROWS_AS(parseGateRule("cycles>5%"), GateRuleError);
}
