// Profile::read*: each part of a profile loaded on demand, every value bounded before use.
#include "format_limits.hpp"
#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "program_cycles.hpp"
#include "sqlite_database.hpp"

#include <algorithm>
#include <map>

namespace popscope {

namespace {

// Vectors are reserved for the table's row count up to this many rows (beyond it they grow as
// they are read), so a file that claims a huge table does not allocate before its rows are checked.
constexpr uint64_t kMaxReserve = uint64_t(1) << 22;

class PartReader {
public:
    PartReader(SqliteDatabase& db, const Target& target, const std::string& path)
        : m_db(db)
        , m_target(target)
        , m_path(path)
    {
    }

    [[noreturn]] void corrupt(const std::string& problem) const
    {
        throw ProfileError(ErrorKind::CorruptProfile, m_path, problem);
    }

    int64_t bounded(const Statement& s, int column, int64_t low, int64_t high, const char* what) const
    {
        int64_t v = s.getInt(column);
        if (v < low || v > high)
            corrupt(std::string(what) + " is " + std::to_string(v) + ", outside " + std::to_string(low) + ".."
                + std::to_string(high));
        return v;
    }
    uint32_t ipu(const Statement& s, int column, const char* what) const
    {
        return uint32_t(bounded(s, column, 0, int64_t(m_target.numIpus) - 1, what));
    }
    uint32_t tile(int64_t value, const char* what) const
    {
        if (value < 0 || uint64_t(value) >= m_target.numTiles())
            corrupt(std::string(what) + " names tile " + std::to_string(value) + " of "
                + std::to_string(m_target.numTiles()));
        return uint32_t(value);
    }
    std::vector<uint32_t> perTile(const Statement& s, int column, const char* what) const
    {
        auto values = packed::decode<uint32_t>(s.getBlob(column), m_target.tilesPerIpu);
        if (!values)
            corrupt(std::string(what) + " holds " + std::to_string(s.getBlob(column).size())
                + " bytes, expected 4 per tile (" + std::to_string(m_target.tilesPerIpu * 4ull) + ")");
        return std::move(*values);
    }
    // Rows must be numbered 0..n-1 in order: the document refers to them by position.
    void expectId(const Statement& s, size_t expected, const char* table) const
    {
        if (s.getInt(0) != int64_t(expected))
            corrupt(std::string("table '") + table + "' is not numbered 0..n-1 (row "
                + std::to_string(s.getInt(0)) + " where " + std::to_string(expected) + " was expected)");
    }
    template <typename Pair>
    std::vector<Pair> tilePairs(
        const Statement& s, int column, uint32_t Pair::*first, uint32_t Pair::*second, const char* what) const
    {
        auto pairs = packed::decodePairs<Pair>(s.getBlob(column), first, second);
        if (!pairs)
            corrupt(std::string(what) + " has a per-tile list whose length is not a multiple of 8 bytes");
        for (const Pair& p : *pairs)
            tile(p.*first, what);
        return std::move(*pairs);
    }
    std::map<int64_t, std::string> categories() const
    {
        std::map<int64_t, std::string> names;
        Statement s(m_db, "SELECT id, name FROM var_categories");
        while (s.step())
            names[s.getInt(0)] = s.getText(1);
        return names;
    }
    const std::string& category(const std::map<int64_t, std::string>& names, int64_t id) const
    {
        auto it = names.find(id);
        if (it == names.end())
            corrupt("memory category " + std::to_string(id) + " is not in var_categories");
        return it->second;
    }
    int64_t reference(const Statement& s, int column, uint64_t count, const char* what) const
    {
        return bounded(s, column, -1, int64_t(count) - 1, what);
    }
    uint64_t rows(const char* table) const
    {
        Statement s(m_db, std::string("SELECT count(*) FROM ") + table);
        s.step();
        return uint64_t(s.getInt(0));
    }

    SqliteDatabase& m_db;
    const Target& m_target;
    const std::string& m_path;
};

} // namespace

std::vector<uint32_t> Profile::readPhysicalTileIds() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<uint32_t> ids;
    Statement s(*m_db, "SELECT id, physical_id FROM tiles ORDER BY id");
    while (s.step()) {
        r.expectId(s, ids.size(), "tiles");
        r.tile(s.getInt(0), "tiles");
        ids.push_back(uint32_t(r.bounded(s, 1, 0, UINT32_MAX, "a physical tile id")));
    }
    if (!ids.empty() && ids.size() != m_target.numTiles())
        r.corrupt("table 'tiles' must list every tile or none");
    return ids;
}

std::vector<uint32_t> Profile::readIoTiles() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<uint32_t> tiles;
    Statement s(*m_db, "SELECT tile FROM io_tiles ORDER BY rowid");
    while (s.step())
        tiles.push_back(r.tile(s.getInt(0), "io_tiles"));
    return tiles;
}

std::vector<MemorySeries> Profile::readMemory() const
{
    PartReader r(*m_db, m_target, m_path);
    auto names = r.categories();
    std::vector<MemorySeries> series;
    Statement s(*m_db, "SELECT ipu, category, region, overlapped, bytes FROM memory_by_tile ORDER BY rowid");
    while (s.step()) {
        MemorySeries m;
        m.ipu = r.ipu(s, 0, "memory_by_tile.ipu");
        m.category = r.category(names, s.getInt(1));
        m.region = MemoryRegion(r.bounded(s, 2, 0, kMemoryRegionCount - 1, "memory_by_tile.region"));
        m.overlapped = r.bounded(s, 3, 0, 1, "memory_by_tile.overlapped") != 0;
        m.bytesByTile = r.perTile(s, 4, "memory_by_tile.bytes");
        series.push_back(std::move(m));
    }
    return series;
}

std::vector<GapSeries> Profile::readGaps() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<GapSeries> gaps;
    Statement s(*m_db, "SELECT ipu, region, bytes FROM memory_gaps ORDER BY rowid");
    while (s.step()) {
        GapSeries g;
        g.ipu = r.ipu(s, 0, "memory_gaps.ipu");
        g.region = MemoryRegion(r.bounded(s, 1, 0, kMemoryRegionCount - 1, "memory_gaps.region"));
        g.bytesByTile = r.perTile(s, 2, "memory_gaps.bytes");
        gaps.push_back(std::move(g));
    }
    return gaps;
}

std::vector<LivenessSplit> Profile::readLivenessSplit() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<LivenessSplit> split;
    Statement s(*m_db, "SELECT ipu, always_live, not_always_live FROM memory_liveness ORDER BY rowid");
    while (s.step()) {
        LivenessSplit l;
        l.ipu = r.ipu(s, 0, "memory_liveness.ipu");
        l.alwaysLiveBytesByTile = r.perTile(s, 1, "memory_liveness.always_live");
        l.notAlwaysLiveBytesByTile = r.perTile(s, 2, "memory_liveness.not_always_live");
        split.push_back(std::move(l));
    }
    return split;
}

std::vector<Variable> Profile::readVariables(bool withTilesAndRanges) const
{
    PartReader r(*m_db, m_target, m_path);
    auto names = r.categories();
    const uint64_t contexts = r.rows("debug_contexts");
    std::vector<Variable> variables;
    variables.reserve(
        size_t(std::min<uint64_t>(r.rows("variables"), kMaxReserve))); // no doubling (70 MB on bench-large)
    Statement s(*m_db,
        "SELECT id, name, category, element_type, size_bytes, always_live, debug_context"
        " FROM variables ORDER BY id");
    while (s.step()) {
        r.expectId(s, variables.size(), "variables");
        Variable v;
        v.name = s.getText(1);
        v.category = r.category(names, s.getInt(2));
        v.elementType = s.getText(3);
        v.sizeBytes = uint64_t(r.bounded(s, 4, 0, INT64_MAX, "variables.size_bytes"));
        v.alwaysLive = s.getInt(5) != 0;
        v.debugContext = r.reference(s, 6, contexts, "variables.debug_context");
        variables.push_back(std::move(v));
    }
    if (!withTilesAndRanges)
        return variables;
    // Writers store each variable's rows together: gather one variable's tiles, then give it a list
    // of exactly that size (growing 250,000 lists row by row left a quarter of them spare, and
    // trimming them afterwards only scattered the freed blocks through the heap).
    Statement tiles(*m_db, "SELECT variable, tile, size_bytes FROM vars_info ORDER BY rowid");
    std::vector<TileBytes> gathered;
    int64_t gatheredFor = -1;
    const auto flush = [&] {
        if (gatheredFor >= 0) {
            auto& list = variables[size_t(gatheredFor)].tiles;
            list.insert(
                list.end(), gathered.begin(), gathered.end()); // rows of a variable split apart append
        }
        gathered.clear();
    };
    while (tiles.step()) {
        auto index = r.bounded(tiles, 0, 0, int64_t(variables.size()) - 1, "vars_info.variable");
        TileBytes tb { r.tile(tiles.getInt(1), "vars_info"),
            uint32_t(r.bounded(tiles, 2, 0, UINT32_MAX, "vars_info.size_bytes")) };
        if (index != gatheredFor) {
            flush();
            gatheredFor = index;
        }
        gathered.push_back(tb);
    }
    flush();
    for (const auto& [index, range] : readLiveRanges())
        variables[index].liveRanges.push_back(range);
    return variables;
}

std::vector<std::pair<uint32_t, StepRange>> Profile::readLiveRanges() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t variables = r.rows("variables");
    const uint64_t livenessSteps = r.rows("liveness_steps");
    std::vector<std::pair<uint32_t, StepRange>> out;
    Statement ranges(
        *m_db, "SELECT variable, first_step, last_step FROM variable_live_ranges ORDER BY rowid");
    while (ranges.step()) {
        auto index = r.bounded(ranges, 0, 0, int64_t(variables) - 1, "variable_live_ranges.variable");
        StepRange range { uint32_t(r.bounded(ranges, 1, 0, int64_t(livenessSteps) - 1, "a live range start")),
            uint32_t(r.bounded(ranges, 2, 0, int64_t(livenessSteps) - 1, "a live range end")) };
        if (range.first > range.last)
            r.corrupt("a live range ends before it starts");
        out.emplace_back(uint32_t(index), range);
    }
    return out;
}

std::vector<VertexType> Profile::readVertexTypes() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<VertexType> types;
    Statement s(*m_db, "SELECT id, name, code_bytes, state_bytes FROM vertex_types ORDER BY id");
    while (s.step()) {
        r.expectId(s, types.size(), "vertex_types");
        types.push_back({ s.getText(1), uint32_t(r.bounded(s, 2, 0, UINT32_MAX, "vertex_types.code_bytes")),
            uint32_t(r.bounded(s, 3, 0, UINT32_MAX, "vertex_types.state_bytes")) });
    }
    return types;
}

std::vector<ComputeSet> Profile::readComputeSets() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t vertexTypes = r.rows("vertex_types");
    std::vector<ComputeSet> sets;
    Statement s(*m_db, "SELECT compute_set, name, debug_context FROM compute_sets ORDER BY compute_set");
    while (s.step()) {
        r.expectId(s, sets.size(), "compute_sets");
        sets.push_back({ s.getText(1), r.reference(s, 2, contexts, "compute_sets.debug_context"), {} });
    }
    Statement v(*m_db,
        "SELECT compute_set, vertex_type, count_by_tile FROM compute_set_vertices"
        " ORDER BY compute_set, position");
    while (v.step()) {
        auto set = r.bounded(v, 0, 0, int64_t(sets.size()) - 1, "compute_set_vertices.compute_set");
        ComputeSetVertices vertices;
        vertices.vertexType
            = uint32_t(r.bounded(v, 1, 0, int64_t(vertexTypes) - 1, "compute_set_vertices.vertex_type"));
        vertices.countByTile = r.tilePairs(v, 2, &TileCount::tile, &TileCount::count, "compute_set_vertices");
        sets[size_t(set)].vertices.push_back(std::move(vertices));
    }
    return sets;
}

std::vector<Exchange> Profile::readExchanges() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<Exchange> exchanges;
    Statement s(*m_db, "SELECT id, name, kind, total_bytes, code_bytes_by_tile FROM exchanges ORDER BY id");
    while (s.step()) {
        r.expectId(s, exchanges.size(), "exchanges");
        Exchange e;
        e.name = s.getText(1);
        e.kind = s.getText(2);
        if (e.kind != "internal" && e.kind != "host" && e.kind != "global")
            r.corrupt("exchange '" + e.name + "' has an unknown kind '" + e.kind + "'");
        e.totalBytes = uint64_t(r.bounded(s, 3, 0, INT64_MAX, "exchanges.total_bytes"));
        e.codeBytesByTile = r.tilePairs(s, 4, &TileBytes::tile, &TileBytes::bytes, "exchanges");
        exchanges.push_back(std::move(e));
    }
    return exchanges;
}

std::vector<Program> Profile::readProgramHeaders() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t sets = r.rows("compute_sets");
    const uint64_t exchanges = r.rows("exchanges");
    std::vector<Program> programs;
    programs.reserve(r.rows("programs")); // 83 k programs: doubling would leave a third unused
    Statement s(*m_db,
        "SELECT id, type, name, compute_set, exchange, debug_context, repeat_count FROM programs"
        " ORDER BY id");
    while (s.step()) {
        r.expectId(s, programs.size(), "programs");
        Program p;
        p.type = s.getText(1);
        p.name = s.getText(2);
        p.computeSet = r.reference(s, 3, sets, "programs.compute_set");
        p.exchange = r.reference(s, 4, exchanges, "programs.exchange");
        p.debugContext = r.reference(s, 5, contexts, "programs.debug_context");
        p.repeatCount = uint32_t(r.bounded(s, 6, 0, UINT32_MAX, "programs.repeat_count"));
        programs.push_back(std::move(p));
    }
    return programs;
}

std::vector<Program> Profile::readPrograms() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<Program> programs = readProgramHeaders();
    Statement c(*m_db, "SELECT parent, child FROM program_children ORDER BY parent, position");
    while (c.step()) {
        auto parent = r.bounded(c, 0, 0, int64_t(programs.size()) - 1, "program_children.parent");
        auto child = r.bounded(c, 1, 0, int64_t(programs.size()) - 1, "program_children.child");
        programs[size_t(parent)].children.push_back(uint32_t(child));
    }
    if (auto node = findProgramCycle(programs))
        r.corrupt("program " + std::to_string(*node) + " contains itself (a cycle in the program tree)");
    return programs;
}

static std::vector<uint32_t> readRoots(const PartReader& r, SqliteDatabase& db, const char* kind)
{
    const uint64_t programs = r.rows("programs");
    std::vector<uint32_t> roots;
    Statement s(db, "SELECT program FROM program_roots WHERE kind = ? ORDER BY position");
    s.bind(1, std::string_view(kind));
    while (s.step())
        roots.push_back(uint32_t(r.bounded(s, 0, 0, int64_t(programs) - 1, "program_roots.program")));
    return roots;
}

std::vector<uint32_t> Profile::readControlPrograms() const
{
    PartReader r(*m_db, m_target, m_path);
    return readRoots(r, *m_db, "control");
}

std::vector<uint32_t> Profile::readFunctions() const
{
    PartReader r(*m_db, m_target, m_path);
    return readRoots(r, *m_db, "function");
}

std::vector<LivenessStep> Profile::readLivenessSteps() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t programs = r.rows("programs");
    std::vector<LivenessStep> steps;
    Statement s(*m_db, "SELECT id, program, not_always_live_bytes FROM liveness_steps ORDER BY id");
    while (s.step()) {
        r.expectId(s, steps.size(), "liveness_steps");
        LivenessStep step;
        step.program = uint32_t(r.bounded(s, 1, 0, int64_t(programs) - 1, "liveness_steps.program"));
        auto bytes = packed::decode<uint64_t>(s.getBlob(2), m_target.numIpus);
        if (!bytes)
            r.corrupt("liveness step " + std::to_string(steps.size()) + " must hold 8 bytes per IPU");
        step.notAlwaysLiveBytesByIpu = std::move(*bytes);
        steps.push_back(std::move(step));
    }
    return steps;
}

std::vector<TileLiveness> Profile::readTileLiveness() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t steps = r.rows("liveness_steps");
    std::vector<TileLiveness> result;
    Statement s(*m_db, "SELECT step, ipu, bytes FROM liveness_by_tile ORDER BY step, ipu");
    while (s.step()) {
        TileLiveness t;
        t.step = uint32_t(r.bounded(s, 0, 0, int64_t(steps) - 1, "liveness_by_tile.step"));
        t.ipu = r.ipu(s, 1, "liveness_by_tile.ipu");
        t.bytesByTile = r.perTile(s, 2, "liveness_by_tile.bytes");
        result.push_back(std::move(t));
    }
    return result;
}

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

std::vector<ExecutionStep> Profile::readSteps(bool withCyclesByTile) const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t runs = r.rows("runs");
    const uint64_t programs = r.rows("programs");
    const uint64_t sets = r.rows("compute_sets");
    std::vector<ExecutionStep> steps;
    steps.reserve(size_t(std::min<uint64_t>(r.rows("steps"), kMaxReserve)));
    Statement s(*m_db, "SELECT id, run, type, program, compute_set FROM steps ORDER BY id");
    while (s.step()) {
        r.expectId(s, steps.size(), "steps");
        ExecutionStep step;
        step.run = uint32_t(r.bounded(s, 1, 0, int64_t(runs) - 1, "steps.run"));
        step.type = s.getText(2);
        step.program = uint32_t(r.bounded(s, 3, 0, int64_t(programs) - 1, "steps.program"));
        step.computeSet = r.reference(s, 4, sets, "steps.compute_set");
        steps.push_back(std::move(step));
    }
    Statement b(*m_db,
        "SELECT step_id, ipu, cycles, active_tiles, cycles_base, active_cycles_from_min,"
        " active_cycles_from_max, active_cycles_to_min, active_cycles_to_max, data_in, data_out"
        " FROM steps_by_ipu ORDER BY step_id, ipu");
    while (b.step()) {
        auto index = r.bounded(b, 0, 0, int64_t(steps.size()) - 1, "steps_by_ipu.step_id");
        StepIpu si;
        si.ipu = r.ipu(b, 1, "steps_by_ipu.ipu");
        si.cycles = uint64_t(r.bounded(b, 2, 0, limits::kMaxCycles, "steps_by_ipu.cycles"));
        si.activeTiles = uint32_t(r.bounded(b, 3, 0, m_target.tilesPerIpu, "steps_by_ipu.active_tiles"));
        uint64_t* fields[] = { &si.cyclesBase, &si.activeCyclesFromMin, &si.activeCyclesFromMax,
            &si.activeCyclesToMin, &si.activeCyclesToMax, &si.dataIn, &si.dataOut };
        for (int i = 0; i < 7; ++i)
            *fields[i] = uint64_t(
                r.bounded(b, 4 + i, 0, i == 0 ? limits::kMaxCycles : INT64_MAX, "a steps_by_ipu figure"));
        steps[size_t(index)].ipus.push_back(std::move(si));
    }
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

std::vector<Operation> Profile::readOperations() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t contexts = r.rows("debug_contexts");
    const uint64_t programs = r.rows("programs");
    std::vector<Operation> operations;
    operations.reserve(r.rows("operations"));
    Statement s(*m_db,
        "SELECT id, name, layer, debug_name, debug_context, flops, code_bytes, cycles"
        " FROM operations ORDER BY id");
    while (s.step()) {
        r.expectId(s, operations.size(), "operations");
        Operation op;
        op.name = s.getText(1);
        op.layer = s.getText(2);
        op.debugName = s.getText(3);
        op.debugContext = r.reference(s, 4, contexts, "operations.debug_context");
        op.flops = uint64_t(r.bounded(s, 5, 0, INT64_MAX, "operations.flops"));
        op.codeBytes = uint64_t(r.bounded(s, 6, 0, INT64_MAX, "operations.code_bytes"));
        op.cycles = uint64_t(r.bounded(s, 7, 0, limits::kMaxCycles, "operations.cycles"));
        operations.push_back(std::move(op));
    }
    Statement p(*m_db, "SELECT operation, program FROM operation_programs ORDER BY operation, position");
    while (p.step()) {
        auto index = r.bounded(p, 0, 0, int64_t(operations.size()) - 1, "operation_programs.operation");
        operations[size_t(index)].programs.push_back(
            uint32_t(r.bounded(p, 1, 0, int64_t(programs) - 1, "operation_programs.program")));
    }
    return operations;
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
    if (std::string problem = validateDocument(doc); !problem.empty())
        throw ProfileError(ErrorKind::CorruptProfile, m_path, problem);
    return doc;
}

} // namespace popscope
