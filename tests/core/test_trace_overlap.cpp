// Overlapped I/O in a lane: which stream copies run beside other steps, on lanes written out step by
// step (cycles [base, base + cycles) on the IPU's clock).
#include "popscope/trace_overlap.hpp"

#include <catch2/catch.hpp>

using namespace popscope;

namespace {

TraceLod::LaneStep overlapLaneStep(TraceState work, uint64_t base, uint64_t cycles)
{
    TraceLod::LaneStep s;
    s.work = work;
    s.base = base;
    s.cycles = cycles;
    return s;
}

constexpr TraceState kOverlapCopy = TraceState::StreamCopy;
constexpr TraceState kOverlapCompute = TraceState::Computing;

} // namespace

TEST_CASE("a copy that starts with the compute after it is overlapped I/O", "[trace][overlap]")
{
    // An I/O-tile copy [100, 400) beside the compute [100, 300), then one beside nothing [500, 600).
    const std::vector<TraceLod::LaneStep> lane
        = { overlapLaneStep(kOverlapCompute, 0, 100), overlapLaneStep(kOverlapCopy, 100, 300),
              overlapLaneStep(kOverlapCompute, 100, 200), overlapLaneStep(kOverlapCopy, 500, 100) };
    CHECK(overlappedCopies(lane) == std::vector<bool> { false, true, false, false });
}

TEST_CASE("copies between steps, touching them, overlap nothing", "[trace][overlap]")
{
    // Begin, Mid and End of a host copy, each starting where the step before ends.
    const std::vector<TraceLod::LaneStep> lane = { overlapLaneStep(kOverlapCompute, 0, 100),
        overlapLaneStep(kOverlapCopy, 100, 50), overlapLaneStep(kOverlapCopy, 150, 50),
        overlapLaneStep(kOverlapCopy, 200, 50), overlapLaneStep(TraceState::Sync, 250, 10) };
    CHECK(overlappedCopies(lane) == std::vector<bool>(5, false));
}

TEST_CASE("a copy overlapped by an earlier, longer step, and empty steps", "[trace][overlap]")
{
    // The exchange [0, 1000) outlasts the copy [200, 300); a copy of no cycles overlaps nothing, and
    // a compute of no cycles makes no copy overlapped.
    const std::vector<TraceLod::LaneStep> lane = { overlapLaneStep(TraceState::Exchanging, 0, 1000),
        overlapLaneStep(kOverlapCopy, 200, 100), overlapLaneStep(kOverlapCopy, 500, 0),
        overlapLaneStep(kOverlapCopy, 1000, 100), overlapLaneStep(kOverlapCompute, 1050, 0) };
    CHECK(overlappedCopies(lane) == std::vector<bool> { false, true, false, false, false });
    CHECK(overlappedCopies({}).empty());
}
