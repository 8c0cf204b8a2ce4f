// What the Liveness report's tables show for a step: live variables, always-live variables,
// the vertices the step runs and its execution cycles, each in a scope.
#include "popscope/liveness.hpp"

#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/report.hpp"

#include <algorithm>

namespace popscope {

namespace {

void checkStep(const Report& report, uint32_t step)
{
    const size_t steps = report.liveness().numSteps();
    if (step >= steps)
        throw ProfileError(ErrorKind::InvalidInput, report.path(),
            "there is no liveness step " + std::to_string(step) + " (the report has " + std::to_string(steps)
                + (steps == 1 ? " step)" : " steps)"));
}

// A tile mask for Kind::Tiles scopes (empty otherwise).
std::vector<uint8_t> tileMask(const Report& report, const LivenessScope& scope)
{
    std::vector<uint8_t> mask;
    if (scope.kind != LivenessScope::Kind::Tiles)
        return mask;
    mask.assign(size_t(report.profile().target().numTiles()), 0);
    for (uint32_t t : scope.tiles)
        if (t < mask.size())
            mask[t] = 1;
    return mask;
}

uint64_t bytesIn(
    const Report& report, uint32_t variable, const LivenessScope& scope, const std::vector<uint8_t>& mask)
{
    switch (scope.kind) {
    case LivenessScope::Kind::AllIpus:
        return report.variables()[variable].sizeBytes;
    case LivenessScope::Kind::Ipu:
        return report.liveRanges().bytesOnIpu(variable, scope.ipu);
    case LivenessScope::Kind::Tiles: {
        uint64_t bytes = 0;
        for (const TileBytes& tb : report.variables()[variable].tiles)
            if (mask[tb.tile])
                bytes += tb.bytes;
        return bytes;
    }
    }
    return 0;
}

std::vector<ScopedVariable> scoped(const Report& report, const std::vector<uint32_t>& variables,
    const LivenessScope& scope, bool largestFirst = true)
{
    const std::vector<uint8_t> mask = tileMask(report, scope);
    std::vector<ScopedVariable> out;
    out.reserve(variables.size());
    for (uint32_t v : variables)
        if (uint64_t bytes = bytesIn(report, v, scope, mask))
            out.push_back({ v, bytes });
    if (!largestFirst)
        return out;
    const auto& all = report.variables();
    std::sort(out.begin(), out.end(), [&all](const ScopedVariable& a, const ScopedVariable& b) {
        return a.bytes != b.bytes ? a.bytes > b.bytes : all[a.variable].name < all[b.variable].name;
    });
    return out;
}

bool onScope(const Report& report, uint32_t tile, const LivenessScope& scope)
{
    switch (scope.kind) {
    case LivenessScope::Kind::AllIpus:
        return true;
    case LivenessScope::Kind::Ipu:
        return tile / report.profile().target().tilesPerIpu == scope.ipu;
    case LivenessScope::Kind::Tiles:
        return std::binary_search(scope.tiles.begin(), scope.tiles.end(), tile);
    }
    return false;
}

} // namespace

uint64_t variableBytes(const Report& report, uint32_t variable, const LivenessScope& scope)
{
    if (variable >= report.variables().size())
        throw ProfileError(
            ErrorKind::InvalidInput, report.path(), "there is no variable " + std::to_string(variable));
    return bytesIn(report, variable, scope, tileMask(report, scope));
}

std::vector<ScopedVariable> liveVariablesAt(const Report& report, uint32_t step, const LivenessScope& scope)
{
    checkStep(report, step);
    return scoped(report, report.liveRanges().liveAt(step), scope);
}

std::vector<ScopedVariable> alwaysLiveVariables(
    const Report& report, const LivenessScope& scope, bool largestFirst)
{
    return scoped(report, report.liveRanges().alwaysLive(), scope, largestFirst);
}

std::vector<StepVertices> stepVertices(const Report& report, uint32_t step, const LivenessScope& scope)
{
    checkStep(report, step);
    const LivenessCurve& c = report.liveness();
    const int64_t set = c.programs.computeSet[c.stepProgram[step]];
    std::vector<StepVertices> out;
    if (set < 0)
        return out;
    const auto& types = report.vertexTypes();
    // The step's one compute set, not every set (bench-huge's are 99 MB).
    for (const ComputeSetVertices& v : report.computeSetVertices(uint32_t(set))) {
        uint64_t instances = 0;
        for (const TileCount& tc : v.countByTile)
            if (onScope(report, tc.tile, scope))
                instances += tc.count;
        if (instances == 0 || v.vertexType >= types.size())
            continue;
        auto it = std::find_if(
            out.begin(), out.end(), [&](const StepVertices& s) { return s.vertexType == v.vertexType; });
        if (it == out.end())
            it = out.insert(out.end(), StepVertices { v.vertexType, 0, 0 });
        it->instances += instances;
        it->stateBytes += instances * types[v.vertexType].stateBytes;
    }
    std::sort(out.begin(), out.end(), [](const StepVertices& a, const StepVertices& b) {
        return a.stateBytes != b.stateBytes ? a.stateBytes > b.stateBytes : a.vertexType < b.vertexType;
    });
    return out;
}

ProgramCycles readProgramCycles(const Profile& profile)
{
    ProgramCycles pc;
    pc.numIpus = profile.target().numIpus;
    const uint64_t programs = profile.countRows("programs");
    pc.cycles.assign(size_t(programs) * pc.numIpus, 0);
    pc.executions.assign(size_t(programs), 0);
    for (const ExecutionStep& step : profile.readSteps(false)) {
        pc.hasExecution = true;
        if (step.program >= programs)
            continue;
        ++pc.executions[step.program];
        for (const StepIpu& ipu : step.ipus)
            pc.cycles[size_t(step.program) * pc.numIpus + ipu.ipu] += ipu.cycles;
    }
    return pc;
}

StepCycleEstimate stepCycleEstimate(const Report& report, uint32_t step, const LivenessScope& scope)
{
    checkStep(report, step);
    const ProgramCycles& pc = report.programCycles();
    const uint32_t program = report.liveness().stepProgram[step];
    StepCycleEstimate out;
    out.hasExecution = pc.hasExecution;
    out.executions = pc.executions[program];
    out.cyclesByIpu.assign(pc.cycles.begin() + long(size_t(program) * pc.numIpus),
        pc.cycles.begin() + long(size_t(program + 1) * pc.numIpus));
    const uint32_t tilesPerIpu = report.profile().target().tilesPerIpu;
    for (uint32_t ipu = 0; ipu < pc.numIpus; ++ipu) {
        if (scope.coversIpu(ipu, tilesPerIpu))
            out.cycles = std::max(out.cycles, out.cyclesByIpu[ipu]);
    }
    return out;
}

} // namespace popscope
