#include "models/liveness/step_buckets.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

std::vector<StepBucket> aggregateSteps(
    const std::vector<uint64_t>& values, const TileWindow& window, int width)
{
    std::vector<StepBucket> buckets(size_t(std::max(0, width)));
    const double first = window.first, span = window.count;
    if (values.empty() || width <= 0 || span <= 0)
        return buckets;
    const int64_t n = int64_t(values.size());
    const double perColumn = span / width;
    for (int c = 0; c < width; ++c) {
        const double lo = first + c * perColumn, hi = lo + perColumn;
        int64_t a = std::max<int64_t>(0, int64_t(std::floor(lo)));
        int64_t b = std::min<int64_t>(n, int64_t(std::ceil(hi))); // exclusive
        if (b <= a && a < n && int64_t(std::floor(lo)) == a)
            b = a + 1; // a column inside one step
        if (a >= b)
            continue;
        StepBucket& bucket = buckets[size_t(c)];
        bucket.min = bucket.max = values[size_t(a)];
        bucket.argMax = a;
        for (int64_t s = a + 1; s < b; ++s) {
            const uint64_t v = values[size_t(s)];
            bucket.min = std::min(bucket.min, v);
            if (v > bucket.max) {
                bucket.max = v;
                bucket.argMax = s;
            }
        }
    }
    return buckets;
}

} // namespace popscope
