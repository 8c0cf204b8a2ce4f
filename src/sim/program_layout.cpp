#include "program_layout.hpp"

#include "popscope/errors.hpp"

#include <algorithm>

namespace popscope::sim {

ProgramLayout::ProgramLayout(const Workload& workload, const TargetConfig& target)
    : m_workload(workload)
    , m_target(target)
    , m_leavesPerIpu(target.numIpus, 0)
    , m_ipuMask(workload.programs.size(), 0)
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
        case ProgramKind::StreamCopy:
            m_ipuMask[i] = tilesMask(workload.streamCopies[size_t(p.ref)].tiles);
            m_phaseBase[i] = next;
            next += 3;
            break;
        case ProgramKind::Sync: {
            uint64_t mask = 0;
            for (uint32_t ipu : p.ipus)
                if (ipu < 64)
                    mask |= uint64_t(1) << ipu;
            m_ipuMask[i] = p.ipus.empty() ? allIpus : mask;
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
    std::vector<Program> extra;
    doc.programs.reserve(w.programs.size());
    for (size_t i = 0; i < w.programs.size(); ++i) {
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
            out.type
                = w.exchanges[size_t(p.ref)].kind == ExchangeKind::Global ? "GlobalExchange" : "DoExchange";
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
            out.type = "Sequence";
            const uint32_t base = m_phaseBase[i];
            out.children = { base, base + 1, base + 2 };
            const char* names[3] = { "StreamCopyBegin", "StreamCopyMid", "StreamCopyEnd" };
            for (int k = 0; k < 3; ++k) {
                Program phase;
                phase.type = names[k];
                phase.name = p.name + "/" + names[k];
                phase.exchange = int64_t(hostExchangeIndex(uint32_t(p.ref)));
                phase.debugContext = p.debugContext;
                extra.push_back(std::move(phase));
            }
            break;
        }
        }
        doc.programs.push_back(std::move(out));
    }
    for (auto& p : extra)
        doc.programs.push_back(std::move(p));
    doc.controlPrograms = w.controlPrograms;
    doc.functions = w.functions;
}

} // namespace popscope::sim
