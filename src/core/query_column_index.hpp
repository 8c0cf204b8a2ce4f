#pragma once
// An index of one column of a query table read from the file, by the value's hash, to the rows'
// ids (their first column): made once when a query joins on that column (two reports' variables
// by name), so each lookup reads a few rows by primary key instead of the whole table.
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace popscope::query {

class ColumnIndex {
public:
    // Reads `sql` on `db` once; an SQLite result code, with `error` set on failure.
    int build(sqlite3* db, const std::string& sql, int column, std::string& error);
    // The ids of the rows whose value may equal `value` (same hash); SQLite checks each row.
    std::vector<int64_t> idsWhere(sqlite3_value* value) const;

private:
    std::vector<std::pair<uint64_t, int64_t>> m_entries; // (hash of the value, id), sorted
};

// Each program's lowest-numbered parent (child id -> parent id) from program_children; an SQLite
// result code, with `error` set on failure.
int readProgramParents(sqlite3* db, std::unordered_map<int64_t, int64_t>& parents, std::string& error);

} // namespace popscope::query
