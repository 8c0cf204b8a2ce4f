#pragma once
// Lays the workload's program tree out as the profile's programs and walks it statically into
// liveness program steps (one per leaf; Repeat bodies once; Call inlined).
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <cstdint>
#include <vector>

namespace popscope::sim {

enum class StreamPhase : uint8_t { None, Begin, Mid, End };

struct LeafStep {
    uint32_t docProgram = 0; // program row in the profile
    uint32_t descProgram = 0; // ProgramDesc index
    StreamPhase phase = StreamPhase::None;
};

class ProgramLayout {
public:
    ProgramLayout(const Workload& workload, const TargetConfig& target);

    // Fills doc.programs, controlPrograms, functions, exchanges (internal/global then host).
    void emit(ProfileDocument& doc) const;
    const std::vector<LeafStep>& leaves() const { return m_leaves; }
    // Profile program of a stream copy phase for a StreamCopy ProgramDesc.
    uint32_t phaseProgram(uint32_t descProgram, StreamPhase phase) const;
    uint32_t hostExchangeIndex(uint32_t streamCopy) const
    {
        return uint32_t(m_workload.exchanges.size()) + streamCopy;
    }
    // Number of leaf steps that touch each IPU (for control code).
    const std::vector<uint64_t>& leavesPerIpu() const { return m_leavesPerIpu; }
    // How often the static walk reaches each workload program as a leaf (Call bodies once per call).
    uint64_t leafVisits(uint32_t descProgram) const { return m_leafVisits[descProgram]; }
    // IPUs a leaf program touches (bit mask over <= 64 IPUs).
    uint64_t ipuMask(uint32_t descProgram) const { return m_ipuMask[descProgram]; }

private:
    // Workload program i as the document holds it; a stream copy's three phases go to `phases`.
    Program docProgram(size_t i, std::vector<Program>& phases) const;
    void walk(uint32_t program, std::vector<uint32_t>& callStack);
    uint64_t tilesMask(const TileSet& tiles) const;

    const Workload& m_workload;
    const TargetConfig& m_target;
    std::vector<LeafStep> m_leaves;
    std::vector<uint64_t> m_leavesPerIpu;
    std::vector<uint64_t> m_ipuMask;
    std::vector<uint64_t> m_leafVisits; // per ProgramDesc
    std::vector<uint32_t> m_phaseBase; // per ProgramDesc: first of its 3 phase programs, or 0
};

} // namespace popscope::sim
