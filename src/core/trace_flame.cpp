#include "popscope/trace_flame.hpp"

#include "popscope/program_index.hpp"
#include "popscope/trace_overlap.hpp"

#include <algorithm>
#include <unordered_map>

namespace popscope {

size_t TraceFlame::depth() const
{
    size_t most = 0;
    for (const FlameLane& lane : lanes)
        most = std::max(most, lane.levels.size());
    return most;
}

namespace {

// The run, then the programs from the root down to the step's own program.
class FlamePaths {
public:
    explicit FlamePaths(std::span<const int32_t> parents)
        : m_parents(parents)
    {
    }

    const std::vector<uint32_t>& of(uint32_t run, uint32_t program)
    {
        auto [it, added] = m_paths.try_emplace(program);
        if (added) {
            it->second = pathTo(m_parents, program);
            if (it->second.empty()) // a program the index does not know: itself
                it->second.push_back(program);
        }
        m_path.assign(1, run);
        m_path.insert(m_path.end(), it->second.begin(), it->second.end());
        return m_path;
    }

private:
    std::span<const int32_t> m_parents;
    std::unordered_map<uint32_t, std::vector<uint32_t>> m_paths;
    std::vector<uint32_t> m_path;
};

} // namespace

TraceFlame buildTraceFlame(const TraceLod& lod, const StepTable& steps, std::span<const int32_t> parents)
{
    TraceFlame flame;
    flame.lanes.resize(lod.numIpus());
    FlamePaths paths(parents);
    for (uint32_t ipu = 0; ipu < lod.numIpus(); ++ipu) {
        // Twice: counting the spans of each level, then filling them, so each level is allocated
        // once at its size (grown by push_back, the levels and their copies took twice the memory).
        FlameLane& lane = flame.lanes[ipu];
        const std::vector<bool> overlapped = overlappedCopies(lod.lane(ipu).span());
        for (size_t k = 0; k < overlapped.size(); ++k)
            if (overlapped[k])
                lane.ioSteps.push_back(uint32_t(k));
        std::vector<size_t> counts;
        for (const bool counting : { true, false }) {
            const auto& laneSteps = lod.lane(ipu);
            std::vector<uint32_t> lastIds; // the id of each level's last span
            size_t open = 0; // levels whose last span the previous step belongs to
            for (size_t k = 0; k < laneSteps.size(); ++k) {
                const TraceLod::LaneStep& s = laneSteps[k];
                if (s.step >= steps.size() || overlapped[k])
                    continue;
                const std::vector<uint32_t>& ids = paths.of(steps.run(s.step), steps.program(s.step));
                if (lastIds.size() < ids.size())
                    lastIds.resize(ids.size(), 0);
                if (counts.size() < ids.size())
                    counts.resize(ids.size(), 0);
                const uint64_t end = s.base + s.cycles;
                bool continues = true; // the levels above this one continue their spans
                for (size_t level = 0; level < ids.size(); ++level) {
                    // A level below `open` had a span in the previous step: it goes on if it is
                    // the same run or program.
                    continues = continues && level < open && lastIds[level] == ids[level];
                    lastIds[level] = ids[level];
                    if (counting) {
                        counts[level] += continues ? 0 : 1;
                        continue;
                    }
                    std::vector<FlameSpan>& spans = lane.levels[level].values();
                    if (continues) {
                        spans.back().last = std::max(spans.back().last, end);
                        spans.back().lastStep = uint32_t(k);
                    } else {
                        spans.push_back({ s.base, end, ids[level], uint32_t(k), uint32_t(k) });
                    }
                }
                open = ids.size();
            }
            if (counting) {
                lane.levels.resize(counts.size());
                for (size_t level = 0; level < counts.size(); ++level)
                    lane.levels[level].values().reserve(counts[level]);
            }
        }
        for (SpilledArray<FlameSpan>& spans : lane.levels)
            spans.spill();
    }
    return flame;
}

size_t firstFlameSpanEndingAfter(std::span<const FlameSpan> spans, uint64_t cycle)
{
    return size_t(std::partition_point(spans.begin(), spans.end(), [cycle](const FlameSpan& s) {
        return s.last <= cycle;
    }) - spans.begin());
}

const FlameSpan* flameSpanAt(const FlameLane& lane, size_t level, uint64_t cycle)
{
    if (level >= lane.levels.size())
        return nullptr;
    const auto spans = lane.levels[level].span();
    const size_t i = firstFlameSpanEndingAfter(spans, cycle);
    return i < spans.size() && spans[i].first <= cycle ? &spans[i] : nullptr;
}

} // namespace popscope
