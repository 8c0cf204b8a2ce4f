// Two execution traces compared: total cycles, the shares of the IPUs' cycles, parallel efficiency.
#include "popscope/trace_comparison.hpp"

#include "liveness_changes.hpp"
#include "popscope/report.hpp"
#include "trace_changes.hpp"

#include <algorithm>
#include <cmath>
#include <future>

namespace popscope {

namespace {

// The kinds of step an IPU's cycles are in, in the order What changed lists them.
constexpr TraceState kStepKinds[] = { TraceState::Computing, TraceState::Exchanging, TraceState::Sync,
    TraceState::StreamCopy, TraceState::Idle };

void sideFigures(const TraceSummary& trace, std::array<uint64_t, kTraceStateCount>& cycles,
    std::array<double, kTraceStateCount>& shares)
{
    uint64_t all = 0;
    for (const IpuTrace& ipu : trace.ipus)
        for (TraceState kind : kStepKinds) {
            cycles[size_t(kind)] += ipu.stepCycles[size_t(kind)];
            all += ipu.stepCycles[size_t(kind)];
        }
    for (TraceState kind : kStepKinds)
        shares[size_t(kind)] = all ? double(cycles[size_t(kind)]) / double(all) : 0.0;
}

const char* kindTitle(TraceState kind)
{
    switch (kind) {
    case TraceState::Computing:
        return "Compute";
    case TraceState::Exchanging:
        return "Exchange";
    case TraceState::StreamCopy:
        return "Stream copy";
    case TraceState::Sync:
        return "Sync";
    case TraceState::Idle:
        return "Idle";
    case TraceState::WaitingForSync:
        break;
    }
    return "Other";
}

std::string percentText(double share)
{
    return formatPercent(share, 2);
}

} // namespace

StepPairs pairSteps(const std::vector<std::string_view>& sourceStepPrograms,
    const std::vector<std::string_view>& targetStepPrograms)
{
    StepPairs pairs;
    pairs.sourceToTarget.assign(sourceStepPrograms.size(), -1);
    pairs.targetToSource.assign(targetStepPrograms.size(), -1);
    for (const MatchedRow& row : matchRows(sourceStepPrograms, targetStepPrograms))
        if (row.source >= 0 && row.target >= 0) {
            pairs.sourceToTarget[size_t(row.source)] = row.target;
            pairs.targetToSource[size_t(row.target)] = row.source;
        }
    const size_t common = std::min(sourceStepPrograms.size(), targetStepPrograms.size());
    for (size_t i = 0; i < common; ++i)
        if (pairs.sourceToTarget[i] < 0 && pairs.targetToSource[i] < 0) {
            pairs.sourceToTarget[i] = int32_t(i);
            pairs.targetToSource[i] = int32_t(i);
        }
    return pairs;
}

int64_t shareInBasisPoints(double share)
{
    return int64_t(std::llround(share * 10000.0));
}

TraceComparison compareTraces(const TraceSummary& source, const TraceSummary& target)
{
    TraceComparison c;
    c.present = source.numSteps > 0 || target.numSteps > 0;
    c.sourceSteps = source.numSteps;
    c.targetSteps = target.numSteps;
    c.sourceTotalCycles = source.totalCycles;
    c.targetTotalCycles = target.totalCycles;
    sideFigures(source, c.sourceStepCycles, c.sourceShare);
    sideFigures(target, c.targetStepCycles, c.targetShare);
    c.sourceEfficiency = source.parallelEfficiency();
    c.targetEfficiency = target.parallelEfficiency();
    c.sourceWaitTileCycles = source.waitTileCycles();
    c.targetWaitTileCycles = target.waitTileCycles();
    return c;
}

TraceComparison compareExecutionTraces(const Report& source, const Report& target)
{
    auto targetTrace = std::async(
        std::launch::async, [&target]() -> const TraceSummary& { return target.traceSummary(); });
    const TraceSummary& sourceTrace = source.traceSummary();
    return compareTraces(sourceTrace, targetTrace.get());
}

void addTraceChangeLines(
    const TraceComparison& t, std::vector<ChangeLine>& headline, std::vector<ChangeLine>& shares)
{
    if (!t.present)
        return;
    headline.push_back(makeChangeLine("trace", "", "", "total cycles", "Total cycles (the longest IPU)",
        t.sourceTotalCycles, t.targetTotalCycles, "cycles"));
    ChangeLine efficiency = makeChangeLine("trace", "", "", "parallel efficiency", "Parallel efficiency",
        uint64_t(shareInBasisPoints(t.sourceEfficiency)), uint64_t(shareInBasisPoints(t.targetEfficiency)),
        "percent");
    efficiency.worse = -1; // more of the tiles' time doing work is better
    headline.push_back(efficiency);
    for (TraceState kind : kStepKinds) {
        const int64_t source = shareInBasisPoints(t.sourceShare[size_t(kind)]);
        const int64_t target = shareInBasisPoints(t.targetShare[size_t(kind)]);
        if (source == target)
            continue;
        ChangeLine share = makeChangeLine("trace", "", "", "share of cycles",
            std::string(kindTitle(kind)) + " share of IPU cycles", uint64_t(source), uint64_t(target),
            "percent");
        share.worse = kind == TraceState::Computing ? -1 : kind == TraceState::StreamCopy ? 0 : 1;
        shares.push_back(share);
    }
}

void formatTraceComparisonText(std::ostringstream& out, const TraceComparison& t)
{
    if (!t.present)
        return;
    out << "Execution trace\n";
    out << "  Steps                         " << formatCount(t.sourceSteps) << " -> "
        << formatCount(t.targetSteps) << "\n";
    out << "  Total cycles (longest IPU)    " << formatCount(t.sourceTotalCycles) << " -> "
        << formatCount(t.targetTotalCycles) << "\n";
    out << "  Parallel efficiency           " << percentText(t.sourceEfficiency) << " -> "
        << percentText(t.targetEfficiency) << "\n";
    out << "  Tile-cycles waiting for sync  " << formatCount(t.sourceWaitTileCycles) << " -> "
        << formatCount(t.targetWaitTileCycles) << "\n";
    out << "  Share of the IPUs' cycles\n";
    for (TraceState kind : kStepKinds)
        out << "    " << kindTitle(kind) << std::string(26 - std::string_view(kindTitle(kind)).size(), ' ')
            << percentText(t.sourceShare[size_t(kind)]) << " -> " << percentText(t.targetShare[size_t(kind)])
            << "\n";
}

nlohmann::json traceComparisonJson(const TraceComparison& t)
{
    using nlohmann::json;
    if (!t.present)
        return nullptr;
    json source = json::object(), target = json::object();
    for (TraceState kind : kStepKinds) {
        source[traceStateName(kind)]
            = { { "cycles", t.sourceStepCycles[size_t(kind)] }, { "share", t.sourceShare[size_t(kind)] } };
        target[traceStateName(kind)]
            = { { "cycles", t.targetStepCycles[size_t(kind)] }, { "share", t.targetShare[size_t(kind)] } };
    }
    return { { "steps", { { "source", t.sourceSteps }, { "target", t.targetSteps } } },
        { "totalCycles", { { "source", t.sourceTotalCycles }, { "target", t.targetTotalCycles } } },
        { "parallelEfficiency", { { "source", t.sourceEfficiency }, { "target", t.targetEfficiency } } },
        { "waitTileCycles", { { "source", t.sourceWaitTileCycles }, { "target", t.targetWaitTileCycles } } },
        { "stepCycles", { { "source", source }, { "target", target } } } };
}

} // namespace popscope
