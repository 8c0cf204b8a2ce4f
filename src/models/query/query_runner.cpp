#include "models/query/query_runner.hpp"

#include "models/csv_exporter.hpp"

#include <QSaveFile>
#include <QTextStream>

namespace popscope {

struct QueryRunner::Worker {
    std::string source;
    std::string target;
    std::unique_ptr<QuerySession> session;
    std::unique_ptr<QueryCursor> cursor;
    std::shared_ptr<std::atomic<bool>> cursorCancel; // the flag the cursor reads: kept while it lives

    QuerySession& sessionOver(const std::string& sourcePath, const std::string& targetPath)
    {
        if (!session || source != sourcePath || target != targetPath) {
            cursor.reset();
            session.reset();
            session = targetPath.empty() ? std::make_unique<QuerySession>(sourcePath)
                                         : std::make_unique<QuerySession>(sourcePath, targetPath);
            source = sourcePath;
            target = targetPath;
        }
        return *session;
    }
};

namespace {

// What the page shows of an error: the problem, and for a syntax error the line with a caret.
QString errorText(const std::exception& error)
{
    QString text = QString::fromStdString(error.what());
    if (const auto* query = dynamic_cast<const QueryError*>(&error); query && !query->excerpt().empty())
        text += QLatin1Char('\n') + QString::fromStdString(query->excerpt());
    return text;
}

QStringList columnNames(const std::vector<std::string>& columns)
{
    QStringList names;
    for (const std::string& column : columns)
        names << QString::fromStdString(column);
    return names;
}

bool rowHolds(const QStringList& cells, const QString& filter)
{
    if (filter.isEmpty())
        return true;
    for (const QString& cell : cells)
        if (cell.contains(filter, Qt::CaseInsensitive))
            return true;
    return false;
}

// Streams every row of `cursor` holding `filter` to `path` as CSV; the file appears only whole.
qint64 writeCsv(QueryCursor& cursor, const QString& filter, const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        throw std::runtime_error(QStringLiteral("%1: %2").arg(path, file.errorString()).toStdString());
    QTextStream out(&file);
    QStringList header;
    for (const QString& name : columnNames(cursor.columns()))
        header << CsvExporter::escape(name);
    out << header.join(QLatin1Char(',')) << '\n';
    qint64 written = 0;
    QueryRows rows;
    for (bool more = true; more;) {
        rows.clear();
        more = cursor.fetch(1024, rows);
        for (const auto& row : rows) {
            QStringList cells;
            for (const QueryValue& value : row)
                cells << QString::fromStdString(queryValueText(value));
            if (!rowHolds(cells, filter))
                continue;
            for (QString& cell : cells)
                cell = CsvExporter::escape(cell);
            out << cells.join(QLatin1Char(',')) << '\n';
            ++written;
        }
    }
    out.flush();
    if (!file.commit())
        throw std::runtime_error(QStringLiteral("%1: %2").arg(path, file.errorString()).toStdString());
    return written;
}

} // namespace

QueryRunner::QueryRunner(QObject* parent)
    : QObject(parent)
    , m_worker(std::make_shared<Worker>())
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // the session's thread stays: SQLite's connection is used from it
}

QueryRunner::~QueryRunner()
{
    *m_cancel = true;
    m_pool.waitForDone();
}

void QueryRunner::setReports(const QString& source, const QString& target)
{
    if (source == m_source && target == m_target)
        return;
    cancel();
    m_source = source;
    m_target = target;
    // The reports' files are let go of now, not when the next query runs.
    post([](Worker& worker) {
        worker.cursor.reset();
        worker.session.reset();
    });
}

void QueryRunner::run(const QString& sql)
{
    cancel();
    const uint64_t generation = ++m_generation;
    m_more = false;
    auto flag = m_cancel;
    begin();
    post([this, generation, flag, sql = sql.toStdString(), source = m_source.toStdString(),
             target = m_target.toStdString()](Worker& worker) {
        try {
            worker.cursor.reset();
            QueryOptions options;
            options.cancel = flag.get();
            QuerySession& session = worker.sessionOver(source, target);
            worker.cursor = session.open(sql, options);
            worker.cursorCancel = flag;
            const QStringList columns = columnNames(worker.cursor->columns());
            QStringList origins;
            for (const auto& origin : worker.cursor->columnOrigins())
                origins << (origin.table.empty()
                        ? QString()
                        : QString::fromStdString(origin.table + "." + origin.column));
            auto rows = std::make_shared<QueryRows>();
            const bool more = worker.cursor->fetch(kFirstBatch, *rows);
            reply(generation, [this, columns, origins, rows, more] {
                m_more = more;
                emit started(columns, origins);
                emit rowsFetched(rows, more);
            });
        } catch (const std::exception& error) {
            worker.cursor.reset();
            reply(generation, [this, message = errorText(error)] { emit failed(message); });
        }
    });
}

void QueryRunner::fetchMore()
{
    if (!m_more || m_pending > 0)
        return;
    begin();
    const uint64_t generation = m_generation;
    post([this, generation](Worker& worker) {
        try {
            auto rows = std::make_shared<QueryRows>();
            const bool more = worker.cursor && worker.cursor->fetch(kBatch, *rows);
            reply(generation, [this, rows, more] {
                m_more = more;
                emit rowsFetched(rows, more);
            });
        } catch (const std::exception& error) {
            worker.cursor.reset();
            reply(generation, [this, message = errorText(error)] {
                m_more = false;
                emit failed(message);
            });
        }
    });
}

void QueryRunner::exportCsv(const QString& sql, const QString& filter, const QString& path)
{
    const uint64_t generation = m_generation;
    auto flag = m_cancel;
    begin();
    post([this, generation, flag, sql = sql.toStdString(), filter, path, source = m_source.toStdString(),
             target = m_target.toStdString()](Worker& worker) {
        try {
            QueryOptions options;
            options.cancel = flag.get();
            // A cursor of its own: the table's stays where it is.
            const auto cursor = worker.sessionOver(source, target).open(sql, options);
            const qint64 written = writeCsv(*cursor, filter, path);
            reply(generation, [this, written, path] { emit exported(written, path); });
        } catch (const std::exception& error) {
            reply(generation, [this, message = errorText(error)] { emit failed(message); });
        }
    });
}

void QueryRunner::cancel()
{
    *m_cancel = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
}

void QueryRunner::discard()
{
    cancel();
    ++m_generation;
    m_more = false;
}

void QueryRunner::post(Task task)
{
    m_pool.start([worker = m_worker, task = std::move(task)] { task(*worker); });
}

void QueryRunner::reply(uint64_t generation, std::function<void()> then)
{
    QMetaObject::invokeMethod(
        this,
        [this, generation, then = std::move(then)] {
            if (--m_pending == 0)
                setBusy(false);
            if (generation == m_generation)
                then();
        },
        Qt::QueuedConnection);
}

void QueryRunner::begin()
{
    ++m_pending;
    setBusy(true);
}

void QueryRunner::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace popscope
