#pragma once
// Overlapped I/O in an IPU's lane: stream copies that run beside other steps. A copy on I/O tiles
// (Poplar's overlapped I/O, the simulator's `overlap` copies) starts with the compute that follows
// it and lasts as long as it must, on the same IPU clock, so its span lies under that compute's.
// The Execution Trace draws these copies in a row of their own under the lane's steps, stacked as
// the Graph Analyser stacks them, not hidden behind the compute they overlap; its cycle
// proportions count their cycles apart, as they are not a share of the IPU's span.
#include "popscope/trace_lod.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace popscope {

// Finds the overlapped copies among one IPU's steps, given in time order (by first cycle): a
// stream copy is overlapped when its cycles meet those of a step of another kind. Steps of no
// cycles overlap nothing. Holds only the copies not decided yet.
class OverlappedCopyFinder {
public:
    // Returns the copies decided by this step (overlapped or not) through `decided(id, overlapped)`.
    template <typename Decided>
    void add(uint64_t id, bool copy, uint64_t base, uint64_t cycles, Decided decided);
    // The copies still pending overlap nothing that follows: decides them.
    template <typename Decided> void finish(Decided decided);

private:
    struct Pending {
        uint64_t id, end;
        bool overlapped;
    };
    std::vector<Pending> m_pending; // copies whose end is past the last other step's start
    uint64_t m_otherEnd = 0; // the latest end of a step that is not a copy
};

// For each step of the lane (TraceLod::lane, in time order): whether it is an overlapped copy.
std::vector<bool> overlappedCopies(std::span<const TraceLod::LaneStep> lane);

template <typename Decided>
void OverlappedCopyFinder::add(uint64_t id, bool copy, uint64_t base, uint64_t cycles, Decided decided)
{
    if (cycles == 0) {
        if (copy)
            decided(id, false);
        return;
    }
    if (copy) {
        m_pending.push_back({ id, base + cycles, m_otherEnd > base });
        return;
    }
    // Later steps start no earlier than this one: a pending copy ending by its start is decided.
    size_t kept = 0;
    for (Pending& p : m_pending) {
        if (p.end <= base) {
            decided(p.id, p.overlapped);
            continue;
        }
        p.overlapped = true; // this step starts before the copy ends
        m_pending[kept++] = p;
    }
    m_pending.resize(kept);
    m_otherEnd = std::max(m_otherEnd, base + cycles);
}

template <typename Decided> void OverlappedCopyFinder::finish(Decided decided)
{
    for (const Pending& p : m_pending)
        decided(p.id, p.overlapped);
    m_pending.clear();
}

} // namespace popscope
