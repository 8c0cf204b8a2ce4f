#include "bsp_executor.hpp"
#include "cycle_estimator.hpp"
#include "memory_accountant.hpp"
#include "program_facts.hpp"
#include "program_layout.hpp"

#include "popscope/errors.hpp"
#include "popscope/sim/simulator.hpp"

#include <algorithm>

namespace popscope::sim {

namespace {

void emitOperations(const Workload& w, const ProgramLayout& layout, const MemoryAccountant& memory,
    const BspExecutor& executor, ProfileDocument& doc)
{
    // Leaf programs of each compute set / exchange / stream copy, in program order.
    std::vector<std::vector<uint32_t>> csPrograms(w.computeSets.size()), exPrograms(w.exchanges.size()),
        scPrograms(w.streamCopies.size());
    for (uint32_t i = 0; i < w.programs.size(); ++i) {
        const auto& p = w.programs[i];
        if (p.kind == ProgramKind::Execute)
            csPrograms[size_t(p.ref)].push_back(i);
        else if (p.kind == ProgramKind::DoExchange)
            exPrograms[size_t(p.ref)].push_back(i);
        else if (p.kind == ProgramKind::StreamCopy)
            for (auto phase : { StreamPhase::Begin, StreamPhase::Mid, StreamPhase::End })
                scPrograms[size_t(p.ref)].push_back(layout.phaseProgram(i, phase));
    }
    const auto& cycles = executor.cyclesByProgram();
    for (const auto& op : w.operations) {
        Operation out;
        out.name = op.name;
        out.layer = op.layer;
        out.debugName = op.debugName.empty() ? op.name : op.debugName;
        out.debugContext = op.debugContext;
        uint64_t flops = 0;
        for (uint32_t cs : op.computeSets) {
            out.programs.insert(out.programs.end(), csPrograms[cs].begin(), csPrograms[cs].end());
            out.codeBytes += memory.computeSetCodeBytes(cs);
            flops += w.computeSets[cs].flops;
        }
        for (uint32_t ex : op.exchanges) {
            out.programs.insert(out.programs.end(), exPrograms[ex].begin(), exPrograms[ex].end());
            out.codeBytes += memory.exchangeCodeBytes(ex);
        }
        for (uint32_t sc : op.streamCopies) {
            out.programs.insert(out.programs.end(), scPrograms[sc].begin(), scPrograms[sc].end());
            out.codeBytes += memory.exchangeCodeBytes(layout.hostExchangeIndex(sc));
        }
        std::sort(out.programs.begin(), out.programs.end());
        out.programs.erase(std::unique(out.programs.begin(), out.programs.end()), out.programs.end());
        for (uint32_t p : out.programs)
            out.cycles += cycles[p];
        out.flops = op.flops ? op.flops : flops;
        doc.operations.push_back(std::move(out));
    }
}

// The target and the report's information: what the compiler would record before execution.
ProfileDocument documentHeader(
    const Workload& workload, const TargetConfig& target, const SimulationOptions& options)
{
    ProfileDocument doc;
    doc.target.type = "IPUModel";
    doc.target.architecture = target.architecture;
    doc.target.numIpus = target.numIpus;
    doc.target.tilesPerIpu = target.tilesPerIpu;
    doc.target.bytesPerTile = target.bytesPerTile;
    doc.target.clockHz = target.clockHz;
    doc.target.numReplicas = target.replicas;
    doc.target.ipusPerReplica = target.numIpus;
    doc.target.computeInstrumentation = "Tile";
    doc.target.externalExchangeInstrumentation = "Off";
    doc.info.poplarVersion = std::string(kSimulatorVersion) + " (IPUModel-level simulation)";
    // Fixed, never the clock: the same spec gives the same bytes.
    doc.info.timestamp = options.timestamp.empty() ? workload.timestamp : options.timestamp;
    doc.info.generator = std::string(kSimulatorVersion) + ": workload '" + workload.name + "', seed "
        + std::to_string(options.seed) + (options.description.empty() ? "" : ", " + options.description);
    doc.info.engineOptions = workload.engineOptions;
    doc.info.frameworkJson = workload.frameworkJson;
    doc.info.appJson = workload.appJson;
    doc.info.simulationSpecJson = options.specJson;
    doc.debugContexts = workload.debugContexts;
    doc.ioTiles = target.ioTiles();
    return doc;
}

} // namespace

ProfileDocument simulateWorkload(
    const Workload& workload, const TargetConfig& target, const SimulationOptions& options)
{
    if (std::string p = target.validate(); !p.empty())
        throw ProfileError(ErrorKind::InvalidInput, "", "target: " + p);
    if (std::string p = workload.validate(target.totalTiles()); !p.empty())
        throw ProfileError(ErrorKind::InvalidInput, "", "workload '" + workload.name + "': " + p);

    ProfileDocument doc = documentHeader(workload, target, options);

    // Shares measured on the demo and bench workloads: execution takes most of the time. The long
    // loops ask again (checkpoint) with the phase they are in, so a cancel stops them too.
    std::string current;
    double currentShare = 0;
    const auto phase = [&](const char* name, double share) {
        current = name;
        currentShare = share;
        if (options.progress && !options.progress(current, currentShare))
            throw SimulationCancelled();
    };
    const auto checkpoint = [&] {
        if (options.progress && !options.progress(current, currentShare))
            throw SimulationCancelled();
    };
    phase("laying out the programs", 0);
    ProgramLayout layout(workload, target);
    layout.emit(doc);
    phase("accounting memory and liveness", 0.15);
    MemoryAccountant memory(workload, target, layout);
    memory.setCheckpoint(checkpoint);
    memory.emit(doc);
    emitProgramFacts(workload, target, layout, doc);
    uint64_t edges = 0;
    for (const auto& cs : doc.computeSets)
        for (const auto& v : cs.vertices)
            for (const auto& tc : v.countByTile)
                edges += uint64_t(tc.count) * 3; // ~3 edges per vertex (our estimate)
    doc.info.numEdges = edges;
    phase("estimating the cycles", 0.35);
    emitCycleEstimates(workload, target, layout, doc, checkpoint);
    BspExecutor executor(
        workload, target, layout, options.seed, options.maxExecutionSteps, options.maxTileCycleCells);
    phase("executing the supersteps", 0.4);
    executor.setCheckpoint(checkpoint);
    executor.run(doc);
    phase("summing the operations", 0.95);
    emitOperations(workload, layout, memory, executor, doc);
    return doc;
}

} // namespace popscope::sim
