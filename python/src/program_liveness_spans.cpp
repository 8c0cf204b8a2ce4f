#include "program_liveness_spans.hpp"

#include <algorithm>

namespace popscope::python {

ProgramLivenessSpans ProgramLivenessSpans::of(const Report& report)
{
    const ProgramTable& programs = report.programs();
    const std::vector<uint32_t>& stepProgram = report.liveness().stepProgram;
    ProgramLivenessSpans spans;
    spans.m_first.assign(programs.size(), kNone);
    spans.m_last.assign(programs.size(), kNone);
    for (uint32_t step = 0; step < stepProgram.size(); ++step) {
        const uint32_t p = stepProgram[step];
        if (p >= programs.size())
            continue; // checked when read
        spans.m_first[p] = std::min(spans.m_first[p], step);
        spans.m_last[p] = spans.m_last[p] == kNone ? step : std::max(spans.m_last[p], step);
    }
    // A parent spans its children: an iterative post-order walk (the tree is free of cycles,
    // checked when read; the states also stop the walk on a cycle and on shared subtrees).
    enum : uint8_t { kUnseen, kOpen, kDone };
    std::vector<uint8_t> state(programs.size(), kUnseen);
    std::vector<std::pair<uint32_t, size_t>> stack; // program, next child
    for (uint32_t root = 0; root < programs.size(); ++root) {
        if (state[root] != kUnseen)
            continue;
        stack.emplace_back(root, 0);
        state[root] = kOpen;
        while (!stack.empty()) {
            auto& [p, next] = stack.back();
            const auto children = programs[p].children;
            if (next < children.size()) {
                const uint32_t child = children[next++];
                if (child < programs.size() && state[child] == kUnseen) {
                    state[child] = kOpen;
                    stack.emplace_back(child, 0);
                }
                continue;
            }
            for (uint32_t child : children) {
                if (child >= programs.size() || spans.m_first[child] == kNone)
                    continue;
                spans.m_first[p] = std::min(spans.m_first[p], spans.m_first[child]);
                spans.m_last[p] = spans.m_last[p] == kNone ? spans.m_last[child]
                                                           : std::max(spans.m_last[p], spans.m_last[child]);
            }
            state[p] = kDone;
            stack.pop_back();
        }
    }
    return spans;
}

std::optional<std::pair<uint32_t, uint32_t>> ProgramLivenessSpans::spanOf(
    std::span<const uint32_t> programs) const
{
    uint32_t first = kNone, last = 0;
    for (uint32_t p : programs) {
        if (p >= m_first.size() || m_first[p] == kNone)
            continue;
        first = std::min(first, m_first[p]);
        last = std::max(last, m_last[p]);
    }
    if (first == kNone)
        return std::nullopt;
    return std::pair(first, last);
}

} // namespace popscope::python
