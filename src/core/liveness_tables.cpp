// What the Liveness report's tables show for a step: live variables, always-live variables,
// the vertices the step runs and its execution cycles, each in a scope.
#include "popscope/liveness.hpp"

#include "popscope/cycle_estimates.hpp"
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
        return report.variables().sizeBytes(variable);
    case LivenessScope::Kind::Ipu:
        return report.liveRanges().bytesOnIpu(variable, scope.ipu);
    case LivenessScope::Kind::Tiles: {
        uint64_t bytes = 0;
        for (const TileBytes& tb : report.variables().tiles(variable))
            if (mask[tb.tile])
                bytes += tb.bytes;
        return bytes;
    }
    }
    return 0;
}

std::vector<ScopedVariable> scoped(const Report& report, std::span<const uint32_t> variables,
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
        return a.bytes != b.bytes ? a.bytes > b.bytes : all.name(a.variable) < all.name(b.variable);
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

// The compiler's estimate of one execution of `program` on each IPU: the slowest tile of the
// scope among its compute set's (OnTileExecute) or its own (an exchange) per-tile estimates.
void addStepEstimate(
    const Report& report, uint32_t program, const LivenessScope& scope, StepCycleEstimate& out)
{
    const LivenessCurve& curve = report.liveness();
    out.estimatedByIpu.assign(curve.numIpus, 0);
    if (!report.profileHasEstimates())
        return;
    const int64_t computeSet = curve.programs.computeSet[program];
    const std::vector<EstimatedTileCycles> rows = computeSet >= 0
        ? report.computeSetEstimates(uint32_t(computeSet))
        : isEstimatedProgramType(curve.programs.type(program)) ? report.programEstimates(program)
                                                               : std::vector<EstimatedTileCycles> {};
    for (const EstimatedTileCycles& row : rows) {
        if (row.ipu >= curve.numIpus || !scope.coversIpu(row.ipu, curve.tilesPerIpu))
            continue;
        for (size_t i = 0; i < row.cycles.size(); ++i) {
            const uint32_t tile = row.ipu * curve.tilesPerIpu + row.firstTile + uint32_t(i);
            if (scope.kind == LivenessScope::Kind::Tiles
                && !std::binary_search(scope.tiles.begin(), scope.tiles.end(), tile))
                continue;
            out.hasEstimate = true;
            out.estimatedByIpu[row.ipu] = std::max<uint64_t>(out.estimatedByIpu[row.ipu], row.cycles[i]);
        }
        out.estimatedCycles = std::max(out.estimatedCycles, out.estimatedByIpu[row.ipu]);
    }
}

} // namespace

uint64_t variableBytes(const Report& report, uint32_t variable, const LivenessScope& scope)
{
    if (variable >= report.variables().size())
        throw ProfileError(
            ErrorKind::InvalidInput, report.path(), "there is no variable " + std::to_string(variable));
    return bytesIn(report, variable, scope, tileMask(report, scope));
}

std::vector<ScopedVariable> liveVariablesAt(
    const Report& report, uint32_t step, const LivenessScope& scope, bool largestFirst)
{
    checkStep(report, step);
    return scoped(report, report.liveRanges().liveAt(step), scope, largestFirst);
}

std::vector<ScopedVariable> alwaysLiveVariables(
    const Report& report, const LivenessScope& scope, bool largestFirst)
{
    return scoped(report, report.liveRanges().alwaysLive(), scope, largestFirst);
}

uint64_t alwaysLiveBytes(const Report& report, const LivenessScope& scope)
{
    const std::vector<uint8_t> mask = tileMask(report, scope);
    uint64_t total = 0;
    for (uint32_t v : report.liveRanges().alwaysLive())
        total += bytesIn(report, v, scope, mask);
    return total;
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

std::vector<uint64_t> ProgramCycles::cyclesByIpu(uint32_t program) const
{
    std::vector<uint64_t> out(numIpus, 0);
    if (program >= ends.size())
        return out;
    for (uint32_t e = program == 0 ? 0 : ends[program - 1]; e < ends[program]; ++e)
        if (byIpu[e].first < numIpus)
            out[byIpu[e].first] = byIpu[e].second;
    return out;
}

ProgramCycles readProgramCycles(const Profile& profile)
{
    ProgramCycles pc;
    pc.numIpus = profile.target().numIpus;
    const uint64_t programs = profile.countRows("programs");
    pc.executions.assign(size_t(programs), 0);
    // Each step's program, then (program, IPU, cycles) for each of its IPUs, summed per pair: the
    // steps stream by, never all held (bench-huge: 91 MiB of ExecutionSteps a report).
    const std::vector<uint32_t> stepProgram = std::move(profile.readStepCycles().program);
    pc.hasExecution = !stepProgram.empty();
    for (uint32_t program : stepProgram)
        if (program < programs) // else a program added since (the file is read twice)
            ++pc.executions[program];
    struct Entry {
        uint32_t program, ipu;
        uint64_t cycles;
    };
    std::vector<Entry> entries;
    profile.forEachStepIpu([&](uint32_t step, uint32_t ipu, uint64_t cycles) {
        if (step < stepProgram.size() && stepProgram[step] < programs) // else added since
            entries.push_back({ stepProgram[step], ipu, cycles });
    });
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.program != b.program ? a.program < b.program : a.ipu < b.ipu;
    });
    pc.ends.assign(size_t(programs), 0);
    for (size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        if (i > 0 && entries[i - 1].program == e.program && entries[i - 1].ipu == e.ipu)
            pc.byIpu.back().second += e.cycles;
        else
            pc.byIpu.emplace_back(e.ipu, e.cycles);
        pc.ends[e.program] = uint32_t(pc.byIpu.size());
    }
    for (size_t p = 1; p < pc.ends.size(); ++p) // programs that never ran end where the one before did
        pc.ends[p] = std::max(pc.ends[p], pc.ends[p - 1]);
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
    out.cyclesByIpu = pc.cyclesByIpu(program);
    const uint32_t tilesPerIpu = report.profile().target().tilesPerIpu;
    for (uint32_t ipu = 0; ipu < pc.numIpus; ++ipu) {
        if (scope.coversIpu(ipu, tilesPerIpu))
            out.cycles = std::max(out.cycles, out.cyclesByIpu[ipu]);
    }
    addStepEstimate(report, program, scope, out);
    return out;
}

} // namespace popscope
