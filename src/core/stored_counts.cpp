#include "stored_counts.hpp"

#include "format_limits.hpp"
#include "popscope/errors.hpp"
#include "schema.hpp"
#include "sqlite_database.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace popscope {

namespace {

constexpr const char* kRowsPrefix = "rows.";
constexpr uint64_t kMaxStoredValue = uint64_t(1) << 48;

bool isListed(const std::vector<TableSchema>& tables, const std::string& name)
{
    return std::any_of(tables.begin(), tables.end(), [&](const TableSchema& t) { return name == t.name; });
}

bool isProfileTable(const std::string& name)
{
    return isListed(profileTables(), name) || isListed(optionalProfileTables(), name);
}

uint64_t parseCount(const std::string& text, const std::string& key, const std::string& path)
{
    if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos
        || std::stoull(text) > kMaxStoredValue)
        throw ProfileError(
            ErrorKind::CorruptProfile, path, "meta." + key + " is not a count: '" + text + "'");
    return std::stoull(text);
}

void sortLargestFirst(CyclesByStepType& cycles)
{
    std::stable_sort(cycles.begin(), cycles.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
}

} // namespace

uint64_t computeRowCount(SqliteDatabase& db, const std::string& table)
{
    if (isListed(optionalProfileTables(), table) && !hasOptionalTable(db, table.c_str()))
        return 0; // a file without the table holds none of its rows
    Statement count(db, "SELECT count(*) FROM " + table);
    count.step();
    return uint64_t(count.getInt(0));
}

uint64_t computeVertexInstances(SqliteDatabase& db)
{
    uint64_t total = 0;
    Statement blobs(db, "SELECT count_by_tile FROM compute_set_vertices");
    while (blobs.step()) {
        auto blob = blobs.getBlob(0);
        // (tile, count) pairs of little-endian uint32: add every second word.
        for (size_t i = 4; i + 4 <= blob.size(); i += 8)
            total += uint32_t(blob[i]) | uint32_t(blob[i + 1]) << 8 | uint32_t(blob[i + 2]) << 16
                | uint32_t(blob[i + 3]) << 24;
    }
    return total;
}

uint64_t computeTotalCycles(SqliteDatabase& db)
{
    // The span of the execution: IPUs run concurrently (pipelines) and overlapped copies share a
    // start, so summing per-step durations would overstate it.
    // With both columns non-negative, a latest end within 2^48 bounds every value (an integer
    // overflow in the sum turns into a large REAL, caught by the same test).
    // count(column) skips NULLs, which a hostile table (same column names, no NOT NULL) may hold.
    Statement span(db,
        "SELECT coalesce(max(cycles_base + cycles), 0), coalesce(min(cycles_base), 0),"
        " coalesce(min(cycles), 0), count(cycles) + count(cycles_base) - 2 * count(*)"
        " FROM steps_by_ipu");
    span.step();
    if (span.getDouble(0) > double(limits::kMaxCycles) || span.getInt(1) < 0 || span.getInt(2) < 0
        || span.getInt(3) != 0)
        throw ProfileError(ErrorKind::CorruptProfile, db.path(),
            "steps_by_ipu holds cycle counts outside 0..2^48 (58 hours at 1.33 GHz)");
    return uint64_t(std::max<int64_t>(0, span.getInt(0) - span.getInt(1)));
}

CyclesByStepType computeCyclesByStepType(SqliteDatabase& db)
{
    // total() sums as a double: it cannot overflow, and stays exact below 2^53 cycles.
    Statement byType(db,
        "SELECT s.type, total(b.cycles) FROM steps s JOIN steps_by_ipu b ON b.step_id = s.id"
        " GROUP BY s.type ORDER BY 2 DESC, 1");
    CyclesByStepType result;
    while (byType.step()) {
        // Clamped before the cast (a double past 2^64 has no uint64_t value); valid profiles sum
        // to far less: 2^48 per row.
        const double cycles = byType.getDouble(1);
        result.emplace_back(byType.getText(0),
            cycles >= 1.8e19 ? UINT64_MAX
                : cycles > 0 ? uint64_t(cycles)
                             : 0);
    }
    return result;
}

StoredCounts StoredCounts::fromMeta(const std::map<std::string, std::string>& meta, const std::string& path)
{
    StoredCounts stored;
    for (const auto& [key, value] : meta) {
        if (key.rfind(kRowsPrefix, 0) == 0) {
            // Only the tables of the format: the name goes into a query when the counts are checked.
            const std::string table = key.substr(std::char_traits<char>::length(kRowsPrefix));
            if (isProfileTable(table))
                stored.rows[table] = parseCount(value, key, path);
        } else if (key == "vertex_instances")
            stored.vertexInstances = parseCount(value, key, path);
        else if (key == "total_cycles")
            stored.totalCycles = parseCount(value, key, path);
    }
    if (auto found = meta.find("cycles_by_step_type"); found != meta.end()) {
        const auto json = nlohmann::json::parse(found->second, nullptr, false);
        if (!json.is_object())
            throw ProfileError(
                ErrorKind::CorruptProfile, path, "meta.cycles_by_step_type is not a JSON object");
        CyclesByStepType cycles;
        for (const auto& [type, value] : json.items()) {
            if (!value.is_number_unsigned() || value.get<uint64_t>() > UINT64_MAX / 2)
                throw ProfileError(ErrorKind::CorruptProfile, path,
                    "meta.cycles_by_step_type holds a value that is not a count for '" + type + "'");
            cycles.emplace_back(type, value.get<uint64_t>());
        }
        sortLargestFirst(cycles);
        stored.cyclesByStepType = std::move(cycles);
    }
    return stored;
}

void storeSummaryCounts(SqliteDatabase& db, const std::vector<std::string>& tables)
{
    Statement meta(db, "INSERT INTO meta(key, value) VALUES(?, ?)");
    auto put = [&](const std::string& key, const std::string& value) {
        meta.bind(1, std::string_view(key)).bind(2, std::string_view(value));
        meta.run();
    };
    for (const std::string& table : tables)
        if (table != "meta") // its own count would change as the counts go in
            put(kRowsPrefix + table, std::to_string(computeRowCount(db, table)));
    put("vertex_instances", std::to_string(computeVertexInstances(db)));
    put("total_cycles", std::to_string(computeTotalCycles(db)));
    nlohmann::json cycles = nlohmann::json::object();
    for (const auto& [type, value] : computeCyclesByStepType(db))
        cycles[type] = value;
    put("cycles_by_step_type", cycles.dump());
}

std::string storedCountsProblem(SqliteDatabase& db, const StoredCounts& stored)
{
    auto differs = [](const std::string& what, uint64_t storedValue, uint64_t actual) {
        return "meta." + what + " says " + std::to_string(storedValue) + ", the tables hold "
            + std::to_string(actual);
    };
    for (const auto& [table, rows] : stored.rows)
        if (const uint64_t actual = computeRowCount(db, table); actual != rows)
            return differs("rows." + table, rows, actual);
    if (stored.vertexInstances)
        if (const uint64_t actual = computeVertexInstances(db); actual != *stored.vertexInstances)
            return differs("vertex_instances", *stored.vertexInstances, actual);
    if (stored.totalCycles)
        if (const uint64_t actual = computeTotalCycles(db); actual != *stored.totalCycles)
            return differs("total_cycles", *stored.totalCycles, actual);
    if (stored.cyclesByStepType) {
        CyclesByStepType actual = computeCyclesByStepType(db);
        sortLargestFirst(actual);
        if (actual != *stored.cyclesByStepType)
            return "meta.cycles_by_step_type differs from the steps' cycles";
    }
    return {};
}

} // namespace popscope
