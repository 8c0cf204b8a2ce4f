#include "popscope/sim/cost_model.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/target_config.hpp"

#include <catch2/catch.hpp>

#include <iterator>
#include <set>
#include <string>

using namespace popscope::sim;

TEST_CASE("heap-sort estimator follows poplibs: 8 x (19 n floor(log2 n) + 6 n + 2)")
{
    CHECK(heapSortCycles(65536) == 162529296ull); // ipu.md's worked example
    CHECK(heapSortCycles(1000) == 8ull * (19 * 1000 * 9 + 6 * 1000 + 2));
    CHECK(heapSortCycles(1) == 8ull * (0 + 6 + 2));
    CHECK(heapSortCycles(65536, true) == 2 * heapSortCycles(65536));
}

TEST_CASE("compare-and-swap vertex: 19 + 6 x worker, worker 40 + 17 wl + 13 e + 13 loops + 2 flips")
{
    CHECK(compareAndSwapWorkerCycles(1, 4, 1, 0) == 40 + 17 + 52 + 13);
    // 24 comparisons over 6 workers, distance 8, no order change: 4 each, one loop.
    CHECK(compareAndSwapTileCycles(24, 8, 0, 6) == 19 + 6 * (40 + 17 + 13 * 4 + 13));
}

TEST_CASE("global sync latency is 2 x 15 ns x (1 + floor(n / 4)) at the clock")
{
    const TargetConfig mk2 = TargetConfig::preset("Mk2");
    CHECK(mk2.globalSyncCycles(1) == 40);
    CHECK(mk2.globalSyncCycles(3) == 40);
    CHECK(mk2.globalSyncCycles(4) == 80);
    CHECK(mk2.globalSyncCycles(8) == 120);
    CHECK(mk2.globalSyncCycles(16) == 200);
    CHECK(mk2.globalSyncCycles(64) == 679);
}

TEST_CASE("target presets carry ipu.md's constants")
{
    const TargetConfig mk1 = TargetConfig::preset("Mk1"), mk2 = TargetConfig::preset("mk2"),
                       bow = TargetConfig::preset("Bow");
    CHECK(mk1.tilesPerIpu == 1216);
    CHECK(mk1.bytesPerTile == 262144);
    CHECK(mk1.clockHz == Approx(1.6e9));
    CHECK(mk2.tilesPerIpu == 1472);
    CHECK(mk2.bytesPerTile == 638976);
    CHECK(mk2.clockHz == Approx(1.33e9));
    CHECK(bow.tilesPerIpu == 1472);
    CHECK(bow.clockHz == Approx(1.85e9));
    for (const auto& t : { mk1, mk2, bow }) {
        CHECK(t.workers == 6);
        CHECK(t.exchangeBytesPerCycle == 4);
        CHECK(t.internalSyncCycles == 90);
        CHECK(t.exchangeOverheadCycles == 100);
    }
    CHECK_THROWS(TargetConfig::preset("Mk9"));
}

TEST_CASE("target fields can be overridden and are validated")
{
    TargetConfig t = TargetConfig::preset("Mk2");
    setTargetField(t, "clockHz", "1.5e9", "test");
    setTargetField(t, "tilesPerIpu", "64", "test");
    CHECK(t.clockHz == Approx(1.5e9));
    CHECK(t.tilesPerIpu == 64);
    CHECK_THROWS_WITH(
        setTargetField(t, "clock", "1", "spec.json"), Catch::Contains("unknown target field 'clock'"));
    CHECK_THROWS_WITH(setTargetField(t, "tilesPerIpu", "many", "spec.json"), Catch::Contains("tilesPerIpu"));
    t.ioTilesPerIpu = 3;
    CHECK(t.validate().find("pairs") != std::string::npos);
}

TEST_CASE("I/O tiles come in pairs spread over the IPU")
{
    TargetConfig t = TargetConfig::preset("Mk2");
    t.numIpus = 2;
    t.ioTilesPerIpu = 64;
    const auto io = t.ioTiles();
    REQUIRE(io.size() == 128);
    for (size_t i = 0; i < io.size(); i += 2)
        CHECK(io[i + 1] == io[i] + 1);
    CHECK(t.computeTiles(0).size() == 1472 - 64);
    CHECK(io.front() > 0);
    CHECK(io[63] < 1472);
}

TEST_CASE("pipeline FIFO depth: 2 (grouped), 1 (interleaved), 0 (sequential) x (last stage - s)")
{
    CHECK(pipelineFifoDepth("grouped", 4, 0) == 6);
    CHECK(pipelineFifoDepth("grouped", 4, 1) == 4);
    CHECK(pipelineFifoDepth("grouped", 4, 2) == 2);
    CHECK(pipelineFifoDepth("grouped", 4, 3) == 0);
    CHECK(pipelineFifoDepth("interleaved", 4, 0) == 3);
    CHECK(pipelineFifoDepth("sequential", 4, 0) == 0);
}

TEST_CASE("the jitter hash is a pure function of its inputs")
{
    CHECK(mixHash(1, 2, 3, 4) == mixHash(1, 2, 3, 4));
    CHECK(mixHash(1, 2, 3, 4) != mixHash(1, 2, 3, 5));
}

TEST_CASE("one table of vertex kinds: every kind has its formula and source, JSON names are unique")
{
    const CostKind all[] = { CostKind::Fixed, CostKind::Elementwise, CostKind::HeapSort,
        CostKind::CompareAndSwap, CostKind::MatMul, CostKind::Copy, CostKind::ConvPartial };
    REQUIRE(costKinds().size() == std::size(all));
    std::set<std::string> names;
    for (CostKind kind : all) {
        const CostKindInfo& info = costKindInfo(kind);
        CHECK(info.kind == kind);
        CHECK(info.cost != nullptr);
        CHECK(std::string(info.source).size() > 10);
        if (info.jsonName)
            CHECK(names.insert(info.jsonName).second);
    }
    // The table's formulas, by hand on Mk2 (6 workers): 7 fixed vertices of 100 cycles deal 2 to the
    // busiest worker, 200; an element-wise vertex of 10 elements at 3 cycles is 20 + 30 = 50 a
    // worker; a copy of 1,000 bytes at 8 bytes a cycle is 288 + 125 = 413, twice for two.
    const TargetConfig mk2 = TargetConfig::preset("Mk2");
    REQUIRE(mk2.workers == 6);
    REQUIRE(mk2.memcpyBytesPerCycle == 8);
    VertexCost fixed;
    fixed.cycles = 100;
    CHECK(vertexGroupCost(mk2, fixed, 7).workerCycles == 200);
    VertexCost elementwise;
    elementwise.kind = CostKind::Elementwise;
    elementwise.elements = 10;
    elementwise.cyclesPerElement = 3;
    CHECK(vertexGroupCost(mk2, elementwise, 1).workerCycles == 50);
    VertexCost copy;
    copy.kind = CostKind::Copy;
    copy.elements = 1000;
    CHECK(vertexGroupCost(mk2, copy, 2).supervisorCycles == 2 * (288 + 125));
}
