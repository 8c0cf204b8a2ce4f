#include "program_layout.hpp"

#include "popscope/errors.hpp"
#include "popscope/trace_traffic.hpp"

#include <algorithm>

namespace popscope::sim {

ProgramLayout::ProgramLayout(const Workload& workload, const TargetConfig& target)
    : m_workload(workload)
    , m_target(target)
    , m_leavesPerIpu(target.numIpus, 0)
    , m_ipuMask(workload.programs.size(), 0)
    , m_leafVisits(workload.programs.size(), 0)
    , m_phaseBase(workload.programs.size(), 0)
{
    const uint64_t allIpus = target.numIpus >= 64 ? ~uint64_t(0) : (uint64_t(1) << target.numIpus) - 1;
    uint32_t next = uint32_t(workload.programs.size());
    for (size_t i = 0; i < workload.programs.size(); ++i) {
        const auto& p = workload.programs[i];
        switch (p.kind) {
        case ProgramKind::Execute: {
            uint64_t mask = 0;
            for (const auto& g : workload.computeSets[size_t(p.ref)].groups)
                mask |= tilesMask(g.tiles);
            m_ipuMask[i] = mask;
            break;
        }
        case ProgramKind::DoExchange:
            m_ipuMask[i] = tilesMask(workload.exchanges[size_t(p.ref)].tiles);
            break;
        case ProgramKind::StreamCopy: // a host sync point: every IPU of the replica takes part
            m_ipuMask[i] = allIpus;
            m_phaseBase[i] = next;
            next += 3;
            break;
        case ProgramKind::Sync: { // external and global syncs hold every IPU of the replica
            uint64_t mask = 0;
            for (uint32_t ipu : p.ipus)
                if (ipu < 64)
                    mask |= uint64_t(1) << ipu;
            m_ipuMask[i] = p.ipus.empty() || p.sync != SyncKind::Internal ? allIpus : mask;
            break;
        }
        default:
            break;
        }
    }
    std::vector<uint32_t> stack;
    for (uint32_t root : workload.controlPrograms)
        walk(root, stack);
}

uint64_t ProgramLayout::tilesMask(const TileSet& tiles) const
{
    uint64_t mask = 0;
    const uint32_t t = m_target.tilesPerIpu;
    for (const auto& s : tiles.spans) {
        if (s.count == 0)
            continue;
        if (s.stride == 1) {
            for (uint32_t ipu = s.first / t; ipu <= (s.first + s.count - 1) / t && ipu < 64; ++ipu)
                mask |= uint64_t(1) << ipu;
        } else {
            for (uint32_t k = 0; k < s.count; ++k)
                mask |= uint64_t(1) << std::min<uint32_t>(63, (s.first + k * s.stride) / t);
        }
    }
    return mask;
}

void ProgramLayout::walk(uint32_t program, std::vector<uint32_t>& callStack)
{
    const auto& p = m_workload.programs[program];
    auto countLeaf = [&](uint32_t desc) {
        ++m_leafVisits[desc];
        const uint64_t mask = m_ipuMask[desc];
        for (uint32_t ipu = 0; ipu < m_target.numIpus && ipu < 64; ++ipu)
            if (mask & (uint64_t(1) << ipu))
                ++m_leavesPerIpu[ipu];
    };
    switch (p.kind) {
    case ProgramKind::Sequence:
    case ProgramKind::Repeat:
        for (uint32_t c : p.children)
            walk(c, callStack);
        break;
    case ProgramKind::Call: {
        const auto fn = uint32_t(p.ref);
        if (std::find(callStack.begin(), callStack.end(), fn) != callStack.end() || callStack.size() > 64)
            throw ProfileError(
                ErrorKind::InvalidInput, "", "program '" + p.name + "' calls a function recursively");
        callStack.push_back(fn);
        walk(fn, callStack);
        callStack.pop_back();
        break;
    }
    case ProgramKind::StreamCopy:
        for (auto phase : { StreamPhase::Begin, StreamPhase::Mid, StreamPhase::End })
            m_leaves.push_back({ phaseProgram(program, phase), program, phase });
        countLeaf(program);
        break;
    default:
        m_leaves.push_back({ program, program, StreamPhase::None });
        countLeaf(program);
        break;
    }
}

uint32_t ProgramLayout::phaseProgram(uint32_t descProgram, StreamPhase phase) const
{
    const uint32_t base = m_phaseBase[descProgram];
    switch (phase) {
    case StreamPhase::Begin:
        return base;
    case StreamPhase::Mid:
        return base + 1;
    case StreamPhase::End:
        return base + 2;
    default:
        return descProgram;
    }
}

Program ProgramLayout::docProgram(size_t i, std::vector<Program>& phases) const
{
    const auto& w = m_workload;
    const auto& p = w.programs[i];
    Program out;
    out.name = p.name;
    out.debugContext = p.debugContext;
    switch (p.kind) {
    case ProgramKind::Sequence:
        out.type = "Sequence";
        out.children = p.children;
        break;
    case ProgramKind::Repeat:
        out.type = "Repeat";
        out.children = p.children;
        out.repeatCount = p.repeatCount;
        break;
    case ProgramKind::Execute:
        out.type = "OnTileExecute";
        out.computeSet = p.ref;
        break;
    case ProgramKind::DoExchange:
        out.type = w.exchanges[size_t(p.ref)].kind == ExchangeKind::Global ? "GlobalExchange" : "DoExchange";
        out.exchange = p.ref;
        break;
    case ProgramKind::Sync:
        out.type = "Sync";
        break;
    case ProgramKind::Call:
        out.type = "Call";
        out.children = { uint32_t(p.ref) };
        break;
    case ProgramKind::StreamCopy: {
        // A sequence of its three phases, which follow every workload program in the document.
        out.type = "Sequence";
        const uint32_t base = m_phaseBase[i];
        out.children = { base, base + 1, base + 2 };
        // The format has no remote-buffer flag: a remote buffer's copy says so by its phases' names
        // (namesRemoteBuffer), which the Execution Trace's traffic split reads.
        const bool remote = w.streamCopies[size_t(p.ref)].remote;
        const std::string prefix = p.name + (remote && !namesRemoteBuffer(p.name) ? "/remoteBuffer/" : "/");
        for (const char* name : { "StreamCopyBegin", "StreamCopyMid", "StreamCopyEnd" }) {
            Program phase;
            phase.type = name;
            phase.name = prefix + name;
            phase.exchange = int64_t(hostExchangeIndex(uint32_t(p.ref)));
            phase.debugContext = p.debugContext;
            phases.push_back(std::move(phase));
        }
        break;
    }
    }
    return out;
}

void ProgramLayout::emit(ProfileDocument& doc) const
{
    const auto& w = m_workload;
    for (const auto& ex : w.exchanges) {
        Exchange e;
        e.name = ex.name;
        e.kind = ex.kind == ExchangeKind::Global ? "global" : "internal";
        e.totalBytes = ex.bytesPerTile * ex.tiles.size();
        doc.exchanges.push_back(std::move(e)); // code bytes filled by the memory accountant
    }
    for (const auto& sc : w.streamCopies) {
        Exchange e;
        e.name = sc.name;
        e.kind = "host";
        e.totalBytes = sc.bytesPerTile * sc.tiles.size();
        doc.exchanges.push_back(std::move(e));
    }
    std::vector<Program> phases;
    doc.programs.reserve(w.programs.size());
    for (size_t i = 0; i < w.programs.size(); ++i)
        doc.programs.push_back(docProgram(i, phases));
    for (auto& p : phases)
        doc.programs.push_back(std::move(p));
    doc.controlPrograms = w.controlPrograms;
    doc.functions = w.functions;
}

} // namespace popscope::sim
