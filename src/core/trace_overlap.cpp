#include "popscope/trace_overlap.hpp"

namespace popscope {

std::vector<bool> overlappedCopies(std::span<const TraceLod::LaneStep> lane)
{
    std::vector<bool> overlapped(lane.size(), false);
    OverlappedCopyFinder finder;
    const auto mark = [&overlapped](uint64_t k, bool yes) { overlapped[k] = yes; };
    for (size_t k = 0; k < lane.size(); ++k)
        finder.add(k, lane[k].work == TraceState::StreamCopy, lane[k].base, lane[k].cycles, mark);
    finder.finish(mark);
    return overlapped;
}

} // namespace popscope
