#pragma once
// Runs the program tree superstep by superstep and records execution steps: per-IPU clocks,
// per-tile cycles, sync waits, exchanges and stream-copy phases (DESIGN.md §5, ipu.md §3-§4).
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"
#include "program_layout.hpp"
#include "tile_costs.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace popscope::sim {

class BspExecutor {
public:
    BspExecutor(const Workload& workload, const TargetConfig& target, const ProgramLayout& layout,
        uint64_t seed, uint64_t maxSteps, uint64_t maxTileCycleCells);

    // Appends runs and steps to doc; returns, per doc program, the cycles spent in it (slowest IPU
    // per step, summed over executions).
    void run(ProfileDocument& doc);
    // Called every few hundred steps; it throws to stop (a cancel).
    void setCheckpoint(std::function<void()> checkpoint) { m_checkpoint = std::move(checkpoint); }
    const std::vector<uint64_t>& cyclesByProgram() const { return m_cyclesByProgram; }

private:
    void exec(uint32_t program, ProfileDocument& doc);
    void executeComputeSet(uint32_t program, uint32_t cs, ProfileDocument& doc);
    void executeExchange(uint32_t program, uint32_t ex, ProfileDocument& doc);
    void executeStreamCopy(uint32_t program, uint32_t sc, ProfileDocument& doc);
    void executeSync(uint32_t program, const ProgramDesc& p, ProfileDocument& doc);
    // A host sync phase of a stream copy (Begin, End) on every IPU of the replica: each waits for
    // the latest IPU, then hostCycles for the host.
    void hostSync(ExecutionStep step, uint64_t hostCycles, ProfileDocument& doc);
    // The Mid phase's figures on every IPU of the replica; tilesByIpu: the copying tiles by IPU.
    void streamCopyMid(const StreamCopyDesc& sc, const std::map<uint32_t, std::vector<uint32_t>>& tilesByIpu,
        ExecutionStep& mid);
    void settle(uint32_t ipu); // overlapped work must finish before the IPU syncs
    // Turns per-global-tile cycles of the touched tiles into per-IPU step figures.
    void pushStep(ExecutionStep step, ProfileDocument& doc);
    StepIpu stepIpu(uint32_t ipu, std::vector<uint32_t> cyclesByTile, uint64_t stepCycles) const;
    // The IPU in a step where none of its tiles has work: every tile waits for the sync.
    StepIpu waitingIpu(uint32_t ipu, uint64_t cycles) const;
    static uint32_t clamp32(uint64_t v);

    const Workload& m_workload;
    const TargetConfig& m_target;
    const ProgramLayout& m_layout;
    uint64_t m_seed;
    uint64_t m_maxSteps;
    uint64_t m_maxTileCycleCells;
    uint64_t m_tileCycleCells = 0;
    uint32_t m_run = 0;
    std::vector<uint64_t> m_clock; // per IPU, cycles
    std::vector<uint64_t> m_pending; // per IPU, end of overlapped work (I/O tiles)
    std::vector<uint64_t> m_cyclesByProgram;
    ComputeSetCycles m_computeSetCycles; // the compute sets' per-tile cycles, as the estimates take them
    std::function<void()> m_checkpoint;
};

} // namespace popscope::sim
