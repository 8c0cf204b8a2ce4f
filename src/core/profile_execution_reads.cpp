// Profile::read* for the execution: runs, steps and what hangs off them, every value bounded before use.
#include "format_limits.hpp"
#include "part_reader.hpp"
#include "popscope/profile_writer.hpp"
#include "program_cycles.hpp"

#include <algorithm>
#include <map>

namespace popscope {

std::vector<Run> Profile::readRuns() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<Run> runs;
    Statement s(*m_db, "SELECT id, name, microseconds_start, microseconds_end FROM runs ORDER BY id");
    while (s.step()) {
        r.expectId(s, runs.size(), "runs");
        runs.push_back({ s.getText(1), uint64_t(r.bounded(s, 2, 0, INT64_MAX, "runs.microseconds_start")),
            uint64_t(r.bounded(s, 3, 0, INT64_MAX, "runs.microseconds_end")) });
    }
    return runs;
}

namespace {

// The steps table's rows and the steps_by_ipu rows in step order, each value bounded: what readSteps
// and readStepTable share.
template <typename Visit> void readStepRows(PartReader& r, SqliteDatabase& db, Visit visit)
{
    const uint64_t runs = r.rows("runs");
    const uint64_t programs = r.rows("programs");
    const uint64_t sets = r.rows("compute_sets");
    Statement s(db, "SELECT id, run, type, program, compute_set FROM steps ORDER BY id");
    for (uint64_t id = 0; s.step(); ++id) {
        r.expectId(s, id, "steps");
        // One after the other, so a row with several damaged columns names the same one everywhere.
        const auto run = uint32_t(r.bounded(s, 1, 0, int64_t(runs) - 1, "steps.run"));
        const auto program = uint32_t(r.bounded(s, 3, 0, int64_t(programs) - 1, "steps.program"));
        const int64_t computeSet = r.reference(s, 4, sets, "steps.compute_set");
        visit(run, s.getTextView(2), program, computeSet);
    }
}

template <typename Visit>
void readStepIpuRows(PartReader& r, SqliteDatabase& db, const Target& target, size_t steps, Visit visit)
{
    Statement b(db,
        "SELECT step_id, ipu, cycles, active_tiles, cycles_base, active_cycles_from_min,"
        " active_cycles_from_max, active_cycles_to_min, active_cycles_to_max, data_in, data_out"
        " FROM steps_by_ipu ORDER BY step_id, ipu");
    while (b.step()) {
        const auto index = r.bounded(b, 0, 0, int64_t(steps) - 1, "steps_by_ipu.step_id");
        StepIpu si;
        si.ipu = r.ipu(b, 1, "steps_by_ipu.ipu");
        si.cycles = uint64_t(r.bounded(b, 2, 0, limits::kMaxCycles, "steps_by_ipu.cycles"));
        si.activeTiles = uint32_t(r.bounded(b, 3, 0, target.tilesPerIpu, "steps_by_ipu.active_tiles"));
        uint64_t* fields[] = { &si.cyclesBase, &si.activeCyclesFromMin, &si.activeCyclesFromMax,
            &si.activeCyclesToMin, &si.activeCyclesToMax, &si.dataIn, &si.dataOut };
        for (int i = 0; i < 7; ++i)
            *fields[i] = uint64_t(
                r.bounded(b, 4 + i, 0, i == 0 ? limits::kMaxCycles : INT64_MAX, "a steps_by_ipu figure"));
        visit(size_t(index), std::move(si));
    }
}

} // namespace

StepTable Profile::readStepTable() const
{
    PartReader r(*m_db, m_target, m_path);
    StepTable table;
    // Reserved once (a count is quick beside the read): grown by doubling, the rows took twice their size.
    table.reserve(size_t(std::min<uint64_t>(r.rows("steps"), kMaxReserve)),
        size_t(std::min<uint64_t>(r.rows("steps_by_ipu"), kMaxReserve)));
    readStepRows(r, *m_db, [&](uint32_t run, std::string_view type, uint32_t program, int64_t computeSet) {
        table.addStep(run, type, program, computeSet);
    });
    readStepIpuRows(r, *m_db, m_target, table.size(), [&](size_t step, StepIpu&& si) {
        // In step and IPU order (ORDER BY): a row out of order, or twice, is a damaged index.
        if (!table.addIpu(step, { si.ipu, si.activeTiles, si.cycles, si.cyclesBase, si.dataIn, si.dataOut }))
            r.corrupt("steps_by_ipu holds step " + std::to_string(step) + " on IPU " + std::to_string(si.ipu)
                + " twice, or out of order");
    });
    table.finish();
    return table;
}

std::vector<ExecutionStep> Profile::readSteps(bool withCyclesByTile) const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<ExecutionStep> steps;
    steps.reserve(size_t(std::min<uint64_t>(r.rows("steps"), kMaxReserve)));
    readStepRows(r, *m_db, [&](uint32_t run, std::string_view type, uint32_t program, int64_t computeSet) {
        steps.push_back({ run, std::string(type), program, computeSet, {} });
    });
    readStepIpuRows(r, *m_db, m_target, steps.size(),
        [&](size_t step, StepIpu&& si) { steps[step].ipus.push_back(std::move(si)); });
    if (!withCyclesByTile)
        return steps;
    Statement c(*m_db, "SELECT step_id, ipu, cycles FROM cycles_by_tile ORDER BY step_id, ipu");
    while (c.step()) {
        auto index = r.bounded(c, 0, 0, int64_t(steps.size()) - 1, "cycles_by_tile.step_id");
        uint32_t ipu = r.ipu(c, 1, "cycles_by_tile.ipu");
        auto cycles = packed::decodeCompact(c.getBlob(2), m_target.tilesPerIpu);
        if (!cycles)
            r.corrupt("cycles_by_tile of step " + std::to_string(index) + " must hold 2 or 4 bytes per tile");
        bool matched = false;
        for (StepIpu& si : steps[size_t(index)].ipus) {
            if (si.ipu == ipu) {
                si.cyclesByTile = std::move(*cycles);
                matched = true;
            }
        }
        if (!matched)
            r.corrupt("cycles_by_tile names IPU " + std::to_string(ipu) + " that step "
                + std::to_string(index) + " does not run on");
    }
    return steps;
}

std::vector<DebugContext> Profile::readDebugContexts() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<DebugContext> contexts;
    contexts.reserve(r.rows("debug_contexts"));
    Statement s(*m_db, "SELECT id, parent, layer, name, json FROM debug_contexts ORDER BY id");
    while (s.step()) {
        r.expectId(s, contexts.size(), "debug_contexts");
        // A parent must come first, which also rules out cycles.
        int64_t parent = r.bounded(s, 1, -1, int64_t(contexts.size()) - 1, "debug_contexts.parent");
        contexts.push_back({ parent, s.getText(2), s.getText(3), s.getText(4) });
    }
    return contexts;
}

std::vector<Profile::ContextVariables> Profile::readVariablesByDebugContext() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    std::vector<ContextVariables> byContext(contexts);
    // A plain scan summed here: SQLite's GROUP BY sorts 250 k rows first, twice as slow.
    Statement s(*m_db, "SELECT debug_context, size_bytes FROM variables");
    while (s.step()) {
        const int64_t context = r.reference(s, 0, contexts, "variables.debug_context");
        if (context < 0)
            continue;
        ContextVariables& v = byContext[size_t(context)];
        const uint64_t bytes = uint64_t(r.bounded(s, 1, 0, INT64_MAX, "variables.size_bytes"));
        v.bytes
            = bytes > UINT64_MAX - v.bytes ? UINT64_MAX : v.bytes + bytes; // saturates, as a hostile file may
        ++v.count;
    }
    std::vector<ContextVariables> out;
    for (size_t c = 0; c < byContext.size(); ++c)
        if (byContext[c].count > 0) {
            byContext[c].context = uint32_t(c);
            out.push_back(byContext[c]);
        }
    return out;
}

StepCycles Profile::readStepCycles() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t programs = r.rows("programs");
    StepCycles out;
    Statement s(*m_db, "SELECT id, program FROM steps ORDER BY id");
    while (s.step()) {
        r.expectId(s, out.program.size(), "steps");
        out.program.push_back(uint32_t(r.bounded(s, 1, 0, int64_t(programs) - 1, "steps.program")));
    }
    out.cycles.assign(out.program.size(), 0);
    Statement b(*m_db, "SELECT step_id, ipu, cycles FROM steps_by_ipu");
    while (b.step()) {
        const auto index
            = size_t(r.bounded(b, 0, 0, int64_t(out.program.size()) - 1, "steps_by_ipu.step_id"));
        r.ipu(b, 1, "steps_by_ipu.ipu");
        out.cycles[index] = std::max(
            out.cycles[index], uint64_t(r.bounded(b, 2, 0, limits::kMaxCycles, "steps_by_ipu.cycles")));
    }
    return out;
}

void Profile::forEachStepIpu(const StepIpuVisitor& visit) const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t steps = r.rows("steps");
    Statement b(*m_db, "SELECT step_id, ipu, cycles FROM steps_by_ipu");
    while (b.step()) {
        const auto step = r.bounded(b, 0, 0, int64_t(steps) - 1, "steps_by_ipu.step_id");
        const uint32_t ipu = r.ipu(b, 1, "steps_by_ipu.ipu");
        visit(uint32_t(step), ipu, uint64_t(r.bounded(b, 2, 0, limits::kMaxCycles, "steps_by_ipu.cycles")));
    }
}

OperationTable Profile::readOperationTable() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t programs = r.rows("programs");
    OperationTable operations;
    operations.reserve(size_t(std::min<uint64_t>(r.rows("operations"), kMaxReserve)));
    Statement s(*m_db,
        "SELECT id, name, layer, debug_name, debug_context, flops, code_bytes, cycles"
        " FROM operations ORDER BY id");
    while (s.step()) {
        r.expectId(s, operations.size(), "operations");
        const int64_t context = r.reference(s, 4, contexts, "operations.debug_context");
        const auto flops = uint64_t(r.bounded(s, 5, 0, INT64_MAX, "operations.flops"));
        const auto code = uint64_t(r.bounded(s, 6, 0, INT64_MAX, "operations.code_bytes"));
        const auto cycles = uint64_t(r.bounded(s, 7, 0, limits::kMaxCycles, "operations.cycles"));
        if (const std::string_view refused = operations.append(
                s.getTextView(1), s.getTextView(2), s.getTextView(3), context, flops, code, cycles);
            !refused.empty())
            r.corrupt(std::string(refused));
    }
    // Each operation's programs in order: the rows come by operation, so the ends are counts summed.
    std::vector<uint32_t> ends(operations.size(), 0), list;
    Statement p(*m_db, "SELECT operation, program FROM operation_programs ORDER BY operation, position");
    while (p.step()) {
        const auto index = r.bounded(p, 0, 0, int64_t(operations.size()) - 1, "operation_programs.operation");
        list.push_back(uint32_t(r.bounded(p, 1, 0, int64_t(programs) - 1, "operation_programs.program")));
        ++ends[size_t(index)];
        if (list.size() > UINT32_MAX)
            r.corrupt("operation_programs holds more than 4 G rows");
    }
    uint32_t end = 0;
    for (uint32_t& e : ends)
        e = end += e;
    operations.setPrograms(std::move(ends), std::move(list));
    operations.finish();
    return operations;
}

std::vector<Operation> Profile::readOperations() const
{
    return readOperationTable().toOperations(); // the same rows, read and checked once
}

ProfileDocument Profile::readDocument() const
{
    ProfileDocument doc;
    doc.target = m_target;
    doc.info = m_info;
    doc.physicalTileIds = readPhysicalTileIds();
    doc.ioTiles = readIoTiles();
    doc.memory = readMemory();
    doc.gaps = readGaps();
    doc.liveness = readLivenessSplit();
    doc.variables = readVariables();
    doc.vertexTypes = readVertexTypes();
    doc.computeSets = readComputeSets();
    doc.exchanges = readExchanges();
    doc.programs = readPrograms();
    doc.controlPrograms = readControlPrograms();
    doc.functions = readFunctions();
    doc.livenessSteps = readLivenessSteps();
    doc.tileLiveness = readTileLiveness();
    doc.runs = readRuns();
    doc.steps = readSteps();
    doc.debugContexts = readDebugContexts();
    doc.operations = readOperations();
    doc.estimates = readEstimates();
    doc.programControlCode = readProgramControlCode();
    doc.programVariables = readProgramVariables();
    if (std::string problem = validateDocument(doc); !problem.empty())
        throw ProfileError(ErrorKind::CorruptProfile, m_path, problem);
    return doc;
}

} // namespace popscope
