// Overlapped I/O in the simulated reports: with I/O tiles each input copy's Mid runs beside the
// compute that follows it and the flame keeps it apart; without them no copy overlaps anything.
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_index.hpp"
#include "popscope/trace_flame.hpp"
#include "popscope/trace_overlap.hpp"
#include "sample_profiles.hpp"

#include <catch2/catch.hpp>

using namespace popscope;
using simtest::sampleProfile;

TEST_CASE(
    "the I/O tiles' copies are the lane's overlapped I/O, kept out of the flame's levels", "[trace][overlap]")
{
    const auto profile = Profile::open(sampleProfile("io-tiles-64"));
    const StepTable steps = profile->readStepTable();
    const TraceLod lod = TraceLod::build(*profile, steps);
    const TraceFlame flame = buildTraceFlame(lod, steps, profile->readProgramOutline().parent);
    const FlameLane& lane = flame.lanes.at(0);
    const auto& laneSteps = lod.lane(0);
    // The spec streams its input on the I/O tiles before the loop (the first batch) and in each of
    // its 8 iterations (the next one), each beside the compute that follows.
    REQUIRE(lane.ioSteps.size() == 1 + 8);
    // The summary's overlapped I/O is these copies' cycles: found over the step table, not the lane.
    uint64_t ioCycles = 0;
    for (uint32_t k : lane.ioSteps)
        ioCycles += laneSteps[k].cycles;
    const TraceSummary summary = analyseTrace(*profile, steps);
    CHECK(summary.ipus.at(0).overlappedCopyCycles == ioCycles);
    // With them apart, the kinds of step fill the span exactly.
    uint64_t kinds = 0;
    for (uint64_t cycles : summary.ipus[0].stepCycles)
        kinds += cycles;
    CHECK(kinds - ioCycles == summary.ipus[0].lastCycle - summary.ipus[0].firstCycle);
    for (uint32_t k : lane.ioSteps) {
        CHECK(steps.type(laneSteps[k].step) == "StreamCopyMid");
        // The compute that follows starts with the copy, on the same clock.
        REQUIRE(k + 1 < laneSteps.size());
        CHECK(laneSteps[k + 1].base < laneSteps[k].base + laneSteps[k].cycles);
        for (const auto& level : lane.levels) // in no level: no span starts at the copy alone
            for (const FlameSpan& span : level)
                CHECK((span.firstStep != k || span.lastStep != k));
    }
}

TEST_CASE("without I/O tiles no copy is overlapped", "[trace][overlap]")
{
    const auto profile = Profile::open(sampleProfile("io-tiles-0"));
    const StepTable steps = profile->readStepTable();
    const TraceLod lod = TraceLod::build(*profile, steps);
    const std::vector<bool> overlapped = overlappedCopies(lod.lane(0).span());
    CHECK(std::count(overlapped.begin(), overlapped.end(), true) == 0);
    const TraceFlame flame = buildTraceFlame(lod, steps, profile->readProgramOutline().parent);
    CHECK(flame.lanes.at(0).ioSteps.empty());
    CHECK(analyseTrace(*profile, steps).ipus.at(0).overlappedCopyCycles == 0);
}
