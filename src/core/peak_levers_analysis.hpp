#pragma once
// analysePeakLevers: the recomputation, FP16 and batch-size levers at the liveness peak. Internal
// to core; analysePeakLiveness fills PeakLiveness::levers with it.
#include "peak_live_variables.hpp"
#include "popscope/peak_liveness.hpp"

namespace popscope {

struct LivenessCurve;

namespace detail {

// `peak` has its step and worst tiles; `live` the variables live at that step with their bytes.
PeakLevers analysePeakLevers(
    const Report& report, const LivenessCurve& curve, const PeakLiveness& peak, const LiveAtStep& live);

} // namespace detail
} // namespace popscope
