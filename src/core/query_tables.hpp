#pragma once
// The query schema's tables (docs/query.md): for each, the SQL that reads it and how the BLOB
// columns at the end of that SQL's rows unpack into one output row per element.
#include <span>
#include <string>

namespace popscope::query {

enum class Packing {
    None, // one output row per row read
    TilesOfIpu, // u32 per tile of the IPU in column 0; the index is the global tile
    TileCycles, // the same, u16 or u32 cells (told by the length)
    Ipus, // u64 per IPU; the index is the IPU
    TilePairs, // (global tile u32, value u32) pairs; the index is the tile
    // A run of an IPU's tiles: u16 or u32 cells in column `packedFrom`, the run's first tile in the
    // IPU and its length in the two columns after it; the index is the global tile
    TileRun,
};

enum class ReadsFrom {
    Storage, // the profile's own tables, on the profile's connection
    QuerySchema, // other query tables of the same schema, on the query connection
};

struct QueryTableSpec {
    const char* name;
    // The output columns as CREATE TABLE declares them: "ipu INTEGER, tile INTEGER, ...".
    const char* columns;
    // With {schema}, {tiles}, {tiles_per_ipu}, {bytes_per_tile} replaced before it is prepared.
    const char* sql;
    ReadsFrom readsFrom = ReadsFrom::Storage;
    Packing packing = Packing::None;
    // The output position of the index column (tile or IPU); the SQL's columns before it and
    // from it up to `packedFrom` keep their order around it.
    int indexAt = 0; // for tiles, the SQL column before it is the IPU
    int packedFrom = 0; // the first BLOB column of the SQL (the last columns are all BLOBs)
    // A storage table that files of older format versions lack: the query table has no rows there.
    const char* optionalTable = nullptr;
    // The output column that holds the program's parent in the tree (the lowest-numbered program
    // that has the row's id, column 0, as a child), or -1. Filled from an index of
    // program_children made once, so that a lookup by id stays a primary-key lookup.
    int parentColumn = -1;
    // Whether the stored table finds rows by the first column without a scan (a primary key or
    // index): only then are `first column = value` lookups offered (vars_info has no index).
    bool firstColumnIndexed = true;
};

std::span<const QueryTableSpec> queryTableSpecs();

} // namespace popscope::query
