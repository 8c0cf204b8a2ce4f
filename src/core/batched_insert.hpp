#pragma once
// Inserts the rows of one table several to a statement: `INSERT INTO t VALUES(...),(...),...`.
// SQLite's work per statement run (step, halt, reset) is then paid once for 32 rows instead of
// once for each: half the time for small rows such as vars_info's (docs/architecture.md).
#include "sqlite_database.hpp"

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace popscope {

class BatchedInsert {
public:
    static constexpr uint64_t kRowsPerStatement = 32;

    // `rows` is the number of rows that will be added: the last statement has exactly the rows
    // left, so no row waits in a buffer and nothing needs flushing.
    BatchedInsert(SqliteDatabase& db, std::string table, uint64_t rows);
    BatchedInsert(const BatchedInsert&) = delete;
    BatchedInsert& operator=(const BatchedInsert&) = delete;

    // One row, its values in column order. Text is bound without a copy: it must stay alive and
    // unchanged until the statement holding the row has run (the writer's document does).
    template <typename... Values> void add(const Values&... values)
    {
        Statement& statement = statementFor(sizeof...(Values));
        int index = int(m_slot * sizeof...(Values));
        (bindValue(statement, ++index, values), ...);
        rowBound(statement);
    }

    uint64_t rows() const { return m_rows; }
    // Throws when fewer rows were added than announced (a writer bug that would lose rows).
    void finish() const;

private:
    SqliteDatabase& m_db;
    std::string m_table;
    uint64_t m_rows;
    uint64_t m_added = 0;
    uint64_t m_slot = 0; // the row's place in the statement being filled
    size_t m_columns = 0;
    std::unique_ptr<Statement> m_full; // kRowsPerStatement rows
    std::unique_ptr<Statement> m_last; // the rows after the last full statement
    uint64_t m_lastRows = 0;

    Statement& statementFor(size_t columns);
    void rowBound(Statement& statement);
    std::unique_ptr<Statement> prepare(uint64_t rows) const;

    template <std::integral T> static void bindValue(Statement& s, int index, T value)
    {
        s.bind(index, int64_t(value));
    }
    static void bindValue(Statement& s, int index, std::string_view text) { s.bindUnowned(index, text); }
};

} // namespace popscope
