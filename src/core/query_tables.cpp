// The query schema (docs/query.md): names follow libpva's in snake_case; units are bytes and cycles.
#include "query_tables.hpp"

#include <array>

namespace popscope::query {

namespace {

#define REGION_NAME(column)                                                                                  \
    "CASE " column " WHEN 0 THEN 'non_interleaved' WHEN 1 THEN 'interleaved' WHEN 2 THEN 'overflowed' "      \
    "ELSE CAST(" column " AS TEXT) END"

// data table
const std::array kSpecs {
    QueryTableSpec { "target",
        "type TEXT, architecture TEXT, num_ipus INTEGER, tiles_per_ipu INTEGER, bytes_per_tile INTEGER, "
        "clock_hz REAL, num_replicas INTEGER, ipus_per_replica INTEGER",
        "SELECT type, architecture, num_ipus, tiles_per_ipu, bytes_per_tile, clock_hz, num_replicas, "
        "ipus_per_replica FROM target" },
    QueryTableSpec { "tile_memory",
        "ipu INTEGER, tile INTEGER, category TEXT, region TEXT, overlapped INTEGER, bytes INTEGER",
        "SELECT m.ipu, c.name, " REGION_NAME("m.region") ", m.overlapped, m.bytes FROM memory_by_tile m "
                                                         "JOIN var_categories c ON c.id = m.category ORDER "
                                                         "BY m.ipu, m.category, m.region, m.overlapped",
        ReadsFrom::Storage, Packing::TilesOfIpu, 1, 4, nullptr, -1, false },
    QueryTableSpec { "tile_gaps", "ipu INTEGER, tile INTEGER, region TEXT, bytes INTEGER",
        "SELECT ipu, " REGION_NAME("region") ", bytes FROM memory_gaps ORDER BY ipu, region",
        ReadsFrom::Storage, Packing::TilesOfIpu, 1, 2, nullptr, -1, false },
    QueryTableSpec { "tile_liveness",
        "ipu INTEGER, tile INTEGER, always_live_bytes INTEGER, not_always_live_bytes INTEGER",
        "SELECT ipu, always_live, not_always_live FROM memory_liveness ORDER BY ipu", ReadsFrom::Storage,
        Packing::TilesOfIpu, 1, 1 },
    QueryTableSpec { "physical_tiles", "tile INTEGER, physical_id INTEGER",
        "SELECT id, physical_id FROM tiles ORDER BY id" },
    QueryTableSpec { "io_tiles", "tile INTEGER", "SELECT tile FROM io_tiles ORDER BY tile" },
    QueryTableSpec { "tiles",
        "ipu INTEGER, tile INTEGER, tile_in_ipu INTEGER, physical_id INTEGER, is_io_tile INTEGER, "
        "memory_used INTEGER, memory_used_excluding_gaps INTEGER, gap_bytes INTEGER, capacity INTEGER, "
        "free INTEGER, out_of_memory INTEGER",
        "WITH RECURSIVE n(tile) AS (SELECT 0 WHERE {tiles} > 0 UNION ALL SELECT tile + 1 FROM n "
        "WHERE tile + 1 < {tiles}), "
        "used AS MATERIALIZED (SELECT tile, sum(bytes) AS bytes FROM {schema}.tile_memory "
        "WHERE overlapped = 0 GROUP BY tile), "
        "gaps AS MATERIALIZED (SELECT tile, sum(bytes) AS bytes FROM {schema}.tile_gaps GROUP BY tile), "
        "phys AS MATERIALIZED (SELECT tile, physical_id FROM {schema}.physical_tiles), "
        "io AS MATERIALIZED (SELECT tile FROM {schema}.io_tiles), "
        "t AS (SELECT n.tile, coalesce(u.bytes, 0) AS used, coalesce(g.bytes, 0) AS gap, p.physical_id, "
        "io.tile IS NOT NULL AS is_io FROM n LEFT JOIN used u ON u.tile = n.tile LEFT JOIN gaps g ON "
        "g.tile = n.tile LEFT JOIN phys p ON p.tile = n.tile LEFT JOIN io ON io.tile = n.tile) "
        "SELECT tile / {tiles_per_ipu}, tile, tile % {tiles_per_ipu}, coalesce(physical_id, tile), is_io, "
        "used + gap, used, gap, {bytes_per_tile}, {bytes_per_tile} - used - gap, "
        "used + gap > {bytes_per_tile} FROM t ORDER BY tile",
        ReadsFrom::QuerySchema },
    QueryTableSpec { "variables",
        "id INTEGER, name TEXT, category TEXT, element_type TEXT, bytes INTEGER, always_live INTEGER, "
        "debug_context INTEGER",
        "SELECT v.id, v.name, c.name, v.element_type, v.size_bytes, v.always_live, v.debug_context "
        "FROM variables v LEFT JOIN var_categories c ON c.id = v.category ORDER BY v.id" },
    QueryTableSpec { "variable_tiles", "variable INTEGER, ipu INTEGER, tile INTEGER, bytes INTEGER",
        "SELECT variable, tile / {tiles_per_ipu}, tile, size_bytes FROM vars_info", ReadsFrom::Storage,
        Packing::None, 0, 0, nullptr, -1, false },
    QueryTableSpec { "variable_live_ranges", "variable INTEGER, first_step INTEGER, last_step INTEGER",
        "SELECT variable, first_step, last_step FROM variable_live_ranges" },
    QueryTableSpec { "liveness_steps",
        "step INTEGER, program INTEGER, ipu INTEGER, not_always_live_bytes INTEGER",
        "SELECT id, program, not_always_live_bytes FROM liveness_steps ORDER BY id", ReadsFrom::Storage,
        Packing::Ipus, 2, 2 },
    QueryTableSpec { "liveness_step_tiles", "step INTEGER, ipu INTEGER, tile INTEGER, bytes INTEGER",
        "SELECT step, ipu, bytes FROM liveness_by_tile ORDER BY step, ipu", ReadsFrom::Storage,
        Packing::TilesOfIpu, 2, 2 },
    QueryTableSpec { "programs",
        "id INTEGER, type TEXT, name TEXT, parent INTEGER, compute_set INTEGER, exchange INTEGER, "
        "repeat_count INTEGER, debug_context INTEGER",
        "SELECT id, type, name, NULL AS parent, compute_set, exchange, repeat_count, debug_context "
        "FROM programs ORDER BY id",
        ReadsFrom::Storage, Packing::None, 0, 0, nullptr, 3 },
    QueryTableSpec { "program_children", "parent INTEGER, position INTEGER, child INTEGER",
        "SELECT parent, position, child FROM program_children ORDER BY parent, position" },
    QueryTableSpec { "program_roots", "kind TEXT, position INTEGER, program INTEGER",
        "SELECT kind, position, program FROM program_roots ORDER BY kind, position" },
    QueryTableSpec { "vertex_types", "id INTEGER, name TEXT, code_bytes INTEGER, state_bytes INTEGER",
        "SELECT id, name, code_bytes, state_bytes FROM vertex_types ORDER BY id" },
    QueryTableSpec { "compute_sets", "id INTEGER, name TEXT, debug_context INTEGER",
        "SELECT compute_set, name, debug_context FROM compute_sets ORDER BY compute_set" },
    QueryTableSpec { "compute_set_vertices",
        "compute_set INTEGER, position INTEGER, vertex_type INTEGER, tile INTEGER, count INTEGER",
        "SELECT compute_set, position, vertex_type, count_by_tile FROM compute_set_vertices "
        "ORDER BY compute_set, position",
        ReadsFrom::Storage, Packing::TilePairs, 3, 3 },
    QueryTableSpec { "exchanges", "id INTEGER, name TEXT, kind TEXT, total_bytes INTEGER",
        "SELECT id, name, kind, total_bytes FROM exchanges ORDER BY id" },
    QueryTableSpec { "exchange_tiles", "exchange INTEGER, tile INTEGER, code_bytes INTEGER",
        "SELECT id, code_bytes_by_tile FROM exchanges ORDER BY id", ReadsFrom::Storage, Packing::TilePairs, 1,
        1 },
    QueryTableSpec { "runs", "id INTEGER, name TEXT, microseconds_start INTEGER, microseconds_end INTEGER",
        "SELECT id, name, microseconds_start, microseconds_end FROM runs ORDER BY id" },
    QueryTableSpec { "steps", "id INTEGER, run INTEGER, type TEXT, program INTEGER, compute_set INTEGER",
        "SELECT id, run, type, program, compute_set FROM steps ORDER BY id" },
    QueryTableSpec { "step_ipus",
        "step INTEGER, ipu INTEGER, cycles INTEGER, active_tiles INTEGER, cycles_base INTEGER, "
        "active_cycles_from_min INTEGER, active_cycles_from_max INTEGER, active_cycles_to_min INTEGER, "
        "active_cycles_to_max INTEGER, data_in INTEGER, data_out INTEGER",
        "SELECT step_id, ipu, cycles, active_tiles, cycles_base, active_cycles_from_min, "
        "active_cycles_from_max, active_cycles_to_min, active_cycles_to_max, data_in, data_out "
        "FROM steps_by_ipu ORDER BY step_id, ipu" },
    QueryTableSpec { "step_tile_cycles", "step INTEGER, ipu INTEGER, tile INTEGER, cycles INTEGER",
        "SELECT step_id, ipu, cycles FROM cycles_by_tile ORDER BY step_id, ipu", ReadsFrom::Storage,
        Packing::TileCycles, 2, 2 },
    QueryTableSpec { "compute_set_estimates",
        "compute_set INTEGER, ipu INTEGER, tile INTEGER, cycles INTEGER",
        "SELECT compute_set, ipu, cycles, first_tile, tiles FROM compute_set_estimates ORDER BY compute_set, "
        "ipu",
        ReadsFrom::Storage, Packing::TileRun, 2, 2, "compute_set_estimates" },
    QueryTableSpec { "vertex_estimates", "compute_set INTEGER, position INTEGER, cycles INTEGER",
        "SELECT compute_set, position, cycles FROM vertex_estimates ORDER BY compute_set, position",
        ReadsFrom::Storage, Packing::None, 0, 0, "vertex_estimates" },
    QueryTableSpec { "program_estimates", "program INTEGER, ipu INTEGER, tile INTEGER, cycles INTEGER",
        "SELECT program, ipu, cycles, first_tile, tiles FROM program_estimates ORDER BY program, ipu",
        ReadsFrom::Storage, Packing::TileRun, 2, 2, "program_estimates" },
    QueryTableSpec { "program_variables", "program INTEGER, variable INTEGER",
        "SELECT program, variable FROM program_variables ORDER BY program, variable", ReadsFrom::Storage,
        Packing::None, 0, 0, "program_variables" },
    QueryTableSpec { "operations",
        "id INTEGER, name TEXT, layer TEXT, debug_name TEXT, debug_context INTEGER, flops INTEGER, "
        "code_bytes INTEGER, cycles INTEGER",
        "SELECT id, name, layer, debug_name, debug_context, flops, code_bytes, cycles FROM operations "
        "ORDER BY id" },
    QueryTableSpec { "operation_programs", "operation INTEGER, position INTEGER, program INTEGER",
        "SELECT operation, position, program FROM operation_programs ORDER BY operation, position" },
    QueryTableSpec { "debug_contexts", "id INTEGER, parent INTEGER, layer TEXT, name TEXT, json TEXT",
        "SELECT id, parent, layer, name, json FROM debug_contexts ORDER BY id" },
};

#undef REGION_NAME

} // namespace

std::span<const QueryTableSpec> queryTableSpecs()
{
    return kSpecs;
}

} // namespace popscope::query
