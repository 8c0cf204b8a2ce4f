// The physics of the generated profiles.
#include "sim_test_helpers.hpp"

#include "popscope/sim/cost_model.hpp"

#include <catch2/catch.hpp>

#include <bit>

using namespace simtest;
using popscope::ProfileDocument;

namespace {

std::vector<const popscope::ExecutionStep*> stepsOfType(const ProfileDocument& doc, const std::string& type)
{
    std::vector<const popscope::ExecutionStep*> out;
    for (const auto& s : doc.steps)
        if (s.type == type)
            out.push_back(&s);
    return out;
}

uint64_t variableBytes(const ProfileDocument& doc, const std::string& needle)
{
    uint64_t total = 0;
    for (const auto& v : doc.variables)
        if (v.name.find(needle) != std::string::npos)
            total += v.sizeBytes;
    return total;
}

} // namespace

TEST_CASE("single-tile sort: one tile computes the heap-sort estimate while every other tile waits")
{
    for (uint64_t n : { 1000ull, 65536ull }) {
        const ProfileDocument doc
            = simulate("sort", { { "n", std::to_string(n) }, { "algorithm", "single" } });
        const auto compute = stepsOfType(doc, "OnTileExecute");
        REQUIRE(compute.size() == 1);
        const auto& ipu = compute[0]->ipus.at(0);
        CHECK(ipu.cycles == popscope::sim::heapSortCycles(n));
        CHECK(ipu.activeTiles == 1);
        REQUIRE(ipu.cyclesByTile.size() == 1472);
        CHECK(ipu.cyclesByTile[0] == popscope::sim::heapSortCycles(n));
        for (size_t t = 1; t < ipu.cyclesByTile.size(); ++t)
            REQUIRE(ipu.cyclesByTile[t] == 0); // waiting for sync
    }
}

TEST_CASE("bitonic sort: O(log^2 n) supersteps that keep every tile busy, faster than one tile for large n")
{
    const uint64_t n = 65536;
    const ProfileDocument bitonic = simulate("sort", { { "n", "65536" }, { "algorithm", "bitonic" } });
    const ProfileDocument single = simulate("sort", { { "n", "65536" }, { "algorithm", "single" } });
    const uint64_t logn = std::bit_width(n) - 1;
    const auto compute = stepsOfType(bitonic, "OnTileExecute");
    CHECK(compute.size() == logn * (logn + 1) / 2); // 136
    CHECK(stepsOfType(bitonic, "DoExchange").size() == compute.size()); // one rearranging exchange per step
    for (const auto* s : compute)
        REQUIRE(s->ipus.at(0).activeTiles == 1472);
    CHECK(span(bitonic) * 100 < span(single));
}

TEST_CASE("pipelines: grouped stashes more activations than interleaved, sequential none")
{
    std::map<std::string, std::string> p { { "gradientAccumulation", "7" }, { "deviceIterations", "1" },
        { "layersPerStage", "1" } };
    auto run = [&](const std::string& schedule) {
        auto q = p;
        q["schedule"] = schedule;
        return simulate("pipeline", q);
    };
    const ProfileDocument grouped = run("grouped"), interleaved = run("interleaved"),
                          sequential = run("sequential");
    const uint64_t g = variableBytes(grouped, "/fifo/"), i = variableBytes(interleaved, "/fifo/");
    CHECK(g > i);
    CHECK(i > 0);
    CHECK(variableBytes(sequential, "/fifo/") == 0);
    CHECK(g == 2 * i); // multiplier 2 vs 1
    // Per IPU: stage s holds multiplier x (3 - s) activations.
    for (uint32_t s = 0; s < 4; ++s) {
        const uint64_t act = variableBytes(grouped, "stage" + std::to_string(s) + "/layer0/dense/output");
        CHECK(variableBytes(grouped, "stage" + std::to_string(s) + "/layer0/dense/fifo/")
            == popscope::sim::pipelineFifoDepth("grouped", 4, s) * act);
    }
    // Stash memory shows up on the tiles: the first IPU of a grouped pipeline is the fullest.
    const auto totals = tileTotals(grouped);
    CHECK(totals[0] > totals[3 * 1472]);
    CHECK(tileTotals(interleaved)[0] < totals[0]);
    // Ramp-up idle time: in the first cycle only stage 0 computes, so the last IPU waits at the sync.
    const auto syncs = stepsOfType(grouped, "Sync");
    const popscope::ExecutionStep* firstExternal = nullptr;
    for (const auto* s : syncs)
        if (s->ipus.size() == 4) {
            firstExternal = s;
            break;
        }
    REQUIRE(firstExternal);
    CHECK(firstExternal->ipus[3].cycles > 10 * firstExternal->ipus[0].cycles);
    // Sequential runs one stage at a time: the slowest.
    CHECK(span(sequential) > span(grouped));
}

TEST_CASE("replicas: 4 replicas carry global exchange code and global syncs, 1 replica none")
{
    const ProfileDocument one = simulate("replicas", { { "replicas", "1" } });
    const ProfileDocument four = simulate("replicas", { { "replicas", "4" } });
    CHECK(four.target.numReplicas == 4);
    CHECK(sum(categoryBytes(one, "globalExchangeCode")) == 0);
    CHECK(sum(categoryBytes(four, "globalExchangeCode")) > 0);
    CHECK(sum(categoryBytes(four, "internalExchangeCode")) > sum(categoryBytes(one, "internalExchangeCode")));
    CHECK(stepsOfType(one, "GlobalExchange").empty());
    CHECK(!stepsOfType(four, "GlobalExchange").empty());
    CHECK(span(four) > span(one));
}

TEST_CASE("offload: optimiser state in remote buffers raises StreamCopyMid cycles and lowers tile memory")
{
    const ProfileDocument on = simulate("offload", { { "offload", "true" }, { "layers", "3" } });
    const ProfileDocument off = simulate("offload", { { "offload", "false" }, { "layers", "3" } });
    CHECK(cyclesOfType(on, "StreamCopyMid") > 2 * cyclesOfType(off, "StreamCopyMid"));
    CHECK(maxOf(tileTotals(on)) < maxOf(tileTotals(off)));
    CHECK(sum(tileTotals(on)) < sum(tileTotals(off)));
}

TEST_CASE("I/O tiles: host copies overlap compute on the I/O tiles and the run gets shorter")
{
    std::map<std::string, std::string> p { { "inputBytes", "8388608" }, { "layers", "2" },
        { "iterations", "4" } };
    p["ioTiles"] = "64";
    const ProfileDocument io = simulate("io-tiles", p);
    p["ioTiles"] = "0";
    const ProfileDocument none = simulate("io-tiles", p);
    CHECK(io.ioTiles.size() == 64);
    CHECK(none.ioTiles.empty());
    CHECK(span(io) < span(none));
    // Overlapped copies run on the I/O tiles only, at the same base as the compute that follows.
    bool sawOverlap = false;
    for (size_t i = 0; i + 1 < io.steps.size(); ++i) {
        if (io.steps[i].type != "StreamCopyMid" || io.steps[i + 1].type == "StreamCopyEnd")
            continue;
        sawOverlap = true;
        const auto& s = io.steps[i].ipus.at(0);
        CHECK(s.activeTiles == 64);
        for (uint32_t t : io.ioTiles)
            CHECK(s.cyclesByTile[t] > 0);
        CHECK(io.steps[i + 1].ipus.at(0).cyclesBase == s.cyclesBase);
    }
    CHECK(sawOverlap);
    CHECK(stepsOfType(io, "StreamCopyBegin").size() < stepsOfType(none, "StreamCopyBegin").size());
}

TEST_CASE("strided layouts need PreArrange copies, copy descriptors and more exchange code")
{
    const ProfileDocument bad = simulate("strided", { { "strided", "true" } });
    const ProfileDocument good = simulate("strided", { { "strided", "false" } });
    CHECK(sum(categoryBytes(bad, "internalExchangeCode"))
        > 4 * sum(categoryBytes(good, "internalExchangeCode")));
    CHECK(sum(categoryBytes(bad, "copyDescriptor")) > 0);
    CHECK(sum(categoryBytes(good, "copyDescriptor")) == 0);
    CHECK(span(bad) > span(good));
}

TEST_CASE("batch 8 holds twice the activations of batch 4 and is cheaper per sample")
{
    const ProfileDocument b4 = simulate("conv", { { "batch", "4" }, { "layers", "3" }, { "image", "56" } });
    const ProfileDocument b8 = simulate("conv", { { "batch", "8" }, { "layers", "3" }, { "image", "56" } });
    CHECK(variableBytes(b8, "/output") == 2 * variableBytes(b4, "/output"));
    CHECK(maxOf(tileTotals(b8)) > maxOf(tileTotals(b4)));
    CHECK(span(b8) < 2 * span(b4));
    CHECK(span(b8) > span(b4));
}

TEST_CASE("demo: liveness rises through the forward pass and falls through the backward pass")
{
    const ProfileDocument doc = simulate("demo", { { "iterations", "1" } });
    const auto& steps = doc.livenessSteps;
    REQUIRE(steps.size() > 50);
    std::vector<uint64_t> total;
    for (const auto& s : steps)
        total.push_back(s.notAlwaysLiveBytesByIpu[0] + s.notAlwaysLiveBytesByIpu[1]);
    const size_t peak = size_t(std::max_element(total.begin(), total.end()) - total.begin());
    CHECK(peak > steps.size() / 5);
    CHECK(peak < steps.size() * 4 / 5);
    CHECK(total[peak] > 4 * total.front());
    CHECK(total[peak] > 4 * total.back());
    CHECK(doc.steps.size() >= 100);
    CHECK(doc.operations.size() >= 20);
    CHECK(doc.vertexTypes.size() >= 5);
}
