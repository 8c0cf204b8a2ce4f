// Liveness in What changed and in `popscope-cli compare`.
#include "liveness_changes.hpp"

#include "popscope/errors.hpp"

namespace popscope {

namespace {

ChangeLine bytesLine(std::string table, std::string rowKey, std::string metric, std::string subject,
    uint64_t source, uint64_t target)
{
    return makeChangeLine("liveness", std::move(table), std::move(rowKey), std::move(metric),
        std::move(subject), source, target, "bytes");
}

std::string stepText(uint32_t step, const std::string& program)
{
    return "step " + formatCount(step) + " " + printableMessage(program, 120);
}

} // namespace

void addLivenessChangeLines(
    const LivenessComparison& c, std::vector<ChangeLine>& headline, std::vector<ChangeLine>& ranked)
{
    if (!c.available)
        return;
    const std::string sourceAt = stepText(c.sourcePeakStep, c.sourcePeakProgram);
    const std::string targetAt = stepText(c.targetPeakStep, c.targetPeakProgram);
    headline.push_back(bytesLine("", "", "peak liveness",
        "Peak not-always-live memory ("
            + (sourceAt == targetAt ? sourceAt + " in both" : sourceAt + " -> " + targetAt) + ")",
        c.sourcePeak, c.targetPeak));
    for (const auto* list : { &c.grownAtPeak, &c.shrunkAtPeak })
        for (const LivenessComparison::Variable& v : *list)
            ranked.push_back(
                bytesLine("variables", v.name, "bytes live at the peak", v.name, v.source, v.target));
}

void formatLivenessComparisonText(std::ostringstream& out, const LivenessComparison& c, MemoryUnit u)
{
    out << "Liveness (all IPUs)\n";
    if (!c.available) {
        out << "  " << (c.sourceSteps == 0 ? "The source" : "The target")
            << " has no liveness program steps.\n";
        return;
    }
    out << "  Steps: " << formatCount(c.sourceSteps) << " -> " << formatCount(c.targetSteps) << "; "
        << formatCount(c.matchedSteps) << " matched "
        << (c.stepsMatchedByName ? "by program name" : "by index") << "\n";
    out << "  Peak not-always-live: " << formatBytes(c.sourcePeak, u) << " at "
        << stepText(c.sourcePeakStep, c.sourcePeakProgram) << "\n                    -> "
        << formatBytes(c.targetPeak, u) << " at " << stepText(c.targetPeakStep, c.targetPeakProgram) << "   "
        << formatDiff(c.peakDiff, "bytes", u) << "\n";
    const auto list = [&](const char* title, const std::vector<LivenessComparison::Variable>& rows) {
        if (rows.empty())
            return;
        out << "  " << title << "\n";
        for (const auto& v : rows)
            out << "    " << printableMessage(v.name, 200) << "   " << formatBytes(v.source, u) << " -> "
                << formatBytes(v.target, u) << "   "
                << formatDiff(v.diff, "bytes", u)
                       .substr(0, v.source == 0 || v.target == 0 ? 1 : std::string::npos)
                << (v.source == 0          ? formatBytes(v.target, u) + " (not live at the source's peak)"
                           : v.target == 0 ? formatBytes(v.source, u) + " (not live at the target's peak)"
                                           : std::string())
                << "\n";
    };
    list("Variables live at the peak that grew most:", c.grownAtPeak);
    list("Variables live at the peak that shrank most:", c.shrunkAtPeak);
}

nlohmann::json livenessComparisonJson(const LivenessComparison& c)
{
    using nlohmann::json;
    const auto diff = [](const SignedDiff& d) {
        return json { { "absolute", d.absolute },
            { "fraction", d.fraction ? json(*d.fraction) : json(nullptr) } };
    };
    const auto rows = [&](const std::vector<LivenessComparison::Variable>& list) {
        json out = json::array();
        for (const auto& v : list)
            out.push_back({ { "name", v.name }, { "source", v.source }, { "target", v.target },
                { "diff", diff(v.diff) } });
        return out;
    };
    json j = { { "available", c.available }, { "sourceSteps", c.sourceSteps },
        { "targetSteps", c.targetSteps } };
    if (c.available) {
        j["stepsMatchedBy"] = c.stepsMatchedByName ? "programName" : "index";
        j["matchedSteps"] = c.matchedSteps;
        j["peak"] = { { "source",
                          { { "bytes", c.sourcePeak }, { "step", c.sourcePeakStep },
                              { "program", c.sourcePeakProgram } } },
            { "target",
                { { "bytes", c.targetPeak }, { "step", c.targetPeakStep },
                    { "program", c.targetPeakProgram } } },
            { "diff", diff(c.peakDiff) } };
        j["grownAtPeak"] = rows(c.grownAtPeak);
        j["shrunkAtPeak"] = rows(c.shrunkAtPeak);
    }
    return j;
}

} // namespace popscope
