// Profile's reads of the compiler's cycle estimates (format 1.2): three optional tables, each row
// bounded before use like the measured cycles' (profile_tile_cycles.cpp).
#include "format_limits.hpp"
#include "part_reader.hpp"
#include "popscope/cycle_estimates.hpp"
#include "schema.hpp"

#include <map>
#include <tuple>

namespace popscope {

namespace {

// The two per-tile tables: the compute set's or the program's rows.
struct TileTable {
    const char* name; // compute_set_estimates or program_estimates
    const char* key; // compute_set or program
    const char* owners; // the table the key refers to
    bool programs; // the key is a program, which must be an exchange or stream-copy phase
};

constexpr TileTable kComputeSetTable { "compute_set_estimates", "compute_set", "compute_sets", false };
constexpr TileTable kProgramTable { "program_estimates", "program", "programs", true };

std::string tileQuery(const TileTable& table, bool oneKey)
{
    // The program's type comes along, so a row of a compute program is refused as it is read.
    const std::string type = table.programs ? "(SELECT type FROM programs WHERE id = e.program)" : "''";
    return std::string("SELECT e.") + table.key + ", e.ipu, e.first_tile, e.tiles, e.cycles, " + type
        + " FROM " + table.name + " e"
        + (oneKey ? std::string(" WHERE e.") + table.key + " = ?1" : std::string()) + " ORDER BY e."
        + table.key + ", e.ipu";
}

// The row's run of tiles (first_tile, tiles) within its IPU, and their cycles, 2 or 4 bytes a tile.
void readTileRun(const PartReader& r, const TileTable& table, const Statement& statement,
    const std::string& place, EstimatedTileCycles& row)
{
    const int64_t tilesPerIpu = r.m_target.tilesPerIpu;
    row.firstTile = uint32_t(
        r.bounded(statement, 2, 0, tilesPerIpu - 1, (std::string(table.name) + ".first_tile").c_str()));
    const auto tiles = uint32_t(r.bounded(
        statement, 3, 1, tilesPerIpu - row.firstTile, (std::string(table.name) + ".tiles").c_str()));
    const auto blob = statement.getBlob(4);
    auto cycles = packed::decodeCompact(blob, tiles);
    if (!cycles)
        r.corrupt(place + " holds " + std::to_string(blob.size()) + " bytes, expected 2 or 4 per tile ("
            + std::to_string(tiles) + " tiles)");
    row.cycles = std::move(*cycles);
}

// Reads the rows of `statement` (tileQuery's columns) in key order, each checked; `previous`
// holds the last key read, so a key twice (a hostile table without its primary key) is refused.
void readTileRows(
    const PartReader& r, const TileTable& table, Statement& statement, const Profile::EstimateVisitor& visit)
{
    const uint64_t owners = r.rows(table.owners);
    const std::string what = std::string(table.name) + "." + table.key;
    std::optional<std::pair<int64_t, int64_t>> previous;
    EstimatedTileCycles row;
    while (statement.step()) {
        row.id = uint32_t(r.bounded(statement, 0, 0, int64_t(owners) - 1, what.c_str()));
        row.ipu = r.ipu(statement, 1, (std::string(table.name) + ".ipu").c_str());
        const std::string place = std::string(table.name) + ": the row of "
            + (table.programs ? "program " : "compute set ") + std::to_string(row.id) + ", IPU "
            + std::to_string(row.ipu);
        if (previous && *previous >= std::pair<int64_t, int64_t>(row.id, row.ipu))
            r.corrupt(place + " comes twice");
        previous = std::pair<int64_t, int64_t>(row.id, row.ipu);
        if (table.programs && !isEstimatedProgramType(statement.getTextView(5)))
            r.corrupt(place + " estimates a " + std::string(statement.getTextView(5))
                + " program; only exchanges and stream-copy phases have estimates");
        readTileRun(r, table, statement, place, row);
        visit(row);
    }
}

void forEachTileRow(
    SqliteDatabase& db, const PartReader& r, const TileTable& table, const Profile::EstimateVisitor& visit)
{
    if (!hasOptionalTable(db, table.name))
        return;
    Statement rows(db, tileQuery(table, false));
    readTileRows(r, table, rows, visit);
}

std::vector<EstimatedTileCycles> tileRowsOf(
    SqliteDatabase& db, const PartReader& r, const TileTable& table, uint32_t key)
{
    std::vector<EstimatedTileCycles> out;
    if (!hasOptionalTable(db, table.name))
        return out;
    Statement rows(db, tileQuery(table, true));
    rows.bind(1, int64_t(key));
    readTileRows(r, table, rows, [&](const EstimatedTileCycles& row) { out.push_back(row); });
    return out;
}

} // namespace

bool Profile::hasEstimates() const
{
    for (const char* table : { "compute_set_estimates", "vertex_estimates", "program_estimates" }) {
        if (!hasOptionalTable(*m_db, table))
            continue;
        Statement any(*m_db, std::string("SELECT EXISTS(SELECT 1 FROM ") + table + ")");
        if (any.step() && any.getInt(0) != 0)
            return true;
    }
    return false;
}

void Profile::forEachComputeSetEstimate(const EstimateVisitor& visit) const
{
    forEachTileRow(*m_db, PartReader(*m_db, m_target, m_path), kComputeSetTable, visit);
}

void Profile::forEachProgramEstimate(const EstimateVisitor& visit) const
{
    forEachTileRow(*m_db, PartReader(*m_db, m_target, m_path), kProgramTable, visit);
}

std::vector<EstimatedTileCycles> Profile::readComputeSetEstimates(uint32_t computeSet) const
{
    return tileRowsOf(*m_db, PartReader(*m_db, m_target, m_path), kComputeSetTable, computeSet);
}

std::vector<EstimatedTileCycles> Profile::readProgramEstimates(uint32_t program) const
{
    return tileRowsOf(*m_db, PartReader(*m_db, m_target, m_path), kProgramTable, program);
}

std::vector<VertexEstimate> Profile::readVertexEstimates() const
{
    std::vector<VertexEstimate> out;
    if (!hasOptionalTable(*m_db, "vertex_estimates"))
        return out;
    PartReader r(*m_db, m_target, m_path);
    const uint64_t computeSets = r.rows("compute_sets");
    std::map<int64_t, int64_t> entries; // compute set -> its vertex entries
    Statement counts(*m_db, "SELECT compute_set, count(*) FROM compute_set_vertices GROUP BY compute_set");
    while (counts.step())
        entries[counts.getInt(0)] = counts.getInt(1);
    Statement s(
        *m_db, "SELECT compute_set, position, cycles FROM vertex_estimates ORDER BY compute_set, position");
    while (s.step()) {
        VertexEstimate v;
        v.computeSet = uint32_t(r.bounded(s, 0, 0, int64_t(computeSets) - 1, "vertex_estimates.compute_set"));
        const auto found = entries.find(v.computeSet);
        v.position = uint32_t(r.bounded(
            s, 1, 0, (found == entries.end() ? 0 : found->second) - 1, "vertex_estimates.position"));
        v.cycles = uint64_t(r.bounded(s, 2, 0, limits::kMaxCycles, "vertex_estimates.cycles"));
        if (!out.empty()
            && std::tie(out.back().computeSet, out.back().position) >= std::tie(v.computeSet, v.position))
            r.corrupt("vertex_estimates: the row of compute set " + std::to_string(v.computeSet)
                + ", position " + std::to_string(v.position) + " comes twice");
        out.push_back(v);
    }
    return out;
}

CycleEstimates Profile::readEstimates() const
{
    CycleEstimates estimates;
    forEachComputeSetEstimate([&](const EstimatedTileCycles& row) { estimates.computeSets.push_back(row); });
    estimates.vertices = readVertexEstimates();
    forEachProgramEstimate([&](const EstimatedTileCycles& row) { estimates.programs.push_back(row); });
    return estimates;
}

} // namespace popscope
