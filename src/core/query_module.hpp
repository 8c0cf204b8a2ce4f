#pragma once
// The SQLite module behind every table of the query schema: a virtual table that runs its
// table's SQL (query_tables.cpp) and unpacks the BLOB columns of each row in place, one output
// row per tile, IPU or (tile, value) pair.
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

namespace popscope::query {

// One report as the query connection sees it.
struct ReportSource {
    std::string schema; // "main" for one report; "source" and "target" for two
    sqlite3* storage = nullptr; // the profile's own read-only connection
    uint32_t numIpus = 0;
    uint32_t tilesPerIpu = 0;
    uint64_t bytesPerTile = 0;
};

// Registers the module on `db`; `sources` must outlive the connection.
void registerQueryModule(sqlite3* db, const std::vector<ReportSource>* sources);
// CREATE VIRTUAL TABLE for every table of the schema in `sources[index].schema` (throws QueryError).
void createQueryTables(sqlite3* db, const std::vector<ReportSource>& sources, size_t index);

} // namespace popscope::query
