// Two reports' liveness: steps matched, peaks, and the variables at the peak that moved most.
#include "popscope/liveness_report.hpp"

#include "popscope/report.hpp"
#include "popscope/spilled_array.hpp"
#include "report_access.hpp"
#include "table_compare.hpp"

#include <algorithm>
#include <functional>
#include <string_view>

namespace popscope {

namespace {

// A name as a 64-bit hash and its length. Names are told apart by these, not by reading them:
// sorting or matching by the names themselves reads them in a random order, and the names (the
// variables', the programs') are in spill files, which such a read maps whole in a few milliseconds
// (bench-huge: 70 MiB of variable names a report). Two names taken for one would need both a hash
// collision and the same length: under one chance in 10^7 for two reports of 1.4 million names.
struct NameKey {
    uint64_t hash = 0;
    uint32_t length = 0; // a name is under 4 GiB (PackedNames)
    bool operator==(const NameKey& other) const { return hash == other.hash && length == other.length; }
    bool operator<(const NameKey& other) const
    {
        return hash != other.hash ? hash < other.hash : length < other.length;
    }
};

NameKey keyOf(std::string_view name)
{
    return { std::hash<std::string_view>()(name), uint32_t(name.size()) };
}

// Whether the two curves run programs of the same names at every step. Each distinct pair of
// programs (source's, target's) the steps run is compared once, by key, each side's names read in
// its programs' order: a key for every program took 16 bytes a program (13 MiB for bench-huge's
// pair, at the comparison's peak), and reading names in the steps' order maps the labels' spill
// file in a random order.
bool sameProgramsInOrder(const LivenessCurve& source, const LivenessCurve& target)
{
    if (source.numSteps() != target.numSteps())
        return false;
    std::vector<std::pair<uint32_t, uint32_t>> pairs(source.numSteps());
    for (size_t s = 0; s < pairs.size(); ++s)
        pairs[s] = { source.stepProgram[s], target.stepProgram[s] };
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    const auto keyOfProgram = [](const ProgramLabels& programs, uint32_t program) {
        return program < programs.size() ? keyOf(programs.name(program)) : NameKey {};
    };
    std::vector<NameKey> sourceKeys(pairs.size());
    for (size_t i = 0; i < pairs.size(); ++i) // in the source's programs' order
        sourceKeys[i] = i > 0 && pairs[i - 1].first == pairs[i].first
            ? sourceKeys[i - 1]
            : keyOfProgram(source.programs, pairs[i].first);
    std::vector<uint32_t> byTarget(pairs.size());
    for (uint32_t i = 0; i < byTarget.size(); ++i)
        byTarget[i] = i;
    std::sort(byTarget.begin(), byTarget.end(),
        [&pairs](uint32_t a, uint32_t b) { return pairs[a].second < pairs[b].second; });
    NameKey targetKey;
    for (size_t k = 0; k < byTarget.size(); ++k) { // in the target's programs' order
        const uint32_t i = byTarget[k];
        if (k == 0 || pairs[byTarget[k - 1]].second != pairs[i].second)
            targetKey = keyOfProgram(target.programs, pairs[i].second);
        if (!(sourceKeys[i] == targetKey))
            return false;
    }
    return true;
}

} // namespace

StepMatch matchSteps(const LivenessCurve& source, const LivenessCurve& target)
{
    StepMatch m;
    m.targetOf.assign(source.numSteps(), -1);
    m.sourceOf.assign(target.numSteps(), -1);
    const bool sameOrder = sameProgramsInOrder(source, target);
    if (sameOrder) {
        for (size_t s = 0; s < source.numSteps(); ++s)
            m.targetOf[s] = m.sourceOf[s] = int32_t(s);
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

// A name live at a side's peak (NameKey): its variables' bytes summed, the first of them (for its
// name).
struct LiveName {
    // The key's fields side by side with the variable's: 24 bytes, where a NameKey member took 32.
    uint64_t hash = 0;
    uint32_t length = 0;
    uint32_t variable = 0;
    uint64_t bytes = 0;
    NameKey key() const { return { hash, length }; }
    bool operator<(const LiveName& other) const { return key() < other.key(); }
};

// The variables live at a side's peak, one entry a name (equal names summed), in (hash, length)
// order. Without the variables' tiles when the report has not read them: sizes and live ranges are
// enough for all IPUs. The names are read in the live ranges' order (the variables' in a profile
// popscope writes).
std::vector<LiveName> liveAtPeak(const Report& report, const VariableDigest& variables, uint32_t step)
{
    std::vector<LiveName> out;
    const auto ranges = detail::ReportAccess::liveRangeList(report); // kept while used
    std::vector<uint8_t> seen(variables.size(), 0);
    spill::ScanPacer pacer; // most variables' names are read: bench-huge's 25 MiB in a few ms
    for (const auto& [v, range] : *ranges)
        if (v < variables.size() && range.first <= step && step <= range.last && !variables.alwaysLive[v]
            && variables.sizeBytes[v] > 0 && !seen[v]) {
            seen[v] = 1;
            const NameKey key = keyOf(variables.name(v));
            out.push_back({ key.hash, key.length, v, variables.sizeBytes[v] });
            pacer.step();
        }
    // The first variable of a name stands for it, as the name order kept it before.
    std::sort(out.begin(), out.end(), [](const LiveName& a, const LiveName& b) {
        return a.key() == b.key() ? a.variable < b.variable : a < b;
    });
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i) {
        if (kept > 0 && out[kept - 1].key() == out[i].key())
            out[kept - 1].bytes += out[i].bytes;
        else
            out[kept++] = out[i];
    }
    out.resize(kept);
    return out;
}

// A name whose bytes at the peak moved, still unnamed: a name is read for those kept alone.
struct Moved {
    const VariableDigest* side; // the side that names it (the source when both hold it)
    uint32_t variable;
    uint64_t source, target;
    SignedDiff diff;
};

struct DigestPair {
    const VariableDigest* source;
    const VariableDigest* target;
};

// The names live at either side's peak (left and right in (hash, length) order) whose bytes grew or
// shrank from the source's peak to the target's.
void splitMoved(const std::vector<LiveName>& left, const std::vector<LiveName>& right, DigestPair digests,
    std::vector<Moved>& grown, std::vector<Moved>& shrunk)
{
    size_t i = 0, j = 0;
    while (i < left.size() || j < right.size()) {
        Moved m {};
        if (j == right.size() || (i < left.size() && left[i] < right[j])) {
            m = { digests.source, left[i].variable, left[i].bytes, 0, {} };
            ++i;
        } else if (i == left.size() || right[j] < left[i]) {
            m = { digests.target, right[j].variable, 0, right[j].bytes, {} };
            ++j;
        } else {
            m = { digests.source, left[i].variable, left[i].bytes, right[j].bytes, {} };
            ++i;
            ++j;
        }
        m.diff = signedDiff(m.source, m.target);
        if (m.diff.absolute > 0)
            grown.push_back(m);
        else if (m.diff.absolute < 0)
            shrunk.push_back(m);
    }
}

// The `top` that moved most into list, equal ones by name: only the names of those kept, and of
// those tied with the last kept, are read.
void keepTop(std::vector<Moved>& moved, size_t top, std::vector<LivenessComparison::Variable>& list)
{
    const auto larger = [](const Moved& a, const Moved& b) {
        return diffMagnitude(a.diff.absolute) > diffMagnitude(b.diff.absolute);
    };
    if (moved.size() > top && top > 0) {
        std::nth_element(moved.begin(), moved.begin() + long(top - 1), moved.end(), larger);
        const uint64_t last = diffMagnitude(moved[top - 1].diff.absolute);
        moved.erase(std::partition(moved.begin(), moved.end(),
                        [last](const Moved& m) { return diffMagnitude(m.diff.absolute) >= last; }),
            moved.end());
    } else if (top == 0) {
        moved.clear();
    }
    // Their names, each read once in the variables' order (a sort on the spilled names would
    // read them again in a random order), then the largest first and equal ones by name.
    std::sort(moved.begin(), moved.end(), [](const Moved& a, const Moved& b) {
        return a.side != b.side ? std::less<const VariableDigest*>()(a.side, b.side)
                                : a.variable < b.variable;
    });
    std::vector<LivenessComparison::Variable> named;
    named.reserve(moved.size());
    for (const Moved& m : moved)
        named.push_back({ std::string(m.side->name(m.variable)), m.source, m.target, m.diff });
    std::sort(named.begin(), named.end(), [](const auto& a, const auto& b) {
        const uint64_t x = diffMagnitude(a.diff.absolute), y = diffMagnitude(b.diff.absolute);
        return x != y ? x > y : a.name < b.name;
    });
    for (size_t k = 0; k < named.size() && k < top; ++k)
        list.push_back(std::move(named[k]));
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
    std::vector<Moved> grown, shrunk;
    splitMoved(left, right, { &sourceVariables, &targetVariables }, grown, shrunk);
    keepTop(grown, top, c.grownAtPeak);
    keepTop(shrunk, top, c.shrunkAtPeak);
    return c;
}

} // namespace popscope
