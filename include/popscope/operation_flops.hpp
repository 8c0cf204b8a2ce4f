#pragma once
// One operation's FLOPs set against its software layer and the whole report: the Operations
// page's FLOPs tab. FLOPs are the compiler's estimates, stored only when the program was compiled
// with profiler.includeFlopEstimates=true.
#include "popscope/operation_table.hpp"
#include "popscope/operations.hpp"

#include <cstdint>

namespace popscope {

struct OperationFlops {
    bool available = false; // some operation of the report has FLOPs
    uint64_t flops = 0;
    uint64_t cycles = 0;
    double flopsPerCycle = 0;
    uint64_t layerFlops = 0; // every operation of its layer
    uint64_t layerCycles = 0;
    double layerFlopsPerCycle = 0;
    uint64_t totalFlops = 0; // every operation of the report
    uint32_t rankInLayer = 0; // 1 = most FLOPs of its layer (ties: file order)
    uint32_t layerOperations = 0;
    double shareOfLayer() const { return layerFlops ? double(flops) / double(layerFlops) : 0.0; }
    double shareOfTotal() const { return totalFlops ? double(flops) / double(totalFlops) : 0.0; }
};

OperationFlops operationFlops(
    const OperationTable& operations, const OperationAnalysis& analysis, uint32_t operation);

} // namespace popscope
