#pragma once
// SQL over one report, or two for a comparison, through a documented query schema (docs/query.md)
// that does not change with the storage format: one row per thing a user names (a tile, a
// variable on a tile, a step on an IPU). Per-tile figures packed in the file's BLOBs are read in
// place by virtual tables; nothing is copied into temporary tables and the user's file is opened
// read-only and immutable. Statements that would write, attach files or change the connection's
// state are refused; a query stops at its time limit or when cancelled.
#include "popscope/errors.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace popscope {

// One cell of a result: NULL, an integer, a real, text or a BLOB.
using QueryValue = std::variant<std::monostate, int64_t, double, std::string, std::vector<uint8_t>>;

struct QueryOptions {
    // The time a query may spend computing its rows (a cursor's fetches added up); 0 or less: none.
    double timeoutSeconds = 60;
    const std::atomic<bool>* cancel = nullptr; // set to stop the query from another thread
    // Asked now and then while the query runs, on its thread: true stops it as a cancel does
    // (Python's Ctrl-C, which only that thread can see).
    std::function<bool()> stopRequested;
};

struct QueryResult {
    std::vector<std::string> columns;
    std::vector<std::vector<QueryValue>> rows;
};

// A query refused or failed: `offset` is the byte of the SQL where a syntax error is, or -1, and
// `excerpt` that line of the SQL with a caret under the place (two lines; what() is one line).
class QueryError : public ProfileError {
public:
    explicit QueryError(const std::string& problem, int offset = -1, std::string excerpt = {})
        : ProfileError(ErrorKind::InvalidInput, "", problem)
        , m_offset(offset)
        , m_excerpt(std::move(excerpt))
    {
    }
    int offset() const { return m_offset; }
    const std::string& excerpt() const { return m_excerpt; }

private:
    int m_offset;
    std::string m_excerpt;
};

// A query table of the schema: its name, columns (name, SQL type) and what one row is.
struct QueryTableInfo {
    std::string name;
    std::vector<std::pair<std::string, std::string>> columns;
};

class QueryCursor;

class QuerySession {
public:
    // One report: its tables are unqualified (`SELECT * FROM variables`). `path` is what
    // Profile::open takes: a .pop file, a report folder or a remote address.
    explicit QuerySession(const std::string& path);
    // Two reports, as the schemas `source` and `target` (`source.variables`, `target.variables`).
    QuerySession(const std::string& sourcePath, const std::string& targetPath);
    ~QuerySession();
    QuerySession(const QuerySession&) = delete;
    QuerySession& operator=(const QuerySession&) = delete;

    // Runs one statement: `columns` once, then `row` for each row. Throws QueryError.
    using ColumnsVisitor = std::function<void(const std::vector<std::string>& columns)>;
    using RowVisitor = std::function<void(const std::vector<QueryValue>& row)>;
    void run(std::string_view sql, const QueryOptions& options, const ColumnsVisitor& columns,
        const RowVisitor& row);
    QueryResult run(std::string_view sql, const QueryOptions& options = {});
    // Prepares one statement to be read a batch of rows at a time (QueryCursor::fetch), so a
    // million-row result is computed only as far as it is read. Throws QueryError as run does.
    // The session must outlive the cursor, and runs one cursor's fetch at a time.
    std::unique_ptr<QueryCursor> open(std::string_view sql, const QueryOptions& options = {});

    // The tables of the query schema, in the order docs/query.md lists them.
    static std::vector<QueryTableInfo> tables();

private:
    friend class QueryCursor;
    struct State;
    std::unique_ptr<State> m_state;
};

// A prepared statement of a QuerySession, stepped as its rows are asked for.
class QueryCursor {
public:
    ~QueryCursor();
    QueryCursor(const QueryCursor&) = delete;
    QueryCursor& operator=(const QueryCursor&) = delete;

    const std::vector<std::string>& columns() const { return m_columns; }
    // Where each result column comes from: the query table and its column it names as it is
    // ("steps", "id"), or empty names for a column the statement computes (an expression).
    struct ColumnOrigin {
        std::string table;
        std::string column;
    };
    const std::vector<ColumnOrigin>& columnOrigins() const { return m_origins; }
    // Appends up to `count` more rows to `rows`; false once the statement has no more. Stops with
    // QueryError at the options' time limit (the time of every fetch so far) or when cancelled.
    bool fetch(size_t count, std::vector<std::vector<QueryValue>>& rows);
    bool atEnd() const { return m_atEnd; }

private:
    friend class QuerySession;
    struct Statement;
    QueryCursor(
        QuerySession::State& state, std::unique_ptr<Statement> statement, const QueryOptions& options);

    QuerySession::State& m_state;
    std::unique_ptr<Statement> m_statement;
    QueryOptions m_options;
    std::vector<std::string> m_columns;
    std::vector<ColumnOrigin> m_origins;
    double m_secondsSpent = 0;
    bool m_atEnd = false;
};

// `sql` (one SELECT, or WITH … SELECT) as a query whose rows are ordered by its result column
// `column` (from 0), ascending or descending: what sorting a result table by a column runs.
std::string orderedQuery(std::string_view sql, int column, bool descending);

// Text of a value as the CLI prints it: NULL empty, reals as SQLite prints them, BLOBs as x'..'.
std::string queryValueText(const QueryValue& value);

} // namespace popscope
