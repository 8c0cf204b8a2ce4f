// Profile::read*: each part of a profile loaded on demand, every value bounded before use.
#include "format_limits.hpp"
#include "huge_pages.hpp"
#include "packed_array.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/program_index.hpp"
#include "program_cycles.hpp"
#include "sqlite_database.hpp"

#include <algorithm>
#include <future>
#include <map>
#include <optional>

#include "part_reader.hpp"

namespace popscope {

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

namespace {

thread_local bool t_parallelReads = false;

} // namespace

ParallelReadsScope::ParallelReadsScope()
    : m_previous(t_parallelReads)
{
    t_parallelReads = true;
}

ParallelReadsScope::~ParallelReadsScope()
{
    t_parallelReads = m_previous;
}

bool ParallelReadsScope::active()
{
    return t_parallelReads;
}

VariableDigest Profile::readVariableDigest() const
{
    PartReader r(*m_db, m_target, m_path);
    VariableDigest digest;
    digest.reserve(size_t(std::min<uint64_t>(r.rows("variables"), kMaxReserve)));
    Statement s(*m_db, "SELECT id, name, size_bytes, always_live FROM variables ORDER BY id");
    while (s.step()) {
        r.expectId(s, digest.size(), "variables");
        const auto size = uint64_t(r.bounded(s, 2, 0, INT64_MAX, "variables.size_bytes"));
        if (!digest.append(s.getTextView(1), size, s.getInt(3) != 0))
            r.corrupt("the variables' names add up to more than 4 GiB");
    }
    digest.finish();
    return digest;
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

namespace {

// A compute_set_vertices row's vertex type (at `column`) and per-tile counts (the next column).
ComputeSetVertices vertexRow(const PartReader& r, const Statement& s, int column, uint64_t vertexTypes)
{
    ComputeSetVertices vertices;
    vertices.vertexType
        = uint32_t(r.bounded(s, column, 0, int64_t(vertexTypes) - 1, "compute_set_vertices.vertex_type"));
    vertices.countByTile
        = r.tilePairs(s, column + 1, &TileCount::tile, &TileCount::count, "compute_set_vertices");
    return vertices;
}

} // namespace

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
        sets[size_t(set)].vertices.push_back(vertexRow(r, v, 1, vertexTypes));
    }
    return sets;
}

std::vector<ComputeSetVertices> Profile::readComputeSetVertices(uint32_t computeSet) const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t vertexTypes = r.rows("vertex_types");
    std::vector<ComputeSetVertices> out;
    Statement v(*m_db,
        "SELECT vertex_type, count_by_tile FROM compute_set_vertices WHERE compute_set = ? ORDER BY "
        "position");
    v.bind(1, int64_t(computeSet));
    while (v.step())
        out.push_back(vertexRow(r, v, 0, vertexTypes));
    return out;
}

void Profile::forEachComputeSetVertices(const ComputeSetVerticesVisitor& visit) const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t computeSets = r.rows("compute_sets");
    const uint64_t vertexTypes = r.rows("vertex_types");
    Statement v(*m_db, "SELECT compute_set, vertex_type, count_by_tile FROM compute_set_vertices");
    while (v.step()) {
        const auto set = r.bounded(v, 0, 0, int64_t(computeSets) - 1, "compute_set_vertices.compute_set");
        visit(uint32_t(set), vertexRow(r, v, 1, vertexTypes));
    }
}

std::optional<ComputeSet> Profile::readComputeSet(uint32_t computeSet) const
{
    PartReader r(*m_db, m_target, m_path);
    Statement s(*m_db, "SELECT name, debug_context FROM compute_sets WHERE compute_set = ?");
    s.bind(1, int64_t(computeSet));
    if (!s.step())
        return std::nullopt;
    ComputeSet set { s.getText(0), r.reference(s, 1, r.rows("debug_contexts"), "compute_sets.debug_context"),
        {} };
    set.vertices = readComputeSetVertices(computeSet);
    return set;
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
        r.exchangeKind(e.name, e.kind);
        e.totalBytes = uint64_t(r.bounded(s, 3, 0, INT64_MAX, "exchanges.total_bytes"));
        e.codeBytesByTile = r.tilePairs(s, 4, &TileBytes::tile, &TileBytes::bytes, "exchanges");
        exchanges.push_back(std::move(e));
    }
    return exchanges;
}

std::vector<std::string> Profile::readProgramNames() const
{
    PartReader r(*m_db, m_target, m_path);
    std::vector<std::string> names;
    names.reserve(size_t(std::min<uint64_t>(r.rows("programs"), kMaxReserve)));
    Statement s(*m_db, "SELECT id, name FROM programs ORDER BY id");
    while (s.step()) {
        r.expectId(s, names.size(), "programs");
        names.push_back(s.getText(1));
    }
    return names;
}

PackedNames Profile::readProgramNames(std::span<const uint32_t> ids) const
{
    PackedNames names;
    names.reserve(ids.size());
    const auto add = [&](std::string_view name) {
        if (!names.append(name))
            throw ProfileError(
                ErrorKind::CorruptProfile, m_path, "the programs' names add up to more than 4 GiB");
    };
    const auto unnamed = [&](size_t next) { add("program " + std::to_string(ids[next])); };
    Statement s(*m_db, "SELECT id, name FROM programs ORDER BY id");
    size_t next = 0;
    while (next < ids.size() && s.step()) {
        const int64_t id = s.getInt(0);
        for (; next < ids.size() && int64_t(ids[next]) < id; ++next) // not in the table
            unnamed(next);
        if (next < ids.size() && int64_t(ids[next]) == id) {
            add(s.getTextView(1));
            ++next;
        }
    }
    for (; next < ids.size(); ++next)
        unnamed(next);
    names.finish();
    return names;
}

ProgramOutline Profile::readProgramOutline() const
{
    PartReader r(*m_db, m_target, m_path);
    ProgramOutline outline;
    outline.labels = readProgramLabels();
    outline.labels.computeSet = {}; // the trace names and colours its programs; it needs no compute set
    const size_t n = outline.labels.size();
    // Every program's children in order, as offsets into one array (CSR), only while walked. The
    // rows come ordered by parent; a parent stored as text would sort after the numbers.
    std::vector<uint32_t> offsets(n + 1, 0), childOf;
    Statement c(*m_db, "SELECT parent, child FROM program_children ORDER BY parent, position");
    size_t lastParent = 0;
    while (c.step()) {
        const auto parent = size_t(r.bounded(c, 0, 0, int64_t(n) - 1, "program_children.parent"));
        if (parent < lastParent)
            r.corrupt("program_children.parent is not a number in every row");
        if (childOf.size() == UINT32_MAX)
            r.corrupt("program_children holds more than 4 G rows");
        lastParent = parent;
        ++offsets[parent + 1];
        childOf.push_back(uint32_t(r.bounded(c, 1, 0, int64_t(n) - 1, "program_children.child")));
    }
    for (size_t p = 0; p < n; ++p)
        offsets[p + 1] += offsets[p];
    const auto childrenOf = [&](uint32_t p) {
        return std::span<const uint32_t>(childOf.data() + offsets[p], offsets[p + 1] - offsets[p]);
    };
    if (auto node = findProgramCycle(n, childrenOf))
        r.corrupt("program " + std::to_string(*node) + " contains itself (a cycle in the program tree)");
    outline.parent = firstParents(n, readControlPrograms(), readFunctions(), childrenOf);
    return outline;
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

LivenessStepColumns Profile::readLivenessStepColumns() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t programs = r.rows("programs");
    const uint64_t steps = r.rows("liveness_steps");
    LivenessStepColumns c;
    c.program.reserve(size_t(std::min(steps, kMaxReserve)));
    // Capped as a product: a file claiming millions of steps on many IPUs reserves nothing absurd.
    c.notAlwaysLive.reserve(size_t(std::min(steps * m_target.numIpus, kMaxReserve * 8)));
    Statement s(*m_db, "SELECT id, program, not_always_live_bytes FROM liveness_steps ORDER BY id");
    while (s.step()) {
        r.expectId(s, c.program.size(), "liveness_steps");
        c.program.push_back(uint32_t(r.bounded(s, 1, 0, int64_t(programs) - 1, "liveness_steps.program")));
        const auto bytes = packed::decode<uint64_t>(s.getBlob(2), m_target.numIpus);
        if (!bytes)
            r.corrupt("liveness step " + std::to_string(c.program.size() - 1) + " must hold 8 bytes per IPU");
        for (uint64_t value : *bytes)
            c.notAlwaysLive.push_back(value);
    }
    return c;
}

std::vector<LivenessStep> Profile::readLivenessSteps() const
{
    const LivenessStepColumns c = readLivenessStepColumns();
    std::vector<LivenessStep> steps(c.program.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        steps[i].program = c.program[i];
        steps[i].notAlwaysLiveBytesByIpu.reserve(m_target.numIpus);
        for (uint32_t ipu = 0; ipu < m_target.numIpus; ++ipu)
            steps[i].notAlwaysLiveBytesByIpu.push_back(c.notAlwaysLive[i * m_target.numIpus + ipu]);
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

} // namespace popscope
