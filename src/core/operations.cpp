// Operations: figures per operation, rankings and one operation's details.
#include "popscope/operations.hpp"

#include "popscope/program_estimates.hpp"
#include "popscope/report.hpp"

#include <algorithm>
#include <unordered_set>

namespace popscope {

OperationAnalysis analyseOperations(const OperationTable& operations,
    const std::vector<DebugContext>& debugContexts, const std::vector<Profile::ContextVariables>& variables,
    const StepCycles& steps)
{
    OperationAnalysis a;
    // Executions per program, from the steps alone: the table needs no program tree.
    std::vector<uint32_t> stepsOfProgram;
    for (uint32_t program : steps.program) {
        if (program >= stepsOfProgram.size())
            stepsOfProgram.resize(size_t(program) + 1, 0);
        ++stepsOfProgram[program];
    }
    // Variable bytes under each debug context: own first, then each context adds into its
    // parent, children before parents (a parent always has a smaller id: Profile checks).
    const size_t contexts = debugContexts.size();
    std::vector<uint64_t> bytes(contexts, 0);
    std::vector<uint32_t> count(contexts, 0);
    for (const Profile::ContextVariables& v : variables)
        if (v.context < contexts) {
            bytes[v.context] += v.bytes;
            count[v.context] += uint32_t(std::min<uint64_t>(v.count, UINT32_MAX));
        }
    for (size_t c = contexts; c-- > 0;) {
        const int64_t parent = debugContexts[c].parent;
        if (parent >= 0 && size_t(parent) < c) {
            bytes[size_t(parent)] += bytes[c];
            count[size_t(parent)] += count[c];
        }
    }

    a.figures.reserve(operations.size());
    for (const OperationRow op : operations) {
        if (std::find(a.layers.begin(), a.layers.end(), op.layer) == a.layers.end())
            a.layers.emplace_back(op.layer);
        OperationFigures f;
        f.cycles = op.cycles;
        f.flops = op.flops;
        f.codeBytes = op.codeBytes;
        if (op.debugContext >= 0 && size_t(op.debugContext) < contexts) {
            f.variableBytes = bytes[size_t(op.debugContext)];
            f.variables = count[size_t(op.debugContext)];
        }
        f.programs = uint32_t(op.programs.size());
        for (uint32_t p : op.programs)
            if (p < stepsOfProgram.size())
                f.steps += stepsOfProgram[p];
        a.figures.push_back(f);
    }
    return a;
}

void useEstimatedCycles(
    OperationAnalysis& analysis, const OperationTable& operations, const ProgramEstimates& estimates)
{
    if (!estimates.present)
        return;
    analysis.cyclesEstimated = true;
    size_t i = 0;
    for (const OperationRow op : operations) {
        uint64_t cycles = 0;
        for (uint32_t p : op.programs)
            if (p < estimates.own.size() && p < estimates.runs.size())
                cycles += estimates.own[p] * estimates.runs[p];
        analysis.figures[i++].cycles = cycles;
    }
}

std::string operationKey(const OperationRow& operation)
{
    std::string key = std::string(operation.layer) + ": " + std::string(operation.name);
    if (!operation.debugName.empty() && operation.debugName != operation.name)
        key += " (" + std::string(operation.debugName) + ")";
    return key;
}

std::string operationKey(const Operation& operation)
{
    OperationRow row;
    row.name = operation.name;
    row.layer = operation.layer;
    row.debugName = operation.debugName;
    return operationKey(row);
}

const char* operationSortName(OperationSort sort)
{
    switch (sort) {
    case OperationSort::Cycles:
        return "cycles";
    case OperationSort::Flops:
        return "flops";
    case OperationSort::Code:
        return "code";
    case OperationSort::FlopsPerCycle:
        return "flops-per-cycle";
    case OperationSort::Variables:
        return "memory";
    case OperationSort::Name:
        return "name";
    }
    return "cycles";
}

bool parseOperationSort(const std::string& text, OperationSort& sort)
{
    for (OperationSort s : { OperationSort::Cycles, OperationSort::Flops, OperationSort::Code,
             OperationSort::FlopsPerCycle, OperationSort::Variables, OperationSort::Name })
        if (text == operationSortName(s)) {
            sort = s;
            return true;
        }
    return false;
}

std::vector<uint32_t> rankOperations(const OperationTable& operations, const OperationAnalysis& analysis,
    const std::string& layer, OperationSort sort)
{
    std::vector<uint32_t> rows;
    for (size_t i = 0; i < operations.size() && i < analysis.figures.size(); ++i)
        if (layer.empty() || operations[i].layer == layer)
            rows.push_back(uint32_t(i));
    const auto& f = analysis.figures;
    std::stable_sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) {
        switch (sort) {
        case OperationSort::Cycles:
            return f[a].cycles > f[b].cycles;
        case OperationSort::Flops:
            return f[a].flops > f[b].flops;
        case OperationSort::Code:
            return f[a].codeBytes > f[b].codeBytes;
        case OperationSort::FlopsPerCycle:
            return f[a].flopsPerCycle() > f[b].flopsPerCycle();
        case OperationSort::Variables:
            return f[a].variableBytes > f[b].variableBytes;
        case OperationSort::Name:
            return operations[a].name < operations[b].name;
        }
        return false;
    });
    return rows;
}

std::string defaultOperationLayer(const OperationAnalysis& analysis)
{
    return analysis.layers.empty() ? std::string() : analysis.layers.front();
}

std::vector<uint32_t> debugContextChain(const std::vector<DebugContext>& contexts, int64_t context)
{
    std::vector<uint32_t> chain;
    // Parents come before children (Profile checks), so the walk ends; the bound is for safety.
    for (int64_t c = context; c >= 0 && size_t(c) < contexts.size() && chain.size() <= contexts.size();
         c = contexts[size_t(c)].parent)
        chain.push_back(uint32_t(c));
    std::reverse(chain.begin(), chain.end());
    return chain;
}

OperationDetails operationDetails(const Report& report, uint32_t operation)
{
    OperationDetails d;
    const auto& operations = report.operations();
    if (operation >= operations.size())
        return d;
    const OperationRow op = operations[operation];
    const auto& programs = report.programs();
    const ProgramIndex& index = report.programIndex();
    std::unordered_set<uint32_t> computeSets, exchanges;
    for (uint32_t p : op.programs) {
        if (p >= programs.size())
            continue;
        const auto steps = index.stepsOf(p);
        d.steps.insert(d.steps.end(), steps.begin(), steps.end());
        if (programs[p].computeSet >= 0 && computeSets.insert(uint32_t(programs[p].computeSet)).second)
            d.computeSets.push_back(uint32_t(programs[p].computeSet));
        if (programs[p].exchange >= 0 && exchanges.insert(uint32_t(programs[p].exchange)).second)
            d.exchanges.push_back(uint32_t(programs[p].exchange));
    }
    std::sort(d.steps.begin(), d.steps.end());

    const uint32_t numTiles = report.numTiles();
    d.codeBytesByTile.assign(numTiles, 0);
    const auto& sets = report.computeSets();
    const auto& types = report.vertexTypes();
    for (uint32_t cs : d.computeSets) {
        if (cs >= sets.size())
            continue;
        for (const ComputeSetVertices& v : sets[cs].vertices) {
            if (v.vertexType >= types.size())
                continue;
            for (const TileCount& tc : v.countByTile)
                if (tc.tile < numTiles && tc.count > 0)
                    d.codeBytesByTile[tc.tile] += types[v.vertexType].codeBytes;
        }
    }
    const auto& exchangeList = report.exchanges();
    for (uint32_t e : d.exchanges) {
        if (e >= exchangeList.size())
            continue;
        for (const TileBytes& tb : exchangeList[e].codeBytesByTile)
            if (tb.tile < numTiles)
                d.codeBytesByTile[tb.tile] += tb.bytes;
    }
    d.debugChain = debugContextChain(report.debugContexts(), op.debugContext);
    return d;
}

} // namespace popscope
