#include "cycle_estimator.hpp"

#include "popscope/sim/cost_model.hpp"
#include "tile_costs.hpp"

#include <algorithm>
#include <limits>

namespace popscope::sim {

namespace {

// Each IPU's run of tiles from the first with work to the last (none when no tile has any).
void addRows(std::vector<EstimatedTileCycles>& rows, uint32_t id, std::vector<IpuTileCycles>&& ipus)
{
    for (const IpuTileCycles& ipu : ipus) {
        const auto busy = [](uint32_t cycles) { return cycles != 0; };
        const auto first = std::find_if(ipu.cycles.begin(), ipu.cycles.end(), busy);
        if (first == ipu.cycles.end())
            continue;
        const auto last = std::find_if(ipu.cycles.rbegin(), ipu.cycles.rend(), busy).base();
        rows.push_back(
            { id, ipu.ipu, uint32_t(first - ipu.cycles.begin()), std::vector<uint32_t>(first, last) });
    }
}

// `cycles` on every tile of `tiles` (tile in its IPU), by IPU.
std::vector<IpuTileCycles> onTiles(
    const TargetConfig& target, const std::map<uint32_t, std::vector<uint32_t>>& tiles, uint64_t cycles)
{
    const auto cell = uint32_t(std::min<uint64_t>(cycles, std::numeric_limits<uint32_t>::max()));
    std::vector<IpuTileCycles> out;
    for (const auto& [ipu, inIpu] : tiles) {
        out.push_back({ ipu, std::vector<uint32_t>(target.tilesPerIpu, 0), cycles, 0 });
        for (uint32_t t : inIpu)
            out.back().cycles[t] = cell;
    }
    return out;
}

// The phases of the stream copy that workload program `program` runs: Mid on its tiles, and the
// host's Begin and End waits when it syncs with the host (an overlapped copy does not).
void addStreamCopy(const TargetConfig& target, const ProgramLayout& layout, uint32_t program,
    const StreamCopyDesc& sc, std::vector<EstimatedTileCycles>& rows)
{
    const auto tiles = streamCopyTiles(target, sc);
    if (!sc.overlap)
        addRows(rows, layout.phaseProgram(program, StreamPhase::Begin),
            onTiles(target, tiles, streamCopyBeginCycles(target, sc)));
    for (const auto& [ipu, inIpu] : tiles)
        addRows(rows, layout.phaseProgram(program, StreamPhase::Mid),
            onTiles(target, { { ipu, inIpu } }, streamCopyMidCycles(target, sc, inIpu.size())));
    if (!sc.overlap)
        addRows(rows, layout.phaseProgram(program, StreamPhase::End),
            onTiles(target, tiles, streamCopyEndCycles(target, sc)));
}

} // namespace

uint64_t vertexEstimate(const TargetConfig& target, const ComputeSetDesc& cs, uint32_t vertexType)
{
    uint64_t cycles = 0;
    for (const auto& g : cs.groups) {
        if (g.vertexType != vertexType || g.perTile == 0 || g.tiles.empty())
            continue;
        const TileCost one = vertexGroupCost(target, g.cost, 1);
        cycles = std::max(cycles, one.supervisorCycles + one.workerCycles);
    }
    return cycles;
}

void emitCycleEstimates(const Workload& workload, const TargetConfig& target, const ProgramLayout& layout,
    ProfileDocument& doc, const std::function<void()>& checkpoint)
{
    CycleEstimates& out = doc.estimates;
    ComputeSetCycles computeSets(target);
    for (uint32_t c = 0; c < workload.computeSets.size(); ++c) {
        if ((c & 255) == 255 && checkpoint)
            checkpoint();
        const ComputeSetDesc& cs = workload.computeSets[c];
        addRows(out.computeSets, c, computeSets.run(cs, c, std::nullopt));
        for (uint32_t position = 0; position < doc.computeSets[c].vertices.size(); ++position)
            out.vertices.push_back({ c, position,
                vertexEstimate(target, cs, doc.computeSets[c].vertices[position].vertexType) });
    }
    for (uint32_t p = 0; p < workload.programs.size(); ++p) {
        const ProgramDesc& program = workload.programs[p];
        if (program.kind == ProgramKind::DoExchange)
            addRows(out.programs, p,
                exchangeTileCycles(
                    target, workload.exchanges[size_t(program.ref)], uint32_t(program.ref), std::nullopt));
        else if (program.kind == ProgramKind::StreamCopy)
            addStreamCopy(target, layout, p, workload.streamCopies[size_t(program.ref)], out.programs);
    }
    // A stream copy's phases follow every workload program in the document: into key order.
    std::stable_sort(out.programs.begin(), out.programs.end(),
        [](const EstimatedTileCycles& a, const EstimatedTileCycles& b) {
            return a.id != b.id ? a.id < b.id : a.ipu < b.ipu;
        });
}

} // namespace popscope::sim
