// popscope-cli compare: the figures What changed shows, as text or JSON, and CI gates (--fail-if).
#include "compare_command.hpp"
#include "exit_codes.hpp"

#include "popscope/gate_rule.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace popscope::cli {

namespace {

const char* kCompareUsage
    = R"(usage: popscope-cli compare SOURCE TARGET [--json] [--no-trace] [--fail-if RULE]...

Compares two profiles (each a .pop file or a report folder): total and peak-tile memory, tiles over
capacity, memory by category, peak liveness, variables (matched by name: grown, shrunk, new,
removed), vertex types, compute sets, exchanges, operations, engine options and the execution
traces (total cycles, parallel efficiency, the shares of compute, exchange, sync and stream copy).
Differences are TARGET - SOURCE.

Options:
  --json          print the comparison as JSON (with the gate results under "gates")
  --no-trace      leave the execution traces out (they read every tile's cycles of every step)
  --fail-if RULE  exit with code 12 when RULE holds; repeat for several rules

)";

const char* kExitCodes = R"(
Exit codes: 0 compared (and every gate passed), 2 usage error or bad rule, 3-11 a file could not be
read (as for the other commands), 12 gate failed: at least one --fail-if rule holds (each failing
rule is named on stderr with its measured value).

Example: popscope-cli compare batch-4.pop batch-8.pop --fail-if 'memory>+1%' --fail-if 'tiles-over-capacity>0'
)";

void printUsage(std::ostream& out)
{
    out << kCompareUsage << gateRuleHelp() << kExitCodes;
}

int compareUsageError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\n\n";
    printUsage(std::cerr);
    return kUsageError;
}

// A bad rule: the one line that says what is wrong, and where the grammar is (not all of it).
int ruleError(const std::string& message)
{
    std::cerr << "popscope-cli: " << message << "\nThe rule grammar: popscope-cli compare --help\n";
    return kUsageError;
}

struct CompareOptions {
    std::vector<std::string> files;
    std::vector<GateRule> rules;
    bool json = false;
    bool traces = true;
};

// The command line into options; an exit code when the command ends there (--help, a usage error
// or a bad rule), else nothing.
std::optional<int> parseCompareArguments(int argc, char** argv, CompareOptions& o)
{
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            printUsage(std::cout);
            return 0;
        }
        if (arg == "--json") {
            o.json = true;
        } else if (arg == "--no-trace") {
            o.traces = false;
        } else if (arg == "--fail-if" || arg.rfind("--fail-if=", 0) == 0) {
            std::string text;
            if (arg == "--fail-if") {
                if (i + 1 >= argc)
                    return compareUsageError("--fail-if needs a RULE, e.g. --fail-if 'memory>+5%'");
                text = argv[++i];
            } else {
                text = arg.substr(10);
            }
            try {
                o.rules.push_back(parseGateRule(text));
            } catch (const GateRuleError& error) {
                return ruleError(std::string("--fail-if: ") + error.what());
            }
        } else if (arg.size() > 1 && arg[0] == '-') {
            return compareUsageError("compare: unknown option '" + arg + "'");
        } else {
            o.files.push_back(arg);
        }
    }
    if (o.files.size() != 2)
        return compareUsageError(
            "compare takes two FILEs (SOURCE TARGET), got " + std::to_string(o.files.size()));
    for (const GateRule& rule : o.rules)
        if (!o.traces && needsExecutionTraces(rule))
            return compareUsageError(
                "--fail-if '" + rule.text + "' measures the execution traces, which --no-trace leaves out");
    return std::nullopt;
}

void printComparison(const ReportComparison& comparison, const std::vector<GateRule>& rules,
    const std::vector<GateResult>& results, bool json)
{
    if (!json) {
        std::cout << formatComparisonText(comparison, MemoryUnit::Binary);
        return;
    }
    auto j = nlohmann::json::parse(formatComparisonJson(comparison, MemoryUnit::Binary));
    nlohmann::json gates = nlohmann::json::array();
    for (size_t i = 0; i < rules.size(); ++i)
        gates.push_back({ { "rule", rules[i].text }, { "failed", results[i].failed },
            { "measured", results[i].measured }, { "message", results[i].message } });
    j["gates"] = gates;
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

} // namespace

int runCompareCommand(int argc, char** argv)
{
    CompareOptions o;
    if (const std::optional<int> exitCode = parseCompareArguments(argc, argv, o))
        return *exitCode;

    const auto source = Report::open(o.files[0]);
    const auto target = Report::open(o.files[1]);
    ReportComparison comparison = compareReports(*source, *target);
    if (o.traces)
        comparison.trace = compareExecutionTraces(*source, *target);
    std::vector<GateResult> results;
    for (const GateRule& rule : o.rules)
        results.push_back(evaluateGateRule(rule, comparison, MemoryUnit::Binary));
    printComparison(comparison, o.rules, results, o.json);
    bool failed = false;
    for (const GateResult& r : results) {
        std::cerr << "popscope-cli: gate " << (r.failed ? "failed" : "passed") << ": " << r.message << "\n";
        failed = failed || r.failed;
    }
    return failed ? kGateFailed : 0;
}

} // namespace popscope::cli
