// QuerySession::run: one statement of the user's, prepared, checked and stepped under the guard.
#include "popscope/query.hpp"

#include "query_state.hpp"

namespace popscope {

namespace {

// Where a byte offset is in the SQL: "at line 2, column 7", and the line with a caret under it.
struct SqlPlace {
    std::string where;
    std::string excerpt;
};

SqlPlace placeInSql(std::string_view sql, int offset)
{
    size_t line = 1;
    size_t lineStart = 0;
    for (size_t i = 0; i < size_t(offset) && i < sql.size(); ++i)
        if (sql[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    size_t lineEnd = sql.find('\n', lineStart);
    if (lineEnd == std::string_view::npos)
        lineEnd = sql.size();
    const size_t column = size_t(offset) >= lineStart ? size_t(offset) - lineStart + 1 : 1;
    SqlPlace place { " at line " + std::to_string(line) + ", column " + std::to_string(column), "" };
    if (lineEnd - lineStart <= 200)
        place.excerpt = "  " + std::string(sql.substr(lineStart, lineEnd - lineStart)) + "\n  "
            + std::string(column - 1, ' ') + "^";
    return place;
}

struct StatementHolder {
    sqlite3_stmt* statement = nullptr;
    ~StatementHolder() { sqlite3_finalize(statement); }
};

bool onlyBlankOrComments(sqlite3* db, const char* tail)
{
    StatementHolder rest;
    // Preparing the rest tells a second statement from trailing spaces, ';' and comments.
    return sqlite3_prepare_v2(db, tail, -1, &rest.statement, nullptr) == SQLITE_OK && !rest.statement;
}

QueryValue valueOf(sqlite3_stmt* statement, int column)
{
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
        return int64_t(sqlite3_column_int64(statement, column));
    case SQLITE_FLOAT:
        return sqlite3_column_double(statement, column);
    case SQLITE_TEXT:
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, column)),
            size_t(sqlite3_column_bytes(statement, column)));
    case SQLITE_BLOB: {
        const auto* bytes = static_cast<const uint8_t*>(sqlite3_column_blob(statement, column));
        return std::vector<uint8_t>(bytes, bytes + sqlite3_column_bytes(statement, column));
    }
    default:
        return std::monostate {};
    }
}

} // namespace

void QuerySession::run(std::string_view sql, const QueryOptions& options, const ColumnsVisitor& onColumns,
    const RowVisitor& onRow)
{
    State& state = *m_state;
    state.guard.start(options.timeoutSeconds, options.cancel);
    const std::string text(sql);
    StatementHolder holder;
    const char* tail = nullptr;
    const int prepared
        = sqlite3_prepare_v2(state.db, text.c_str(), int(text.size()), &holder.statement, &tail);
    if (prepared != SQLITE_OK) {
        if (!state.guard.refusal().empty())
            throw QueryError(state.guard.refusal());
        const int offset = sqlite3_error_offset(state.db);
        std::string message = sqlite3_errmsg(state.db);
        if (message.find("may not be modified") != std::string::npos)
            message = "the query schema is read-only: " + message;
        if (offset < 0)
            throw QueryError(message);
        const SqlPlace place = placeInSql(text, offset);
        throw QueryError(message + place.where, offset, place.excerpt);
    }
    if (!holder.statement)
        throw QueryError("the query holds no statement");
    if (!onlyBlankOrComments(state.db, tail))
        throw QueryError("the query holds more than one statement: run one at a time");
    if (!sqlite3_stmt_readonly(holder.statement))
        throw QueryError("the statement would write: the query schema is read-only");
    const int columnCount = sqlite3_column_count(holder.statement);
    std::vector<std::string> columns;
    for (int i = 0; i < columnCount; ++i)
        columns.emplace_back(sqlite3_column_name(holder.statement, i));
    onColumns(columns);
    std::vector<QueryValue> values(static_cast<size_t>(columnCount));
    int rc;
    while ((rc = sqlite3_step(holder.statement)) == SQLITE_ROW) {
        for (int i = 0; i < columnCount; ++i)
            values[size_t(i)] = valueOf(holder.statement, i);
        onRow(values);
    }
    if (rc != SQLITE_DONE) {
        if (!state.guard.stopReason().empty())
            throw QueryError(state.guard.stopReason());
        const std::string message = sqlite3_errmsg(state.db);
        // SQLite's own refusal (load_extension): say what is refused.
        if (message == "not authorized")
            throw QueryError("not authorized: a query cannot load extensions");
        throw QueryError("the query failed: " + message);
    }
}

QueryResult QuerySession::run(std::string_view sql, const QueryOptions& options)
{
    QueryResult result;
    run(
        sql, options, [&](const std::vector<std::string>& columns) { result.columns = columns; },
        [&](const std::vector<QueryValue>& row) { result.rows.push_back(row); });
    return result;
}

std::string queryValueText(const QueryValue& value)
{
    if (const auto* integer = std::get_if<int64_t>(&value))
        return std::to_string(*integer);
    if (const auto* real = std::get_if<double>(&value)) {
        char buffer[64];
        sqlite3_snprintf(sizeof buffer, buffer, "%!.15g", *real);
        return buffer;
    }
    if (const auto* text = std::get_if<std::string>(&value))
        return *text;
    if (const auto* bytes = std::get_if<std::vector<uint8_t>>(&value)) {
        static const char* hex = "0123456789abcdef";
        std::string out = "x'";
        for (uint8_t byte : *bytes) {
            out += hex[byte >> 4];
            out += hex[byte & 0xF];
        }
        return out + "'";
    }
    return "";
}

} // namespace popscope
