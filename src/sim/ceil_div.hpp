#pragma once
// Integer division rounding up, used across the cost model, planners and generators.
#include <cstdint>

namespace popscope::sim {

// a / b rounded up; 0 when b is 0.
inline uint64_t ceilDiv(uint64_t a, uint64_t b)
{
    return b == 0 ? 0 : (a + b - 1) / b;
}

} // namespace popscope::sim
