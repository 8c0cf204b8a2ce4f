// The compiler's cycle estimates the simulator writes (format 1.2): the cost model's figures
// without the executor's jitter and sync waits, and never above what the execution measured.
#include "sim_test_helpers.hpp"

#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/sim/cost_model.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <utility>

using namespace popscope;
using namespace popscope::sim;

namespace {

// Two IPUs of four tiles (Mk2 rates: 6 workers, 4 exchange bytes a cycle and 100 cycles of
// overhead per exchange, 500 per stream-copy Mid, the host link at 16e9 / 1.33e9 bytes a cycle).
TargetConfig smallTarget()
{
    TargetConfig target;
    target.numIpus = 2;
    target.tilesPerIpu = 4;
    return target;
}

VertexGroup group(uint32_t type, TileSet tiles, uint32_t perTile, VertexCost cost, uint32_t jitterPercent = 0)
{
    VertexGroup g;
    g.vertexType = type;
    g.tiles = std::move(tiles);
    g.perTile = perTile;
    g.cost = cost;
    g.jitterPercent = jitterPercent;
    return g;
}

ProgramDesc program(ProgramKind kind, int64_t ref, std::vector<uint32_t> children = {})
{
    ProgramDesc p;
    p.kind = kind;
    p.name = "p" + std::to_string(ref);
    p.ref = ref;
    p.children = std::move(children);
    p.sync = SyncKind::External;
    return p;
}

// Compute set 0: 8 Fixed vertices of 100 worker cycles on tiles 0-2, one HeapSort of 16 elements
// on tiles 1 and 5. Compute set 1: 6 Fixed vertices of 50 on every tile, 20 % jitter. Exchange 0:
// 400 bytes to tiles 0-3 in 2 regions; exchange 1 the same to tiles 4-7, global over 2 ring steps
// with 10 % jitter. Stream copy 0: 1000 bytes to tiles 3 and 7, the host waiting 3000 and 1000.
Workload handMadeWorkload()
{
    Workload w;
    w.name = "estimates";
    w.vertexTypes = { { "test::Fixed", 100, 8 }, { "popops::HeapSortVertex<float>", 200, 16 } };
    VertexCost fixed100 { CostKind::Fixed, 100 }, fixed50 { CostKind::Fixed, 50 };
    VertexCost heapSort { CostKind::HeapSort };
    heapSort.elements = 16;
    ComputeSetDesc first { "first", -1, {}, 0, {}, {} };
    first.groups
        = { group(0, TileSet::range(0, 3), 8, fixed100), group(1, TileSet::list({ 1, 5 }), 1, heapSort) };
    ComputeSetDesc second { "second", -1, {}, 0, {}, {} };
    second.groups = { group(0, TileSet::range(0, 8), 6, fixed50, 20) };
    w.computeSets = { first, second };
    ExchangeDesc internal;
    internal.name = "internal";
    internal.tiles = TileSet::range(0, 4);
    internal.bytesPerTile = 400;
    internal.regionsPerTile = 2;
    ExchangeDesc global = internal;
    global.name = "global";
    global.kind = ExchangeKind::Global;
    global.tiles = TileSet::range(4, 4);
    global.ringSteps = 2;
    global.jitterPercent = 10;
    w.exchanges = { internal, global };
    StreamCopyDesc copy;
    copy.name = "input";
    copy.tiles = TileSet::list({ 3, 7 });
    copy.bytesPerTile = 1000;
    copy.hostWaitCycles = 3000;
    copy.hostFinishCycles = 1000;
    w.streamCopies = { copy };
    w.programs = { program(ProgramKind::Sequence, -1, { 1, 2, 3, 4, 5, 6 }), program(ProgramKind::Execute, 0),
        program(ProgramKind::Execute, 1), program(ProgramKind::DoExchange, 0),
        program(ProgramKind::DoExchange, 1), program(ProgramKind::StreamCopy, 0),
        program(ProgramKind::Sync, -1) };
    w.controlPrograms = { 0 };
    return w;
}

// The IPU's row of `id` on each of its tiles (the stored run, 0 around it); empty without a row.
std::vector<uint32_t> rowOf(
    const std::vector<EstimatedTileCycles>& rows, uint32_t id, uint32_t ipu, uint32_t tiles = 4)
{
    for (const EstimatedTileCycles& r : rows) {
        if (r.id != id || r.ipu != ipu)
            continue;
        std::vector<uint32_t> dense(tiles, 0);
        std::copy(r.cycles.begin(), r.cycles.end(), dense.begin() + r.firstTile);
        return dense;
    }
    return {};
}

// Every step's per-tile cycles against the estimate of what it ran, tile by tile.
void checkMeasuredAtLeastEstimated(const ProfileDocument& doc)
{
    std::map<std::pair<uint32_t, uint32_t>, const EstimatedTileCycles*> computeSets, programs;
    for (const EstimatedTileCycles& r : doc.estimates.computeSets)
        computeSets[{ r.id, r.ipu }] = &r;
    for (const EstimatedTileCycles& r : doc.estimates.programs)
        programs[{ r.id, r.ipu }] = &r;
    size_t compared = 0;
    for (const ExecutionStep& step : doc.steps) {
        for (const StepIpu& ipu : step.ipus) {
            const auto& estimates = step.computeSet >= 0 ? computeSets : programs;
            const auto found = estimates.find(
                { step.computeSet >= 0 ? uint32_t(step.computeSet) : step.program, ipu.ipu });
            if (ipu.cyclesByTile.empty() || found == estimates.end())
                continue;
            ++compared;
            const EstimatedTileCycles& estimate = *found->second;
            for (size_t k = 0; k < estimate.cycles.size(); ++k)
                REQUIRE(ipu.cyclesByTile.at(estimate.firstTile + k) >= estimate.cycles[k]);
            REQUIRE(ipu.cycles >= *std::max_element(estimate.cycles.begin(), estimate.cycles.end()));
        }
    }
    CHECK(compared > 0);
}

} // namespace

TEST_CASE("the estimates are the cost model's figures, worked out by hand for a small workload")
{
    const ProfileDocument doc = simulateWorkload(handMadeWorkload(), smallTarget());
    const CycleEstimates& e = doc.estimates;
    // Compute set 0. Fixed, 8 a tile: the busiest of 6 workers runs ceil(8 / 6) = 2 vertices, 200
    // worker cycles, 6 x 200 = 1200 tile cycles. HeapSort of 16: 8 x (19 x 16 x 4 + 6 x 16 + 2) =
    // 10512 supervisor cycles. Tile 1 runs both: 10512 + 1200 = 11712; tile 5 (IPU 1's tile 1) the sort.
    CHECK(heapSortCycles(16) == 10512);
    CHECK(rowOf(e.computeSets, 0, 0) == std::vector<uint32_t> { 1200, 11712, 1200, 0 });
    CHECK(rowOf(e.computeSets, 0, 1) == std::vector<uint32_t> { 0, 10512, 0, 0 });
    // Compute set 1 without its jitter: one vertex of 50 on each worker, 6 x 50 = 300 everywhere.
    CHECK(rowOf(e.computeSets, 1, 0) == std::vector<uint32_t>(4, 300));
    CHECK(rowOf(e.computeSets, 1, 1) == std::vector<uint32_t>(4, 300));
    CHECK(e.computeSets.size() == 4);
    // One vertex: a worker vertex's worker cycles, a supervisor vertex's cycles.
    const std::vector<VertexEstimate> vertices { { 0, 0, 100 }, { 0, 1, 10512 }, { 1, 0, 50 } };
    CHECK(e.vertices == vertices);
    // Exchanges: 100 overhead a round + 400 / 4 bytes a cycle + 3 a region x 2 = 206; the global
    // one has 2 rounds: 306, without its jitter. Programs 3 and 4 run them.
    CHECK(rowOf(e.programs, 3, 0) == std::vector<uint32_t>(4, 206));
    CHECK(rowOf(e.programs, 3, 1).empty());
    CHECK(rowOf(e.programs, 4, 1) == std::vector<uint32_t>(4, 306));
    // The stream copy's phases follow the 7 workload programs: Begin 7, Mid 8, End 9, on tile 3 of
    // each IPU. Mid: 500 + max(1000 / 4 = 250, ceil(1000 / 12.03) = 84) = 750.
    REQUIRE(doc.programs.size() == 10);
    CHECK(doc.programs[8].type == "StreamCopyMid");
    for (uint32_t ipu : { 0u, 1u }) {
        CHECK(rowOf(e.programs, 7, ipu) == std::vector<uint32_t> { 0, 0, 0, 3000 });
        CHECK(rowOf(e.programs, 8, ipu) == std::vector<uint32_t> { 0, 0, 0, 750 });
        CHECK(rowOf(e.programs, 9, ipu) == std::vector<uint32_t> { 0, 0, 0, 1000 });
    }
    CHECK(e.programs.size() == 8);
    // Each row keeps the run from its first tile with work to its last: the copy's one tile.
    CHECK(e.programs.back().firstTile == 3);
    CHECK(e.programs.back().cycles == std::vector<uint32_t> { 1000 });
    CHECK(e.computeSets[1].firstTile == 1);
    CHECK(e.computeSets[1].cycles == std::vector<uint32_t> { 10512 });
    CHECK(validateDocument(doc) == "");
}

TEST_CASE("the execution never takes fewer cycles than estimated, and without jitter exactly as many")
{
    const ProfileDocument doc = simulateWorkload(handMadeWorkload(), smallTarget());
    checkMeasuredAtLeastEstimated(doc);
    bool jittered = false;
    for (const ExecutionStep& step : doc.steps) {
        if (step.computeSet == 0) // no jitter: the estimate exactly
            CHECK(step.ipus.at(0).cyclesByTile == rowOf(doc.estimates.computeSets, 0, 0));
        if (step.computeSet == 1) // 20 % jitter: up to a fifth more on each tile
            for (uint32_t c : step.ipus.at(0).cyclesByTile) {
                CHECK(c < 360);
                jittered = jittered || c > 300;
            }
    }
    CHECK(jittered);
    // Generated workloads: sorts (supervisor vertices), models with stream copies, exchanges over
    // IPUs and replicas, I/O tiles.
    for (const auto& [workload, params] :
        std::vector<std::pair<std::string, std::map<std::string, std::string>>> {
            { "sort", { { "n", "4096" }, { "algorithm", "bitonic" } } }, { "sort", { { "n", "1000" } } },
            { "demo", {} }, { "replicas", {} }, { "io-tiles", {} }, { "pipeline", {} } }) {
        INFO(workload);
        checkMeasuredAtLeastEstimated(simtest::simulate(workload, params));
    }
}

TEST_CASE("the estimates go into the file and come back, the same every time")
{
    const ProfileDocument doc = simulateWorkload(handMadeWorkload(), smallTarget());
    CHECK(simulateWorkload(handMadeWorkload(), smallTarget()).estimates == doc.estimates);
    const auto path = std::filesystem::temp_directory_path() / "popscope-sim-estimates.pop";
    writeProfile(doc, path.string());
    const auto profile = Profile::open(path.string());
    CHECK(profile->formatMinor() == kFormatMinor);
    CHECK(profile->hasEstimates());
    CHECK(profile->readEstimates() == doc.estimates);
    CHECK(profile->readProgramEstimates(8).size() == 2);
    std::filesystem::remove(path);
}
