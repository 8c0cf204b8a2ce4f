#include "program_facts.hpp"

#include <algorithm>

namespace popscope::sim {

namespace {

// The profile program that carries a workload program's facts: a stream copy's Mid phase.
uint32_t factsProgram(const ProgramLayout& layout, const ProgramDesc& program, uint32_t descProgram)
{
    return program.kind == ProgramKind::StreamCopy ? layout.phaseProgram(descProgram, StreamPhase::Mid)
                                                   : descProgram;
}

// The variables a leaf program reads and writes, ascending, each once.
std::vector<uint32_t> usedVariables(const Workload& w, const ProgramDesc& p)
{
    std::vector<uint32_t> used;
    const auto take = [&](const std::vector<uint32_t>& reads, const std::vector<uint32_t>& writes) {
        used.insert(used.end(), reads.begin(), reads.end());
        used.insert(used.end(), writes.begin(), writes.end());
    };
    const auto ref = size_t(p.ref);
    if (p.kind == ProgramKind::Execute && ref < w.computeSets.size())
        take(w.computeSets[ref].reads, w.computeSets[ref].writes);
    else if (p.kind == ProgramKind::DoExchange && ref < w.exchanges.size())
        take(w.exchanges[ref].reads, w.exchanges[ref].writes);
    else if (p.kind == ProgramKind::StreamCopy && ref < w.streamCopies.size())
        take(w.streamCopies[ref].reads, w.streamCopies[ref].writes);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    std::erase_if(used, [&](uint32_t v) { return v >= w.variables.size(); });
    return used;
}

} // namespace

void emitProgramFacts(
    const Workload& workload, const TargetConfig& target, const ProgramLayout& layout, ProfileDocument& doc)
{
    doc.programControlCode.clear();
    doc.programVariables.clear();
    for (uint32_t i = 0; i < workload.programs.size(); ++i) {
        const ProgramDesc& p = workload.programs[i];
        const uint32_t program = factsProgram(layout, p, i);
        for (uint32_t v : usedVariables(workload, p))
            doc.programVariables.push_back({ program, v });
        const uint64_t bytes = layout.leafVisits(i) * uint64_t(workload.controlCodeBytesPerStep);
        if (bytes == 0)
            continue;
        const uint64_t mask = layout.ipuMask(i);
        for (uint32_t ipu = 0; ipu < target.numIpus && ipu < 64; ++ipu)
            if (mask & (uint64_t(1) << ipu))
                doc.programControlCode.push_back({ program, ipu,
                    { { target.tilesPerIpu, uint32_t(std::min<uint64_t>(bytes, UINT32_MAX)) } } });
    }
    // A stream copy's Mid phase comes after every workload program: back to key order.
    const auto byKey = [](const auto& a, const auto& b) { return a.program < b.program; };
    std::stable_sort(doc.programControlCode.begin(), doc.programControlCode.end(), byKey);
    std::stable_sort(doc.programVariables.begin(), doc.programVariables.end(), byKey);
}

} // namespace popscope::sim
