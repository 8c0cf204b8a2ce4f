#pragma once
// Cycle estimators (shared/reference/ipu.md §3-§4). Pure functions, unit-tested.
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <cstdint>
#include <span>

namespace popscope::sim {

// popops HeapSortVertex: 8 x (19 n floor(log2 n) + 6 n + 2); key-value 16 x (...).
uint64_t heapSortCycles(uint64_t n, bool keyValue = false);
// CompareAndSwapAtDistance worker: 40 + 17 wl + 13 e + 13 loops + 2 flips.
uint64_t compareAndSwapWorkerCycles(
    uint64_t worklistEntries, uint64_t elements, uint64_t outerLoops, uint64_t orderFlips);
// CompareAndSwapAtDistance vertex on one tile: `comparisons` split over the workers:
// 19 + workers x max_w(worker cycles).
uint64_t compareAndSwapTileCycles(
    uint64_t comparisons, uint64_t distance, uint64_t orderChange, uint32_t workers);
// Supervisor vertex: overhead + workers x slowest worker.
inline uint64_t supervisorCycles(uint64_t overhead, uint64_t slowestWorker, uint32_t workers)
{
    return overhead + uint64_t(workers) * slowestWorker;
}
// Global sync latency across `ipus` IPUs (ipu.md §3).
inline uint64_t globalSyncCycles(const TargetConfig& t, uint32_t ipus)
{
    return t.globalSyncCycles(ipus);
}
// Exchange: bytes / exchangeBytesPerCycle, rounded up (overhead added per step by the executor).
uint64_t exchangeCycles(const TargetConfig& t, uint64_t bytes);

// Tile cycles of one vertex group with `perTile` instances on one tile, before jitter. Worker
// vertices (Fixed, Elementwise) are dealt round-robin over the workers: workers x ceil(n / workers)
// x worker cycles. Supervisor vertices (the rest) run one after the other.
struct TileCost {
    uint64_t supervisorCycles = 0; // serial part
    uint64_t workerCycles = 0; // load of the busiest worker (multiply by workers)
};
TileCost vertexGroupCost(const TargetConfig& t, const VertexCost& cost, uint32_t perTile);

// The table of vertex kinds: each kind's workload-JSON name (null for kinds only the generators
// make), the source of its formula, and the formula vertexGroupCost applies.
struct CostKindInfo {
    CostKind kind;
    const char* jsonName;
    const char* source;
    TileCost (*cost)(const TargetConfig& t, const VertexCost& cost, uint32_t perTile);
};
std::span<const CostKindInfo> costKinds();
const CostKindInfo& costKindInfo(CostKind kind);

// Counter-based deterministic hash (splitmix64 finaliser), portable across standard libraries.
uint64_t mixHash(uint64_t a, uint64_t b = 0, uint64_t c = 0, uint64_t d = 0);
// Uniform integer in [0, bound) from a hash.
inline uint64_t hashBelow(uint64_t hash, uint64_t bound)
{
    return bound == 0 ? 0 : hash % bound;
}

} // namespace popscope::sim
