// describeLivenessStep and its text / JSON renderings (popscope-cli liveness).
#include "popscope/liveness_report.hpp"

#include "popscope/errors.hpp"
#include "popscope/report.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace popscope {

namespace {

StepRange rangeHolding(const VariableRow& v, uint32_t step)
{
    for (const StepRange& r : v.liveRanges)
        if (r.first <= step && step <= r.last)
            return r;
    return { step, step };
}

} // namespace

LivenessStepReport describeLivenessStep(
    const Report& report, const LivenessScope& scope, std::optional<uint32_t> step, size_t top)
{
    const LivenessCurve& curve = report.liveness();
    const LivenessSeries series = livenessSeries(report, scope);
    LivenessStepReport r;
    r.path = report.path();
    r.scope = scope.describe();
    r.basis = series.basis;
    r.numSteps = curve.numSteps();
    r.alwaysLive = series.alwaysLive;
    r.capacity = series.capacity;
    if (curve.numSteps() == 0) {
        if (step)
            throw ProfileError(ErrorKind::InvalidInput, report.path(), "the report has no liveness steps");
        return r;
    }
    r.peak = findPeak(series.notAlwaysLive);
    r.peakProgram = std::string(curve.stepName(r.peak.step));
    r.step = step.value_or(r.peak.step);
    r.isPeak = !step || *step == r.peak.step;
    const std::vector<ScopedVariable> live = liveVariablesAt(report, r.step, scope); // checks the step
    r.program = std::string(curve.stepName(r.step));
    r.programType = curve.stepType(r.step);
    r.notAlwaysLive = series.notAlwaysLive[r.step];
    r.liveVariables = live.size();
    const auto& variables = report.variables();
    for (const ScopedVariable& v : live) {
        r.liveVariableBytes += v.bytes;
        if (top == 0 || r.variables.size() < top) {
            const StepRange range = rangeHolding(variables[v.variable], r.step);
            r.variables.push_back(
                { std::string(variables[v.variable].name), v.bytes, range.first, range.last });
        }
    }
    return r;
}

std::string formatLivenessText(const LivenessStepReport& r, MemoryUnit unit)
{
    std::ostringstream out;
    out << printableMessage(r.path) << '\n';
    out << "Liveness of " << r.scope << ": " << formatCount(r.numSteps) << " steps\n";
    out << "  Curve                  " << r.basis << '\n';
    if (r.numSteps == 0) {
        out << "The profile has no liveness program steps.\n";
        return out.str();
    }
    out << "  Peak not-always-live   " << formatBytes(r.peak.bytes, unit) << " at step "
        << formatCount(r.peak.step) << ' ' << printableMessage(r.peakProgram, 200) << '\n';
    out << "  Always live            " << formatBytes(r.alwaysLive, unit) << '\n';
    out << "  Peak total             " << formatBytes(r.alwaysLive + r.peak.bytes, unit)
        << formatShareAfter(r.alwaysLive + r.peak.bytes, r.capacity) << " of "
        << formatBytes(r.capacity, unit) << '\n';
    out << '\n'
        << (r.isPeak ? "Peak step " : "Step ") << formatCount(r.step) << ": "
        << printableMessage(r.program, 200) << " (" << printableMessage(r.programType, 60) << ")\n";
    out << "  Not-always-live        " << formatBytes(r.notAlwaysLive, unit) << '\n';
    out << "  Live variables         " << formatCount(r.liveVariables) << ", "
        << formatBytes(r.liveVariableBytes, unit) << '\n';
    if (!r.variables.empty()) {
        out << "\nVariables live at step " << formatCount(r.step) << ", largest first";
        if (r.variables.size() < r.liveVariables)
            out << " (top " << r.variables.size() << " of " << formatCount(r.liveVariables)
                << "; --top 0 for all)";
        out << ":\n";
        for (const LiveVariableRow& v : r.variables) {
            std::string size = formatBytes(v.bytes, unit);
            out << "  " << std::string(size.size() < 12 ? 12 - size.size() : 0, ' ') << size << "  "
                << printableMessage(v.name, 200) << "  (live " << formatCount(v.firstStep) << ".."
                << formatCount(v.lastStep) << ")\n";
        }
    }
    return out.str();
}

std::string formatLivenessJson(const LivenessStepReport& r)
{
    using nlohmann::json;
    json variables = json::array();
    for (const LiveVariableRow& v : r.variables)
        variables.push_back({ { "name", v.name }, { "bytes", v.bytes }, { "firstStep", v.firstStep },
            { "lastStep", v.lastStep } });
    json j = { { "path", r.path }, { "scope", r.scope }, { "basis", r.basis }, { "steps", r.numSteps },
        { "alwaysLiveBytes", r.alwaysLive }, { "capacityBytes", r.capacity } };
    if (r.numSteps > 0) {
        j["peak"] = { { "step", r.peak.step }, { "program", r.peakProgram },
            { "notAlwaysLiveBytes", r.peak.bytes } };
        j["step"] = { { "step", r.step }, { "isPeak", r.isPeak }, { "program", r.program },
            { "programType", r.programType }, { "notAlwaysLiveBytes", r.notAlwaysLive },
            { "liveVariables", r.liveVariables }, { "liveVariableBytes", r.liveVariableBytes },
            { "variables", variables } };
    }
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace popscope
