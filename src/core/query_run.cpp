// QuerySession::open and run, QueryCursor: one statement of the user's, prepared, checked and
// stepped under the guard.
#include "popscope/query.hpp"

#include "query_state.hpp"

#include <chrono>

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

bool onlyBlankOrComments(sqlite3* db, const char* tail)
{
    // Preparing the rest tells a second statement from trailing spaces, ';' and comments.
    sqlite3_stmt* rest = nullptr;
    const bool blank = sqlite3_prepare_v2(db, tail, -1, &rest, nullptr) == SQLITE_OK && !rest;
    sqlite3_finalize(rest); // a no-op when nothing was prepared
    return blank;
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

struct QueryCursor::Statement {
    sqlite3_stmt* statement = nullptr;
    ~Statement() { sqlite3_finalize(statement); }
};

std::unique_ptr<QueryCursor> QuerySession::open(std::string_view sql, const QueryOptions& options)
{
    State& state = *m_state;
    state.guard.start(options.timeoutSeconds, options.cancel);
    const std::string text(sql);
    auto holder = std::make_unique<QueryCursor::Statement>();
    const char* tail = nullptr;
    const int prepared
        = sqlite3_prepare_v2(state.db, text.c_str(), int(text.size()), &holder->statement, &tail);
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
    if (!holder->statement)
        throw QueryError("the query holds no statement");
    if (!onlyBlankOrComments(state.db, tail))
        throw QueryError("the query holds more than one statement: run one at a time");
    if (!sqlite3_stmt_readonly(holder->statement))
        throw QueryError("the statement would write: the query schema is read-only");
    return std::unique_ptr<QueryCursor>(new QueryCursor(state, std::move(holder), options));
}

QueryCursor::QueryCursor(
    QuerySession::State& state, std::unique_ptr<Statement> statement, const QueryOptions& options)
    : m_state(state)
    , m_statement(std::move(statement))
    , m_options(options)
{
    const int columnCount = sqlite3_column_count(m_statement->statement);
    const auto text = [](const char* name) { return std::string(name ? name : ""); };
    for (int i = 0; i < columnCount; ++i) {
        m_columns.emplace_back(sqlite3_column_name(m_statement->statement, i));
        m_origins.push_back({ text(sqlite3_column_table_name(m_statement->statement, i)),
            text(sqlite3_column_origin_name(m_statement->statement, i)) });
    }
}

QueryCursor::~QueryCursor() = default;

bool QueryCursor::fetch(size_t count, std::vector<std::vector<QueryValue>>& rows)
{
    if (m_atEnd)
        return false;
    const auto began = std::chrono::steady_clock::now();
    m_state.guard.start(m_options.timeoutSeconds, m_options.cancel, m_secondsSpent, &m_options.stopRequested);
    sqlite3_stmt* statement = m_statement->statement;
    const int columnCount = int(m_columns.size());
    int rc = SQLITE_ROW;
    for (size_t fetched = 0; fetched < count && (rc = sqlite3_step(statement)) == SQLITE_ROW; ++fetched) {
        auto& values = rows.emplace_back(size_t(columnCount));
        for (int i = 0; i < columnCount; ++i)
            values[size_t(i)] = valueOf(statement, i);
    }
    m_secondsSpent += std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (rc == SQLITE_ROW)
        return true;
    m_atEnd = true;
    if (rc != SQLITE_DONE) {
        if (!m_state.guard.stopReason().empty())
            throw QueryError(m_state.guard.stopReason());
        const std::string message = sqlite3_errmsg(m_state.db);
        // SQLite's own refusal (load_extension): say what is refused.
        if (message == "not authorized")
            throw QueryError("not authorized: a query cannot load extensions");
        throw QueryError("the query failed: " + message);
    }
    return false;
}

void QuerySession::run(std::string_view sql, const QueryOptions& options, const ColumnsVisitor& onColumns,
    const RowVisitor& onRow)
{
    const auto cursor = open(sql, options);
    onColumns(cursor->columns());
    std::vector<std::vector<QueryValue>> rows;
    for (bool more = true; more;) {
        rows.clear();
        more = cursor->fetch(1024, rows);
        for (const auto& row : rows)
            onRow(row);
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
