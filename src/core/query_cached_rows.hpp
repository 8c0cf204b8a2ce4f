#pragma once
// The rows of a query table computed from other query tables (`tiles`), kept once computed: the
// report never changes while a session is open, and a join on such a table would otherwise compute
// it again for every row of the other side.
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace popscope::query {

class CachedRows {
public:
    CachedRows() = default;
    ~CachedRows();
    CachedRows(const CachedRows&) = delete;
    CachedRows& operator=(const CachedRows&) = delete;

    // Runs `sql` on `db` and keeps every row; an SQLite result code, with `error` set on failure.
    int load(sqlite3* db, const std::string& sql, std::string& error);
    bool loaded() const { return m_loaded; }
    size_t rows() const { return m_rows; }
    sqlite3_value* value(size_t row, int column) const
    {
        return m_values[row * size_t(m_columns) + size_t(column)];
    }
    // The rows whose `column` may equal `key`: those holding the integer `key` (by an index built on
    // first use), or every row for a key that is not an integer (SQLite checks each row it gets).
    std::vector<uint32_t> rowsWhere(int column, sqlite3_value* key);

private:
    std::vector<sqlite3_value*> m_values; // row-major
    size_t m_rows = 0;
    int m_columns = 0;
    bool m_loaded = false;
    std::map<int, std::vector<std::pair<int64_t, uint32_t>>> m_indexes; // (value, row), sorted, per column
};

} // namespace popscope::query
