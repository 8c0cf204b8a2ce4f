// Two reports' liveness: steps matched, peaks, and the variables at the peak that moved most.
#include "popscope/liveness_report.hpp"

#include "popscope/report.hpp"
#include "report_access.hpp"
#include "table_compare.hpp"

#include <algorithm>
#include <string_view>

namespace popscope {

StepMatch matchSteps(const LivenessCurve& source, const LivenessCurve& target)
{
    StepMatch m;
    m.targetOf.assign(source.numSteps(), -1);
    m.sourceOf.assign(target.numSteps(), -1);
    bool sameOrder = source.numSteps() == target.numSteps();
    for (size_t s = 0; sameOrder && s < source.numSteps(); ++s)
        sameOrder = source.stepName(s) == target.stepName(s);
    if (sameOrder) {
        for (size_t s = 0; s < source.numSteps(); ++s)
            m.targetOf[s] = m.sourceOf[s] = int64_t(s);
        m.matched = source.numSteps();
        return m;
    }
    m.byName = true;
    std::vector<std::string_view> sourceKeys, targetKeys;
    sourceKeys.reserve(source.numSteps());
    targetKeys.reserve(target.numSteps());
    for (size_t s = 0; s < source.numSteps(); ++s)
        sourceKeys.emplace_back(source.stepName(s));
    for (size_t s = 0; s < target.numSteps(); ++s)
        targetKeys.emplace_back(target.stepName(s));
    for (const MatchedRow& row : matchRows(sourceKeys, targetKeys)) {
        if (row.source < 0 || row.target < 0)
            continue;
        m.targetOf[size_t(row.source)] = row.target;
        m.sourceOf[size_t(row.target)] = row.source;
        ++m.matched;
    }
    return m;
}

namespace {

// Bytes of the variables live at a side's peak, by name (duplicated names summed). Without the
// variables' tiles when the report has not read them: sizes and live ranges are enough for all IPUs.
// The names are views into `variables`, which the caller keeps while it uses them.
std::vector<std::pair<std::string_view, uint64_t>> liveAtPeak(
    const Report& report, const VariableDigest& variables, uint32_t step)
{
    std::vector<std::pair<std::string_view, uint64_t>> out;
    const auto ranges = detail::ReportAccess::liveRangeList(report); // kept while used
    std::vector<uint8_t> seen(variables.size(), 0);
    for (const auto& [v, range] : *ranges)
        if (v < variables.size() && range.first <= step && step <= range.last && !variables.alwaysLive[v]
            && variables.sizeBytes[v] > 0 && !seen[v]) {
            seen[v] = 1;
            out.emplace_back(variables.name(v), variables.sizeBytes[v]);
        }
    std::sort(out.begin(), out.end());
    // One entry per name: equal names of different variables add up.
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i) {
        if (kept > 0 && out[kept - 1].first == out[i].first)
            out[kept - 1].second += out[i].second;
        else
            out[kept++] = out[i];
    }
    out.resize(kept);
    return out;
}

uint64_t magnitude(int64_t v)
{
    return v < 0 ? uint64_t(-(v + 1)) + 1 : uint64_t(v);
}

} // namespace

LivenessComparison compareLiveness(const Report& source, const Report& target, size_t top)
{
    const auto [sourceVariables, targetVariables] = readBothReports(
        source, target, [](const Report& report) { return detail::ReportAccess::variableDigest(report); });
    return compareLiveness(source, target, sourceVariables, targetVariables, top);
}

LivenessComparison compareLiveness(const Report& source, const Report& target,
    const VariableDigest& sourceVariables, const VariableDigest& targetVariables, size_t top)
{
    readBothReports(source, target, [](const Report& report) {
        report.liveness();
        return detail::ReportAccess::liveRangeList(report); // cached: kept for liveAtPeak
    });

    LivenessComparison c;
    const LivenessCurve& a = source.liveness();
    const LivenessCurve& b = target.liveness();
    c.sourceSteps = a.numSteps();
    c.targetSteps = b.numSteps();
    c.available = a.numSteps() > 0 && b.numSteps() > 0;
    if (!c.available)
        return c;
    const StepMatch match = matchSteps(a, b);
    c.stepsMatchedByName = match.byName;
    c.matchedSteps = match.matched;
    const LivenessPeak sourcePeak = findPeak(livenessSeries(source, LivenessScope::allIpus()).notAlwaysLive);
    const LivenessPeak targetPeak = findPeak(livenessSeries(target, LivenessScope::allIpus()).notAlwaysLive);
    c.sourcePeak = sourcePeak.bytes;
    c.targetPeak = targetPeak.bytes;
    c.peakDiff = signedDiff(c.sourcePeak, c.targetPeak);
    c.sourcePeakStep = sourcePeak.step;
    c.targetPeakStep = targetPeak.step;
    c.sourcePeakProgram = std::string(a.stepName(sourcePeak.step));
    c.targetPeakProgram = std::string(b.stepName(targetPeak.step));

    const auto left = liveAtPeak(source, sourceVariables, sourcePeak.step);
    const auto right = liveAtPeak(target, targetVariables, targetPeak.step);
    std::vector<LivenessComparison::Variable> moved;
    size_t i = 0, j = 0;
    while (i < left.size() || j < right.size()) {
        LivenessComparison::Variable v;
        if (j == right.size() || (i < left.size() && left[i].first < right[j].first)) {
            v = { std::string(left[i].first), left[i].second, 0, {} };
            ++i;
        } else if (i == left.size() || right[j].first < left[i].first) {
            v = { std::string(right[j].first), 0, right[j].second, {} };
            ++j;
        } else {
            v = { std::string(left[i].first), left[i].second, right[j].second, {} };
            ++i;
            ++j;
        }
        v.diff = signedDiff(v.source, v.target);
        if (v.diff.absolute != 0)
            moved.push_back(std::move(v));
    }
    std::stable_sort(moved.begin(), moved.end(),
        [](const auto& x, const auto& y) { return magnitude(x.diff.absolute) > magnitude(y.diff.absolute); });
    for (auto& v : moved) {
        auto& list = v.diff.absolute > 0 ? c.grownAtPeak : c.shrunkAtPeak;
        if (list.size() < top)
            list.push_back(std::move(v));
    }
    return c;
}

} // namespace popscope
