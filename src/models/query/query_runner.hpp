#pragma once
// Runs the window's queries off the GUI thread: one QuerySession over the open report (or the
// source and target of a comparison), opened with the first query, and one statement at a time
// read a batch of rows at a time as the table asks for them. Every call returns at once; results
// arrive as signals, and those of a query replaced or cancelled are dropped.
#include "popscope/query.hpp"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <vector>

namespace popscope {

using QueryRows = std::vector<std::vector<QueryValue>>;

class QueryRunner : public QObject {
    Q_OBJECT
public:
    static constexpr size_t kFirstBatch = 200; // what the table shows first, at once
    static constexpr size_t kBatch = 2000; // each scroll to the end after

    explicit QueryRunner(QObject* parent = nullptr);
    ~QueryRunner() override; // cancels what runs and waits for it

    // The reports queries run over: a path, or a comparison's source and target (queried as the
    // schemas `source` and `target`). Forgets the open session; the next query opens another.
    void setReports(const QString& source, const QString& target = {});
    bool isComparing() const { return !m_target.isEmpty(); }
    void run(const QString& sql); // replaces (cancels) the query running
    void fetchMore(); // the next batch of the query run
    // Writes every row of `sql` whose text holds `filter` (any column, case-insensitive) to `path`
    // as CSV, the header first.
    void exportCsv(const QString& sql, const QString& filter, const QString& path);
    void cancel(); // the query running stops with an error that says it was cancelled
    void discard(); // the query running stops, and nothing more of it arrives
    bool isBusy() const { return m_busy; }
    // The query shown has rows not read yet (fetchMore reads the next batch).
    bool hasMore() const { return m_more; }

signals:
    // `origins`: "table.column" each result column names as it is, or "" (see QueryCursor).
    void started(const QStringList& columns, const QStringList& origins);
    void rowsFetched(const std::shared_ptr<const popscope::QueryRows>& rows, bool more);
    void failed(const QString& message);
    void exported(qint64 rows, const QString& path);
    void busyChanged(bool busy);

private:
    struct Worker;
    using Task = std::function<void(Worker& worker)>;
    void post(Task task);
    void begin(); // a task that replies is posted
    void setBusy(bool busy);
    // Runs `then` on the GUI thread if the runner still exists and no query replaced this one.
    void reply(uint64_t generation, std::function<void()> then);

    std::shared_ptr<Worker> m_worker; // the session and cursor: used on the pool's thread only
    QThreadPool m_pool; // one thread: the session runs one statement at a time
    QString m_source;
    QString m_target;
    uint64_t m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_pending = 0; // tasks posted that have not replied
    bool m_busy = false;
    bool m_more = false;
};

} // namespace popscope
