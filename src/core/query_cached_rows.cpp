#include "query_cached_rows.hpp"

#include <algorithm>
#include <numeric>

namespace popscope::query {

CachedRows::~CachedRows()
{
    for (sqlite3_value* value : m_values)
        sqlite3_value_free(value);
}

int CachedRows::load(sqlite3* db, const std::string& sql, std::string& error)
{
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
    std::vector<sqlite3_value*> values;
    size_t rows = 0;
    const int columns = statement ? sqlite3_column_count(statement) : 0;
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        rc = sqlite3_step(statement);
        if (rc != SQLITE_ROW)
            break;
        for (int i = 0; i < columns; ++i)
            values.push_back(sqlite3_value_dup(sqlite3_column_value(statement, i)));
        ++rows;
    }
    if (rc != SQLITE_DONE) {
        error = sqlite3_errmsg(db);
        for (sqlite3_value* value : values)
            sqlite3_value_free(value);
        sqlite3_finalize(statement);
        return rc == SQLITE_OK ? SQLITE_ERROR : rc;
    }
    sqlite3_finalize(statement);
    m_values = std::move(values);
    m_rows = rows;
    m_columns = columns;
    m_loaded = true;
    return SQLITE_OK;
}

std::vector<uint32_t> CachedRows::rowsWhere(int column, sqlite3_value* key)
{
    if (sqlite3_value_type(key) != SQLITE_INTEGER || column < 0 || column >= m_columns) {
        std::vector<uint32_t> all(m_rows);
        std::iota(all.begin(), all.end(), 0u);
        return all;
    }
    auto [entry, made] = m_indexes.try_emplace(column);
    auto& index = entry->second;
    if (made) {
        for (size_t row = 0; row < m_rows; ++row)
            if (sqlite3_value_type(value(row, column)) == SQLITE_INTEGER)
                index.emplace_back(sqlite3_value_int64(value(row, column)), uint32_t(row));
        std::sort(index.begin(), index.end());
    }
    const int64_t wanted = sqlite3_value_int64(key);
    auto first = std::lower_bound(index.begin(), index.end(), std::make_pair(wanted, uint32_t(0)));
    std::vector<uint32_t> found;
    for (; first != index.end() && first->first == wanted; ++first)
        found.push_back(first->second);
    return found;
}

} // namespace popscope::query
