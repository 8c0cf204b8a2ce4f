#include "popscope/sim/cost_model.hpp"
#include "ceil_div.hpp"

#include <algorithm>
#include <bit>
#include <span>

namespace popscope::sim {

namespace {
uint64_t floorLog2(uint64_t n)
{
    return n == 0 ? 0 : uint64_t(std::bit_width(n) - 1);
}
} // namespace

uint64_t heapSortCycles(uint64_t n, bool keyValue)
{
    const uint64_t bracket = 19 * n * floorLog2(n) + 6 * n + 2;
    return (keyValue ? 16 : 8) * bracket;
}

uint64_t compareAndSwapWorkerCycles(
    uint64_t worklistEntries, uint64_t elements, uint64_t outerLoops, uint64_t orderFlips)
{
    return 40 + 17 * worklistEntries + 13 * elements + 13 * outerLoops + 2 * orderFlips;
}

uint64_t compareAndSwapTileCycles(
    uint64_t comparisons, uint64_t distance, uint64_t orderChange, uint32_t workers)
{
    // WorklistBuilder spreads the comparisons evenly over the workers (ipu.md §5).
    const uint64_t perWorker = ceilDiv(comparisons, std::max<uint32_t>(1, workers));
    const uint64_t flips = orderChange == 0 ? 0 : perWorker / orderChange;
    const uint64_t outerLoops = std::max<uint64_t>(1, ceilDiv(perWorker, std::max<uint64_t>(1, distance)));
    const uint64_t worklist = 1 + flips;
    return supervisorCycles(19, compareAndSwapWorkerCycles(worklist, perWorker, outerLoops, flips), workers);
}

uint64_t exchangeCycles(const TargetConfig& t, uint64_t bytes)
{
    return ceilDiv(bytes, t.exchangeBytesPerCycle);
}

namespace {

// One worker vertex a round-robin deal: workers x ceil(n / workers) x `cycles` (the busiest worker).
TileCost workerCost(const TargetConfig& t, uint32_t perTile, uint64_t cycles)
{
    TileCost out;
    out.workerCycles = ceilDiv(perTile, std::max<uint32_t>(1, t.workers)) * cycles;
    return out;
}

TileCost supervisorCost(uint32_t perTile, uint64_t cycles)
{
    TileCost out;
    out.supervisorCycles = uint64_t(perTile) * cycles;
    return out;
}

TileCost fixedCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    return workerCost(t, perTile, c.cycles);
}

TileCost elementwiseCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    return workerCost(t, perTile, 20 + uint64_t(c.cyclesPerElement) * c.elements);
}

TileCost heapSortCost(const TargetConfig&, const VertexCost& c, uint32_t perTile)
{
    return supervisorCost(perTile, heapSortCycles(c.elements, c.keyValue));
}

TileCost compareAndSwapCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    const uint32_t workers = std::max<uint32_t>(1, t.workers);
    return supervisorCost(perTile, compareAndSwapTileCycles(c.elements, c.distance, c.orderChange, workers));
}

TileCost matMulCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    const uint64_t rate = c.half ? t.flopsPerCycleHalf : t.flopsPerCycleFloat;
    const uint64_t efficiency = std::max<uint32_t>(1, c.efficiencyPercent);
    // 30-cycle supervisor overhead, then the AMP rate scaled by the efficiency reached.
    return supervisorCost(perTile, 30 + ceilDiv(c.flops * 100, rate * efficiency));
}

TileCost copyCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    return supervisorCost(perTile, 288 + ceilDiv(c.elements, t.memcpyBytesPerCycle));
}

TileCost convPartialCost(const TargetConfig&, const VertexCost& c, uint32_t perTile)
{
    return supervisorCost(perTile, c.cycles); // planned by planConvolution (conv_planner.hpp)
}

// Every vertex kind the simulator prices: its name in workload JSON, where its formula comes from
// and the formula. A kind without a JSON name is made by the generators only.
constexpr CostKindInfo kCostKinds[] = {
    { CostKind::Fixed, "fixed", "a hand-written spec's worker cycles", fixedCost },
    { CostKind::Elementwise, "elementwise", "popops element-wise worker: 20 + cycles per element x n",
        elementwiseCost },
    { CostKind::HeapSort, "heapSort", "popops HeapSortVertex (ipu.md section 5)", heapSortCost },
    { CostKind::CompareAndSwap, "compareAndSwap", "popops CompareAndSwapAtDistance (ipu.md section 5)",
        compareAndSwapCost },
    { CostKind::MatMul, "matmul", "flat AMP rate for hand-written specs (our estimate)", matMulCost },
    { CostKind::Copy, "copy", "on-tile copy supervisor: 288 + bytes / memcpy rate", copyCost },
    { CostKind::ConvPartial, nullptr,
        "poplin ConvPartial* vertices, planned (conv_cost.cpp, conv_planner.cpp)", convPartialCost },
};

} // namespace

std::span<const CostKindInfo> costKinds()
{
    return kCostKinds;
}

const CostKindInfo& costKindInfo(CostKind kind)
{
    for (const CostKindInfo& info : kCostKinds)
        if (info.kind == kind)
            return info;
    return kCostKinds[0]; // every enumerator has a row (a test checks)
}

TileCost vertexGroupCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    return costKindInfo(c.kind).cost(t, c, perTile);
}

uint64_t mixHash(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    auto mix = [](uint64_t z) {
        z += 0x9e3779b97f4a7c15ULL;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    uint64_t h = mix(a);
    h = mix(h ^ b);
    h = mix(h ^ c);
    h = mix(h ^ d);
    return h;
}

} // namespace popscope::sim
