// The Liveness report's tables as name trees.
#include "popscope/liveness_tables.hpp"

#include "popscope/report.hpp"
#include "popscope/spilled_array.hpp"

#include <algorithm>

namespace popscope {

NameTree liveVariablesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope)
{
    NameTreeBuilder builder(columns.size());
    for (size_t c = 0; c < columns.size(); ++c) {
        const StepColumn& column = columns[c];
        if (!column.report || column.step < 0)
            continue;
        const auto& variables = column.report->variables();
        spill::ScanPacer pacer(1024);
        // In variable order, the names read in turn (the tree sorts).
        for (const ScopedVariable& v : liveVariablesAt(*column.report, uint32_t(column.step), scope, false)) {
            pacer.step();
            builder.add(c, variables.name(v.variable), v.bytes);
        }
    }
    return builder.build();
}

NameTree alwaysLiveTree(const std::vector<const Report*>& reports, const LivenessScope& scope)
{
    NameTreeBuilder builder(reports.size());
    for (size_t c = 0; c < reports.size(); ++c) {
        if (!reports[c])
            continue;
        const auto& variables = reports[c]->variables();
        spill::ScanPacer pacer(1024);
        for (const ScopedVariable& v : alwaysLiveVariables(*reports[c], scope, false)) { // the tree sorts
            pacer.step();
            builder.add(c, variables.name(v.variable), v.bytes);
        }
        spill::releaseResidentPages(); // every always-live name read: not both reports' at once
    }
    return builder.build();
}

NameTree stepVerticesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope)
{
    NameTreeBuilder builder(columns.size(), '\0');
    for (size_t c = 0; c < columns.size(); ++c) {
        const StepColumn& column = columns[c];
        if (!column.report || column.step < 0)
            continue;
        const auto& types = column.report->vertexTypes();
        for (const StepVertices& v : stepVertices(*column.report, uint32_t(column.step), scope))
            builder.add(c, types[v.vertexType].name, v.stateBytes, v.instances);
    }
    return builder.build();
}

NameTree stepCyclesTree(const std::vector<StepColumn>& columns, const LivenessScope& scope)
{
    NameTreeBuilder builder(2 * columns.size(), '\0', NameTreeBuilder::Combine::Max);
    for (size_t c = 0; c < columns.size(); ++c) {
        const StepColumn& column = columns[c];
        if (!column.report || column.step < 0)
            continue;
        const StepCycleEstimate cycles = stepCycleEstimate(*column.report, uint32_t(column.step), scope);
        const bool measured = cycles.hasExecution && cycles.executions > 0;
        if (!measured && !cycles.hasEstimate)
            continue;
        const LivenessCurve& curve = column.report->liveness();
        const std::string program = std::string(curve.stepName(size_t(column.step))) + " ("
            + curve.stepType(size_t(column.step)) + ")";
        for (uint32_t ipu = 0; ipu < curve.numIpus; ++ipu) {
            if (!scope.coversIpu(ipu, curve.tilesPerIpu))
                continue;
            const std::string label = "IPU " + std::to_string(ipu);
            if (cycles.hasEstimate && cycles.estimatedByIpu[ipu] > 0)
                builder.addPath(estimatedValue(c), { program, label }, cycles.estimatedByIpu[ipu], 1);
            if (measured && ipu < cycles.cyclesByIpu.size() && cycles.cyclesByIpu[ipu] > 0)
                builder.addPath(measuredValue(c), { program, label },
                    cycles.cyclesByIpu[ipu] / cycles.executions, cycles.executions);
        }
    }
    return builder.build();
}

} // namespace popscope
