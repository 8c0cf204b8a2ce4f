#pragma once
// Fuzz target: the `--fail-if` rule parser. Anything that is not a rule must end in GateRuleError;
// a parsed rule is evaluated against an empty comparison (all zeros).
#include "fuzz_support.hpp"

#include "popscope/gate_rule.hpp"
#include "popscope/report_comparison.hpp"

namespace popscope::fuzz {

// One fuzzing input; also run by the regression tests (tests/fuzz-regressions/).
inline int gateRuleInput(const uint8_t* data, size_t size)
{
    GateRule rule;
    try {
        rule = parseGateRule(std::string(fuzz::asText(data, size)));
    } catch (const GateRuleError&) {
        return 0;
    }
    static const ReportComparison empty;
    evaluateGateRule(rule, empty, MemoryUnit::Binary);
    evaluateGateRule(rule, empty, MemoryUnit::Decimal);
    return 0;
}

} // namespace popscope::fuzz
