#pragma once
// The rows of the window's query as a table that reads them as they are shown: the first batch
// when the query runs, the next each time the view scrolls to the end (canFetchMore/fetchMore), so
// a million-row result holds only the rows looked at. Sorting by a column runs the query again
// ordered by it (orderedQuery): a sort of the rows read so far would mislead.
#include "models/query/query_runner.hpp"

#include <QAbstractTableModel>

namespace popscope {

class QueryResultModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit QueryResultModel(QObject* parent = nullptr);
    QueryRunner* runner() const { return m_runner; }

    // Runs `sql` (the user's statement) unsorted: the rows shown go, the new ones come.
    void run(const QString& sql);
    void clear(); // no query, no rows
    QString sql() const { return m_sql; }
    // What runs for the rows shown: sql() ordered by the sort column, if any.
    QString sqlShown() const;
    bool isComplete() const { return !m_runner->hasMore(); } // every row of the result is read
    const QStringList& columns() const { return m_columns; }
    const QStringList& origins() const { return m_origins; } // QueryRunner::started's
    const std::vector<QueryValue>& row(int row) const { return m_rows[size_t(row)]; }
    const QueryValue& value(int row, int column) const { return m_rows[size_t(row)][size_t(column)]; }
    int sortedColumn() const { return m_sortColumn; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    void sort(int column, Qt::SortOrder order) override;

signals:
    // The query runs (run, or sort runs it again ordered): its rows come with the runner's signals.
    void queryStarted();

private:
    void start(const QStringList& columns, const QStringList& origins);
    void append(const std::shared_ptr<const QueryRows>& rows); // the runner's hasMore() says if more come

    QueryRunner* m_runner;
    QString m_sql;
    QStringList m_columns;
    QStringList m_origins;
    QueryRows m_rows;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace popscope
