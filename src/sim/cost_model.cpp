#include "popscope/sim/cost_model.hpp"

#include <algorithm>
#include <bit>

namespace popscope::sim {

namespace {
uint64_t ceilDiv(uint64_t a, uint64_t b)
{
    return b == 0 ? 0 : (a + b - 1) / b;
}
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

TileCost vertexGroupCost(const TargetConfig& t, const VertexCost& c, uint32_t perTile)
{
    TileCost out;
    const uint32_t w = std::max<uint32_t>(1, t.workers);
    switch (c.kind) {
    case CostKind::Fixed:
        out.workerCycles = ceilDiv(perTile, w) * c.cycles;
        break;
    case CostKind::Elementwise:
        out.workerCycles = ceilDiv(perTile, w) * (20 + uint64_t(c.cyclesPerElement) * c.elements);
        break;
    case CostKind::HeapSort:
        out.supervisorCycles = uint64_t(perTile) * heapSortCycles(c.elements, c.keyValue);
        break;
    case CostKind::CompareAndSwap:
        out.supervisorCycles
            = uint64_t(perTile) * compareAndSwapTileCycles(c.elements, c.distance, c.orderChange, w);
        break;
    case CostKind::MatMul: {
        const uint64_t rate = c.half ? t.flopsPerCycleHalf : t.flopsPerCycleFloat;
        const uint64_t eff = std::max<uint32_t>(1, c.efficiencyPercent);
        // 30-cycle supervisor overhead, then the AMP rate scaled by the efficiency reached.
        out.supervisorCycles = uint64_t(perTile) * (30 + ceilDiv(c.flops * 100, rate * eff));
        break;
    }
    case CostKind::Copy:
        out.supervisorCycles = uint64_t(perTile) * (288 + ceilDiv(c.elements, t.memcpyBytesPerCycle));
        break;
    case CostKind::ConvPartial:
        out.supervisorCycles = uint64_t(perTile) * c.cycles;
        break;
    }
    return out;
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
