// The Flame view's spans: every step sits under the programs of its path at every level, child
// spans lie inside their parents, levels are in time order, and consecutive steps under one
// program share its span.
#include "popscope/profile.hpp"
#include "popscope/program_index.hpp"
#include "popscope/trace_flame.hpp"
#include "sample_profiles.hpp"
#include "spilling_on.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace popscope;
using simtest::sampleProfile;

namespace {

ProgramIndex indexOf(const Profile& profile)
{
    return buildProgramIndex(profile.readProgramTable(), profile.readControlPrograms(),
        profile.readFunctions(), profile.readStepCycles(), {});
}

} // namespace

TEST_CASE("every step lies under its path's programs at every flame level", "[trace][flame]")
{
    for (const char* name : { "custom-example", "pipeline-grouped", "sort-bitonic", "io-tiles-64" }) {
        INFO(name);
        const auto profile = Profile::open(sampleProfile(name));
        const auto steps = profile->readStepTable();
        const TraceLod lod = TraceLod::build(*profile, steps);
        // The trace reads an outline of the tree, not the tree: the parents the index finds, every label.
        const ProgramOutline outline = profile->readProgramOutline();
        const TraceFlame flame = buildTraceFlame(lod, steps, outline.parent);
        const ProgramIndex index = indexOf(*profile);
        CHECK(outline.parent == std::vector<int32_t>(index.parent.begin(), index.parent.end()));
        REQUIRE(outline.labels.size() == index.size());
        CHECK(outline.labels.name(index.controlPrograms.at(0))
            == profile->readPrograms()[index.controlPrograms.at(0)].name);
        REQUIRE(flame.lanes.size() == lod.numIpus());
        REQUIRE(flame.depth() >= 3); // the run, a control program, the steps' programs
        size_t merged = 0;
        for (uint32_t ipu = 0; ipu < lod.numIpus(); ++ipu) {
            const FlameLane& lane = flame.lanes[ipu];
            const auto& laneSteps = lod.lane(ipu);
            for (size_t k = 0; k < laneSteps.size(); ++k) {
                if (std::binary_search(lane.ioSteps.begin(), lane.ioSteps.end(), uint32_t(k)))
                    continue; // overlapped I/O is in no level (test_trace_overlap.cpp)
                const uint32_t step = laneSteps[k].step;
                std::vector<uint32_t> ids { steps.run(step) };
                for (uint32_t p : pathTo(index, steps.program(step)))
                    ids.push_back(p);
                for (size_t level = 0; level < ids.size(); ++level) {
                    const FlameSpan* span = flameSpanAt(lane, level, laneSteps[k].base);
                    REQUIRE(span != nullptr);
                    CHECK(span->id == ids[level]);
                    CHECK(span->firstStep <= k);
                    CHECK(span->lastStep >= k);
                    CHECK(span->last >= laneSteps[k].base + laneSteps[k].cycles);
                }
            }
            for (size_t level = 0; level < lane.levels.size(); ++level) {
                const auto& spans = lane.levels[level];
                for (size_t i = 0; i < spans.size(); ++i) {
                    CHECK(spans[i].first < spans[i].last);
                    if (i > 0)
                        CHECK(spans[i - 1].last <= spans[i].first);
                    if (spans[i].lastStep > spans[i].firstStep)
                        ++merged;
                    if (level > 0) { // inside the span above it
                        const FlameSpan* parent = flameSpanAt(lane, level - 1, spans[i].first);
                        REQUIRE(parent != nullptr);
                        CHECK(parent->first <= spans[i].first);
                        CHECK(parent->last >= spans[i].last);
                    }
                }
            }
            // Level 0 holds the runs, each a single span when its steps are consecutive.
            for (const FlameSpan& run : lane.levels[0])
                CHECK(run.id < profile->readRuns().size());
        }
        CHECK(merged > 0); // control programs and loop bodies span many steps
    }
}

TEST_CASE("the flame finds nothing between spans or below its depth", "[trace][flame]")
{
    const auto profile = Profile::open(sampleProfile("custom-example"));
    const auto steps = profile->readStepTable();
    const TraceLod lod = TraceLod::build(*profile, steps);
    const TraceFlame flame = buildTraceFlame(lod, steps, indexOf(*profile).parent);
    const FlameLane& lane = flame.lanes.at(0);
    CHECK(flameSpanAt(lane, lane.levels.size(), 0) == nullptr);
    CHECK(flameSpanAt(lane, 0, lod.endCycle() + 1) == nullptr);
    const auto& runs = lane.levels[0];
    REQUIRE(!runs.empty());
    CHECK(firstFlameSpanEndingAfter(runs.span(), 0) == 0);
    CHECK(firstFlameSpanEndingAfter(runs.span(), runs.back().last) == runs.size());
}

TEST_CASE("a flame built with spilling on holds the same spans in spill files", "[trace][flame][spill]")
{
    const auto profile = Profile::open(sampleProfile("pipeline-grouped"));
    const auto steps = profile->readStepTable();
    const TraceLod lod = TraceLod::build(*profile, steps);
    const auto parents = indexOf(*profile).parent;
    const TraceFlame inMemory = buildTraceFlame(lod, steps, parents);
    const test::SpillingOn spilling;
    const TraceFlame spilled = buildTraceFlame(lod, steps, parents);
    REQUIRE(spilled.lanes.size() == inMemory.lanes.size());
    for (size_t ipu = 0; ipu < spilled.lanes.size(); ++ipu) {
        const auto& levels = spilled.lanes[ipu].levels;
        REQUIRE(levels.size() == inMemory.lanes[ipu].levels.size());
        for (size_t level = 0; level < levels.size(); ++level) {
            CHECK(levels[level].isSpilled());
            REQUIRE(levels[level].size() == inMemory.lanes[ipu].levels[level].size());
            for (size_t i = 0; i < levels[level].size(); ++i) {
                const FlameSpan& a = levels[level][i];
                const FlameSpan& b = inMemory.lanes[ipu].levels[level][i];
                CHECK((a.first == b.first && a.last == b.last && a.id == b.id && a.firstStep == b.firstStep
                    && a.lastStep == b.lastStep));
            }
        }
    }
}

TEST_CASE("a program index built with spilling on holds the same columns in spill files", "[programs][spill]")
{
    const auto profile = Profile::open(sampleProfile("pipeline-grouped"));
    const ProgramIndex inMemory = indexOf(*profile);
    const test::SpillingOn spilling;
    const ProgramIndex spilled = indexOf(*profile);
    const auto same
        = [](const auto& a, const auto& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); };
    CHECK(spilled.parent.isSpilled());
    CHECK(spilled.totalCycles.isSpilled());
    CHECK(same(spilled.parent, inMemory.parent));
    CHECK(same(spilled.order, inMemory.order));
    CHECK(same(spilled.ownCycles, inMemory.ownCycles));
    CHECK(same(spilled.totalCycles, inMemory.totalCycles));
    CHECK(same(spilled.totalSteps, inMemory.totalSteps));
    CHECK(same(spilled.stepOffsets, inMemory.stepOffsets));
    CHECK(same(spilled.stepIds, inMemory.stepIds));
    REQUIRE(spilled.size() == inMemory.size());
    for (uint32_t p = 0; p < spilled.size(); p += 97)
        CHECK(pathTo(spilled, p) == pathTo(inMemory, p));
}
