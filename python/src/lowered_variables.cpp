#include "lowered_variables.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>

namespace popscope::python {

namespace {

using Intervals = std::vector<uint32_t>; // start, end, start, end, ... sorted and merged

// A not-always-live variable's inclusive live ranges as merged half-open intervals within the
// steps (ranges are checked when read; the bound keeps a class within livenessProgramSteps).
Intervals halfOpenIntervals(std::span<const StepRange> ranges, uint32_t numSteps)
{
    std::vector<std::pair<uint32_t, uint32_t>> sorted;
    for (const StepRange& r : ranges)
        if (r.first <= r.last && r.first < numSteps)
            sorted.emplace_back(r.first, std::min(r.last, numSteps - 1) + 1);
    std::sort(sorted.begin(), sorted.end());
    Intervals merged;
    for (const auto& [start, end] : sorted) {
        if (!merged.empty() && start <= merged.back()) {
            merged.back() = std::max(merged.back(), end);
            continue;
        }
        merged.push_back(start);
        merged.push_back(end);
    }
    return merged;
}

void groupByTile(LoweredVariables& lowered, uint32_t numTiles)
{
    lowered.tileOffsets.assign(size_t(numTiles) + 1, 0);
    for (uint32_t t : lowered.tile)
        ++lowered.tileOffsets[size_t(t) + 1];
    std::partial_sum(lowered.tileOffsets.begin(), lowered.tileOffsets.end(), lowered.tileOffsets.begin());
    lowered.byTile.resize(lowered.tile.size());
    std::vector<uint32_t> next(lowered.tileOffsets.begin(), lowered.tileOffsets.end() - 1);
    for (uint32_t b = 0; b < lowered.tile.size(); ++b)
        lowered.byTile[next[lowered.tile[b]]++] = b;
}

} // namespace

LoweredVariables LoweredVariables::of(const Report& report)
{
    const VariableTable& variables = report.variables();
    const uint32_t numSteps = uint32_t(report.liveness().numSteps());
    const uint32_t numTiles = report.numTiles();
    LoweredVariables lowered;
    lowered.variableStart.reserve(variables.size() + 1);
    lowered.variableStart.push_back(0);
    lowered.classOfVariable.reserve(variables.size());
    lowered.classStepOffsets.push_back(0);
    std::map<Intervals, uint32_t> classes; // by liveness; the always-live class is keyed apart
    const Intervals always = numSteps ? Intervals { 0, numSteps } : Intervals {};
    std::map<Intervals, uint32_t> alwaysLiveClass;
    for (uint32_t v = 0; v < variables.size(); ++v) {
        const VariableRow row = variables[v];
        for (const TileBytes& tb : row.tiles) {
            if (tb.tile >= numTiles)
                continue; // checked when read; skipped rather than trusted
            lowered.tile.push_back(tb.tile);
            lowered.bytes.push_back(tb.bytes);
            lowered.variable.push_back(v);
        }
        if (lowered.tile.size() > UINT32_MAX)
            throw std::length_error("more than 2^32 brief variables");
        lowered.variableStart.push_back(uint32_t(lowered.tile.size()));
        Intervals steps = row.alwaysLive ? always : halfOpenIntervals(row.liveRanges, numSteps);
        auto& index = row.alwaysLive ? alwaysLiveClass : classes;
        const auto [found, added] = index.try_emplace(std::move(steps), uint32_t(lowered.numClasses()));
        if (added) {
            lowered.classSteps.insert(lowered.classSteps.end(), found->first.begin(), found->first.end());
            lowered.classStepOffsets.push_back(uint32_t(lowered.classSteps.size() / 2));
        }
        lowered.classOfVariable.push_back(found->second);
    }
    groupByTile(lowered, numTiles);
    return lowered;
}

} // namespace popscope::python
