#include "query_column_index.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <string_view>

namespace popscope::query {

namespace {

// Numbers and text hash by their text, so that 5, 5.0 and '5' (equal once SQLite applies a
// column's affinity) fall together; NULL equals nothing.
std::optional<uint64_t> hashOf(sqlite3_value* value)
{
    switch (sqlite3_value_type(value)) {
    case SQLITE_INTEGER:
        return std::hash<std::string> {}(std::to_string(sqlite3_value_int64(value)));
    case SQLITE_FLOAT: {
        const double real = sqlite3_value_double(value);
        if (std::trunc(real) == real && std::fabs(real) < 9e18)
            return std::hash<std::string> {}(std::to_string(int64_t(real)));
        char text[64];
        sqlite3_snprintf(sizeof text, text, "%!.15g", real);
        return std::hash<std::string_view> {}(text);
    }
    case SQLITE_TEXT:
    case SQLITE_BLOB:
        return std::hash<std::string_view> {}(std::string_view(
            static_cast<const char*>(sqlite3_value_blob(value)), size_t(sqlite3_value_bytes(value))));
    default:
        return std::nullopt;
    }
}

} // namespace

int ColumnIndex::build(sqlite3* db, const std::string& sql, int column, std::string& error)
{
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
    std::vector<std::pair<uint64_t, int64_t>> entries;
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        rc = sqlite3_step(statement);
        if (rc != SQLITE_ROW)
            break;
        const auto hash = hashOf(sqlite3_column_value(statement, column));
        if (hash && sqlite3_column_type(statement, 0) == SQLITE_INTEGER)
            entries.emplace_back(*hash, sqlite3_column_int64(statement, 0));
    }
    if (rc != SQLITE_DONE)
        error = sqlite3_errmsg(db);
    sqlite3_finalize(statement);
    if (rc != SQLITE_DONE)
        return rc == SQLITE_OK ? SQLITE_ERROR : rc;
    std::sort(entries.begin(), entries.end());
    m_entries = std::move(entries);
    return SQLITE_OK;
}

std::vector<int64_t> ColumnIndex::idsWhere(sqlite3_value* value) const
{
    std::vector<int64_t> ids;
    const auto hash = hashOf(value);
    if (!hash)
        return ids;
    auto entry = std::lower_bound(m_entries.begin(), m_entries.end(), std::make_pair(*hash, INT64_MIN));
    for (; entry != m_entries.end() && entry->first == *hash; ++entry)
        ids.push_back(entry->second);
    return ids;
}

int readProgramParents(sqlite3* db, std::unordered_map<int64_t, int64_t>& parents, std::string& error)
{
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(db, "SELECT child, parent FROM program_children", -1, &statement, nullptr);
    while (rc == SQLITE_OK || rc == SQLITE_ROW) {
        rc = sqlite3_step(statement);
        if (rc != SQLITE_ROW)
            break;
        const int64_t child = sqlite3_column_int64(statement, 0), parent = sqlite3_column_int64(statement, 1);
        auto [entry, added] = parents.try_emplace(child, parent);
        if (!added && parent < entry->second)
            entry->second = parent;
    }
    if (rc != SQLITE_DONE)
        error = sqlite3_errmsg(db);
    sqlite3_finalize(statement);
    return rc == SQLITE_DONE ? SQLITE_OK : rc == SQLITE_OK ? SQLITE_ERROR : rc;
}

} // namespace popscope::query
