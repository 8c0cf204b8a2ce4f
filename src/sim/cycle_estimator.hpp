#pragma once
// The compiler's cycle estimates (format 1.2), written beside the execution as Poplar's compiler
// writes its own: the cost model's figures for one execution of each compute set on every tile,
// for one vertex of each compute set's vertex entries and for every tile of each exchange program
// (DoExchange, GlobalExchange, the stream copies' phases), without the executor's jitter and sync
// waits. tile_costs.hpp computes them for both, so they cannot drift apart.
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"
#include "program_layout.hpp"

#include <functional>

namespace popscope::sim {

// Fills doc.estimates; doc holds the compute sets' vertex entries and the programs already
// (MemoryAccountant, ProgramLayout). `checkpoint` is called now and then; it throws to stop.
void emitCycleEstimates(const Workload& workload, const TargetConfig& target, const ProgramLayout& layout,
    ProfileDocument& doc, const std::function<void()>& checkpoint = {});

// The estimate of one vertex of `vertexType` in `cs`: the cost model's figure for one instance
// (vertexGroupCost of one vertex: its supervisor cycles, or its worker's cycles for a worker
// vertex, as poplibs' estimators count them); the largest when groups of the type cost differently.
uint64_t vertexEstimate(const TargetConfig& target, const ComputeSetDesc& cs, uint32_t vertexType);

} // namespace popscope::sim
