#include "batched_insert.hpp"

namespace popscope {

BatchedInsert::BatchedInsert(SqliteDatabase& db, std::string table, uint64_t rows)
    : m_db(db)
    , m_table(std::move(table))
    , m_rows(rows)
{
}

std::unique_ptr<Statement> BatchedInsert::prepare(uint64_t rows) const
{
    std::string row = "(?";
    for (size_t c = 1; c < m_columns; ++c)
        row += ", ?";
    row += ')';
    std::string sql = "INSERT INTO " + m_table + " VALUES" + row;
    for (uint64_t r = 1; r < rows; ++r)
        sql += ", " + row;
    return std::make_unique<Statement>(m_db, sql);
}

Statement& BatchedInsert::statementFor(size_t columns)
{
    if (m_added == m_rows)
        throw ProfileError(ErrorKind::WriteFailed, m_db.path(),
            "internal error: more rows for " + m_table + " than the " + std::to_string(m_rows)
                + " announced");
    if (m_columns == 0)
        m_columns = columns;
    else if (columns != m_columns)
        throw ProfileError(ErrorKind::WriteFailed, m_db.path(),
            "internal error: rows of " + m_table + " with " + std::to_string(columns) + " and "
                + std::to_string(m_columns) + " values");
    const uint64_t statementStart = m_added - m_slot;
    if (statementStart + kRowsPerStatement <= m_rows) {
        if (!m_full)
            m_full = prepare(kRowsPerStatement);
        return *m_full;
    }
    if (!m_last) {
        m_lastRows = m_rows - statementStart;
        m_last = prepare(m_lastRows);
    }
    return *m_last;
}

void BatchedInsert::rowBound(Statement& statement)
{
    ++m_added;
    ++m_slot;
    if (m_slot == (&statement == m_full.get() ? kRowsPerStatement : m_lastRows)) {
        statement.run();
        m_slot = 0;
    }
}

void BatchedInsert::finish() const
{
    if (m_added != m_rows)
        throw ProfileError(ErrorKind::WriteFailed, m_db.path(),
            "internal error: " + std::to_string(m_added) + " rows for " + m_table + " of the "
                + std::to_string(m_rows) + " announced");
}

} // namespace popscope
