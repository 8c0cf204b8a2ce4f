#pragma once
// The liveness plot's pixel <-> step mapping and its per-pixel-column aggregation (pure, no Qt):
// column c of a plot `width` pixels wide showing steps [first, first + count) covers the steps
// that overlap [first + c·count/width, first + (c+1)·count/width); steps map to pixels as tiles do
// in Memory (positionToX of tile_axis.hpp). Every visible step falls in at
// least one column, so the column maxima keep every peak at any zoom.
#include "models/tile_axis.hpp"

#include <cstdint>
#include <vector>

namespace popscope {

struct StepBucket {
    uint64_t min = 0, max = 0;
    int64_t argMax = -1; // the first step with `max`; -1 for a column without steps
    bool empty() const { return argMax < 0; }
};

std::vector<StepBucket> aggregateSteps(
    const std::vector<uint64_t>& values, const TileWindow& window, int width);

} // namespace popscope
