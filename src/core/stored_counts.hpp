#pragma once
// The Summary's counts and cycle totals, worked out once when a profile is written and kept in its
// meta table (format 1.1), so the Summary of a large or remote profile reads a few pages instead of
// scanning the largest tables (bench-large: 94 MB of 189 read before, most of it over the network
// for a remote profile). Profiles written before 1.1 have none: the figures are computed as before.
// `popscope-cli check` recomputes every stored figure and refuses a profile whose figures differ.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace popscope {

class SqliteDatabase;

using CyclesByStepType = std::vector<std::pair<std::string, uint64_t>>; // largest first

// Computed from the tables.
uint64_t computeRowCount(SqliteDatabase& db, const std::string& table);
uint64_t computeVertexInstances(SqliteDatabase& db);
uint64_t computeTotalCycles(SqliteDatabase& db); // throws CorruptProfile for cycles past 2^48
CyclesByStepType computeCyclesByStepType(SqliteDatabase& db);

struct StoredCounts {
    std::map<std::string, uint64_t> rows; // table -> rows
    std::optional<uint64_t> vertexInstances;
    std::optional<uint64_t> totalCycles;
    std::optional<CyclesByStepType> cyclesByStepType;

    // From meta's key/value pairs; throws CorruptProfile naming the key for a value that is not a
    // count (not a whole number, negative, past 2^48, malformed).
    static StoredCounts fromMeta(const std::map<std::string, std::string>& meta, const std::string& path);
};

// Writer side: computes every figure and adds it to meta.
void storeSummaryCounts(SqliteDatabase& db, const std::vector<std::string>& tables);
// Every stored figure against the tables: the first that differs, or empty.
std::string storedCountsProblem(SqliteDatabase& db, const StoredCounts& stored);

} // namespace popscope
