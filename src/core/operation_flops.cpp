#include "popscope/operation_flops.hpp"

namespace popscope {

OperationFlops operationFlops(
    const OperationTable& operations, const OperationAnalysis& analysis, uint32_t operation)
{
    OperationFlops f;
    if (operation >= operations.size() || operation >= analysis.figures.size())
        return f;
    const OperationFigures& own = analysis.figures[operation];
    const std::string_view layer = operations[operation].layer;
    f.flops = own.flops;
    f.cycles = own.cycles;
    f.flopsPerCycle = own.flopsPerCycle();
    uint32_t above = 0; // operations of the layer ranked before it
    for (uint32_t o = 0; o < operations.size() && o < analysis.figures.size(); ++o) {
        const OperationFigures& other = analysis.figures[o];
        f.totalFlops += other.flops;
        if (operations[o].layer != layer)
            continue;
        ++f.layerOperations;
        f.layerFlops += other.flops;
        f.layerCycles += other.cycles;
        if (other.flops > own.flops || (other.flops == own.flops && o < operation))
            ++above;
    }
    f.available = f.totalFlops > 0;
    f.rankInLayer = above + 1;
    f.layerFlopsPerCycle = f.layerCycles ? double(f.layerFlops) / double(f.layerCycles) : 0.0;
    return f;
}

} // namespace popscope
