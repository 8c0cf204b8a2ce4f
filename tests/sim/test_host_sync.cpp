// Host stream copies and external syncs are sync points for every IPU of the replica: each of
// their steps has one entry per IPU, with that IPU's own cycles and active cycles.
#include "sim_test_helpers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace simtest;
using popscope::ExecutionStep;
using popscope::ProfileDocument;
using popscope::StepIpu;

namespace {

bool isHostCopy(const ExecutionStep& s)
{
    return s.type.starts_with("StreamCopy");
}

bool isCrossIpuSync(const ProfileDocument& doc, const ExecutionStep& s)
{
    const std::string& name = doc.programs.at(s.program).name;
    return s.type == "Sync" && (name == "Sync(External)" || name == "Sync(Global)");
}

// One entry per IPU of the replica, in IPU order.
void requireEveryIpu(const ProfileDocument& doc, const ExecutionStep& s)
{
    INFO("step type " << s.type << ", program " << doc.programs.at(s.program).name);
    REQUIRE(s.ipus.size() == doc.target.numIpus);
    for (uint32_t ipu = 0; ipu < doc.target.numIpus; ++ipu)
        REQUIRE(s.ipus[ipu].ipu == ipu);
}

// An entry's figures agree with its per-tile cycles, as for every other step.
void requireConsistentFigures(const ProfileDocument& doc, const StepIpu& e)
{
    if (e.cyclesByTile.empty()) {
        CHECK(e.activeCyclesToMax <= e.cycles);
        return;
    }
    REQUIRE(e.cyclesByTile.size() == doc.target.tilesPerIpu);
    const auto active
        = std::count_if(e.cyclesByTile.begin(), e.cyclesByTile.end(), [](uint32_t c) { return c; });
    CHECK(e.activeTiles == uint32_t(active));
    CHECK(e.activeCyclesToMax == *std::max_element(e.cyclesByTile.begin(), e.cyclesByTile.end()));
    CHECK(e.activeCyclesToMax <= e.cycles);
}

struct Counts {
    size_t hostCopySteps = 0, syncSteps = 0, waitingEntries = 0;
};

// Checks every host-copy phase and cross-IPU sync of a multi-IPU document; counts what it saw.
Counts checkHostSyncs(const ProfileDocument& doc)
{
    Counts counts;
    for (const ExecutionStep& s : doc.steps) {
        if (!isHostCopy(s) && !isCrossIpuSync(doc, s))
            continue;
        requireEveryIpu(doc, s);
        (isHostCopy(s) ? counts.hostCopySteps : counts.syncSteps) += 1;
        for (const StepIpu& e : s.ipus) {
            requireConsistentFigures(doc, e);
            if (s.type == "StreamCopyMid" && e.activeTiles == 0) {
                ++counts.waitingEntries; // an IPU with nothing to copy waits in the sync
                CHECK(e.cyclesByTile.empty());
                CHECK(e.dataIn + e.dataOut == 0);
            }
        }
        // A host sync phase (Begin, End) and a cross-IPU sync release every IPU at the same cycle.
        if (s.type != "StreamCopyMid")
            for (const StepIpu& e : s.ipus)
                CHECK(e.cyclesBase + e.cycles == s.ipus[0].cyclesBase + s.ipus[0].cycles);
    }
    return counts;
}

std::map<std::string, std::string> smallPipeline()
{
    return { { "stages", "2" }, { "gradientAccumulation", "3" }, { "deviceIterations", "1" },
        { "layersPerStage", "1" } };
}

} // namespace

TEST_CASE("multi-IPU: every host-copy phase and external sync lists every IPU of the replica")
{
    for (const auto& [name, params] :
        std::vector<std::pair<std::string, std::map<std::string, std::string>>> {
            { "demo", { { "iterations", "1" } } }, { "pipeline", smallPipeline() } }) {
        INFO("workload " << name);
        const ProfileDocument doc = simulate(name, params);
        REQUIRE(doc.target.numIpus == 2);
        const Counts counts = checkHostSyncs(doc);
        CHECK(counts.hostCopySteps > 0);
        CHECK(counts.syncSteps > 0);
        CHECK(counts.waitingEntries > 0); // some copy has data on one IPU only
    }
}

TEST_CASE("pipeline: the stage without input waits through the host copy of the first stage")
{
    const ProfileDocument doc = simulate("pipeline", smallPipeline());
    const auto mid = std::find_if(doc.steps.begin(), doc.steps.end(), [&](const ExecutionStep& s) {
        return s.type == "StreamCopyMid" && doc.programs[s.program].name.starts_with("input/fromHost");
    });
    REQUIRE(mid != doc.steps.end());
    REQUIRE(mid->ipus.size() == 2);
    const StepIpu& copying = mid->ipus[0];
    const StepIpu& waiting = mid->ipus[1];
    CHECK(copying.dataIn > 0);
    CHECK(copying.activeTiles > 0);
    CHECK(copying.cyclesByTile.size() == doc.target.tilesPerIpu);
    // One superstep between the host syncs: both IPUs start and end it together.
    CHECK(waiting.cyclesBase == copying.cyclesBase);
    CHECK(waiting.cycles == copying.cycles);
    CHECK(waiting.activeTiles == 0);
    CHECK(waiting.activeCyclesToMax == 0);
    CHECK(waiting.dataIn == 0);
    // The copy's Begin phase before it waits for the host on both IPUs too.
    const ExecutionStep& begin = *(mid - 1);
    REQUIRE(begin.type == "StreamCopyBegin");
    CHECK(begin.ipus.size() == 2);
    CHECK(begin.ipus[1].cyclesBase + begin.ipus[1].cycles == waiting.cyclesBase);
}

namespace {

// Two IPUs of 16 tiles, 2 of them I/O tiles (14 and 15 on IPU 0): an external sync that lists
// IPU 0 only, an internal one that does too, a host copy to IPU 0's compute tiles and an
// overlapped copy to its I/O tiles.
ProfileDocument customTwoIpus()
{
    popscope::sim::SimulationSpec spec = popscope::sim::parseSpecJson(R"({
      "workload": "custom",
      "target": { "preset": "Mk2", "numIpus": 2, "tilesPerIpu": 16, "ioTilesPerIpu": 2 },
      "description": {
        "vertexTypes": [ { "name": "v" } ],
        "variables": [ { "name": "x", "elements": 64, "tiles": { "ipu": 0 } } ],
        "computeSets": [
          { "name": "work0", "vertices": [ { "type": "v", "tiles": { "ipu": 0 }, "cost": { "kind": "fixed", "cycles": 5000 } } ] },
          { "name": "work1", "vertices": [ { "type": "v", "tiles": { "ipu": 1 }, "cost": { "kind": "fixed", "cycles": 100 } } ] } ],
        "streamCopies": [
          { "name": "in", "tiles": { "ipu": 0 }, "bytesPerTile": 256 },
          { "name": "prefetch", "tiles": { "first": 14, "count": 2 }, "bytesPerTile": 256, "overlap": true } ],
        "controlPrograms": [ { "type": "Sequence", "name": "main", "children": [
          { "type": "Execute", "computeSet": "work0" },
          { "type": "Execute", "computeSet": "work1" },
          { "type": "Sync", "sync": "internal", "ipus": [0] },
          { "type": "Sync", "sync": "external", "ipus": [0] },
          { "type": "StreamCopy", "streamCopy": "in" },
          { "type": "StreamCopy", "streamCopy": "prefetch" } ] } ]
      }
    })",
        "test");
    return popscope::sim::simulateSpec(spec);
}

const ExecutionStep& stepOf(const ProfileDocument& doc, const std::string& program)
{
    const auto found = std::find_if(doc.steps.begin(), doc.steps.end(),
        [&](const ExecutionStep& s) { return doc.programs[s.program].name == program; });
    REQUIRE(found != doc.steps.end());
    return *found;
}

} // namespace

TEST_CASE("an external sync holds every IPU even when it lists fewer, an internal sync only those listed")
{
    const ProfileDocument doc = customTwoIpus();
    const ExecutionStep& internal = stepOf(doc, "Sync(Internal)");
    REQUIRE(internal.ipus.size() == 1);
    CHECK(internal.ipus[0].ipu == 0);
    const ExecutionStep& external = stepOf(doc, "Sync(External)");
    requireEveryIpu(doc, external);
    // IPU 1 ran 100 cycles, IPU 0 5,000 and an internal sync: IPU 1 waits the difference.
    CHECK(external.ipus[1].cycles > external.ipus[0].cycles);
    CHECK(external.ipus[0].cyclesBase + external.ipus[0].cycles
        == external.ipus[1].cyclesBase + external.ipus[1].cycles);
}

TEST_CASE(
    "copies to one IPU: the other IPU waits through a host copy, and spends nothing on an overlapped one")
{
    const ProfileDocument doc = customTwoIpus();
    for (const char* phase : { "in/StreamCopyBegin", "in/StreamCopyMid", "in/StreamCopyEnd" }) {
        INFO(phase);
        const ExecutionStep& s = stepOf(doc, phase);
        requireEveryIpu(doc, s);
        CHECK(s.ipus[1].cycles == s.ipus[0].cycles);
        CHECK(s.ipus[1].cyclesBase == s.ipus[0].cyclesBase);
    }
    CHECK(stepOf(doc, "in/StreamCopyMid").ipus[1].activeTiles == 0);
    CHECK(stepOf(doc, "in/StreamCopyBegin").ipus[1].activeTiles == doc.target.tilesPerIpu);
    // On I/O tiles the copy runs beside compute; its wait moves to the next external sync.
    const ExecutionStep& prefetch = stepOf(doc, "prefetch/StreamCopyMid");
    requireEveryIpu(doc, prefetch);
    CHECK(prefetch.ipus[0].activeTiles == 2);
    CHECK(prefetch.ipus[0].cycles > 0);
    CHECK(prefetch.ipus[0].dataIn == 512);
    CHECK(prefetch.ipus[1].activeTiles == 0);
    CHECK(prefetch.ipus[1].cycles == 0);
    CHECK(prefetch.ipus[1].dataIn == 0);
}

TEST_CASE("single-IPU profiles: every step still lists one IPU, host copies wait for the host only")
{
    for (const auto& [name, params] :
        std::vector<std::pair<std::string, std::map<std::string, std::string>>> {
            { "sort", { { "n", "4096" }, { "algorithm", "single" } } },
            { "io-tiles", { { "layers", "1" }, { "iterations", "2" } } } }) {
        INFO("workload " << name);
        const ProfileDocument doc = simulate(name, params);
        REQUIRE(doc.target.numIpus == 1);
        size_t copies = 0;
        for (const ExecutionStep& s : doc.steps) {
            REQUIRE(s.ipus.size() == 1);
            REQUIRE(s.ipus[0].ipu == 0);
            if (!isHostCopy(s))
                continue;
            ++copies;
            const StepIpu& e = s.ipus[0];
            if (s.type == "StreamCopyMid") {
                REQUIRE(e.cyclesByTile.size() == doc.target.tilesPerIpu);
                CHECK(e.cycles == *std::max_element(e.cyclesByTile.begin(), e.cyclesByTile.end()));
            } else {
                CHECK(e.cyclesByTile.empty());
                CHECK(e.activeTiles == doc.target.tilesPerIpu);
            }
        }
        CHECK(copies > 0);
    }
}
