#include "models/parts_loader.hpp"

#include "models/abandon_watcher.hpp"

#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/remote/remote_settings.hpp"
#include "popscope/spilled_array.hpp"

#include <QCoreApplication>
#include <QPointer>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <functional>
#include <future>
#include <optional>

namespace popscope {

namespace {

using Reports = std::vector<std::shared_ptr<const LoadedReport>>;
using Progress = std::function<void(int slot, int done, const QString& text)>; // text "": the slot is done

// The parts of one report still to read, taken in order by one or two readers.
class PartQueue {
public:
    explicit PartQueue(const std::vector<ReportPart>& parts)
        : m_parts(parts)
    {
    }
    void stop() { m_next = m_parts.size(); } // a part failed: the page shows that, not the rest
    std::optional<ReportPart> next()
    {
        const size_t index = m_next++;
        return index < m_parts.size() ? std::optional(m_parts[index]) : std::nullopt;
    }

private:
    const std::vector<ReportPart>& m_parts;
    std::atomic<size_t> m_next = 0;
};

// Reads parts of one report from `queue` until it is empty; the error message names the file and
// the problem, or "".
QString readParts(const QPromise<QString>& promise, int slot, const LoadedReport& report, PartQueue& queue,
    bool parallel, std::atomic<int>& done, const Progress& progress)
{
    // A reconnect (a remote report after a drop) gives up at Cancel, not at its timeout.
    const remote::CancelScope cancel([&promise] { return promise.isCanceled(); });
    std::optional<ParallelReadsScope> parallelReads;
    if (parallel)
        parallelReads.emplace();
    while (const std::optional<ReportPart> part = queue.next()) {
        if (promise.isCanceled())
            return {};
        progress(slot, done++,
            QCoreApplication::translate("popscope::PartsLoader", "%1 of %2…")
                .arg(QString::fromUtf8(partStageMessage(*part)), report.fileName()));
        QString error;
        try {
            readReportPart(*report.core, *part);
            spill::releaseResidentPages(); // what the part read of the spilled arrays (most of them)
        } catch (const ProfileError& e) {
            error = QString::fromUtf8(e.what());
        } catch (const std::bad_alloc&) {
            error = QCoreApplication::translate(
                "popscope::PartsLoader", "%1: not enough memory to read this part of the profile")
                        .arg(report.path);
        } catch (const std::exception& e) {
            error = report.path + QStringLiteral(": ") + QString::fromUtf8(e.what());
        }
        if (!error.isEmpty()) {
            queue.stop();
            return error;
        }
    }
    progress(slot, done, QString());
    return {};
}

// Two readers: one for each report in compare mode, two sharing one report's parts otherwise (of a
// local file, the reader that finds the report's connection busy takes its second one,
// Report::locked).
void readInBackground(QPromise<QString>& promise, const Reports& reports,
    const std::vector<ReportPart>& parts, const Progress& progress)
{
    const PartReaderScope reading; // no part is released meanwhile (PageMemoryKeeper)
    if (reports.empty()) {
        if (!promise.isCanceled())
            promise.addResult(QString());
        return;
    }
    std::atomic<int> done = 0;
    const bool comparing = reports.size() > 1;
    PartQueue sourceParts(parts), targetParts(parts);
    const LoadedReport& second = comparing ? *reports[1] : *reports[0];
    PartQueue& secondQueue = comparing ? targetParts : sourceParts;
    // One report's two readers may read it on two connections, and its tiles on a helper thread.
    // Two reports read at once keep both cores busy already (and the comparison runs meanwhile).
    const bool parallel = !comparing;
    std::future<QString> secondReader = std::async(std::launch::async,
        [&] { return readParts(promise, 1, second, secondQueue, parallel, done, progress); });
    QString error = readParts(promise, 0, *reports[0], sourceParts, parallel, done, progress);
    const QString secondError = secondReader.get();
    if (error.isEmpty())
        error = secondError;
    if (!promise.isCanceled())
        promise.addResult(error);
}

Reports present(Reports reports)
{
    std::erase(reports, nullptr);
    return reports;
}

} // namespace

PartsLoader::PartsLoader(QObject* parent)
    : QObject(parent)
{
}

PartsLoader::~PartsLoader()
{
    // The job holds its reports; it finishes in the background and its watcher goes with it.
    dropWatcher();
}

bool PartsLoader::isRead(const Reports& reports, const std::vector<ReportPart>& parts)
{
    for (const auto& report : reports)
        if (report)
            for (ReportPart part : parts)
                if (!isPartRead(*report->core, part))
                    return false;
    return true;
}

void PartsLoader::start(Reports reports, std::vector<ReportPart> parts)
{
    dropWatcher();
    reports = present(std::move(reports));
    m_total = int(reports.size() * parts.size());
    m_stages[0].clear();
    m_stages[1].clear();
    m_watcher = new QFutureWatcher<QString>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &PartsLoader::onFinished);
    // Every stage reaches the page (QFuture's own progress drops updates that come quickly), and
    // only while this job is the loader's current one.
    const Progress progress
        = [self = QPointer<PartsLoader>(this), watcher = QPointer<QFutureWatcherBase>(m_watcher)](
              int slot, int done, const QString& text) {
              QMetaObject::invokeMethod(
                  qApp,
                  [self, watcher, slot, done, text] {
                      if (self && watcher && self->m_watcher == watcher)
                          self->onProgress(slot, done, text);
                  },
                  Qt::QueuedConnection);
          };
    m_watcher->setFuture(
        QtConcurrent::run(&readInBackground, std::move(reports), std::move(parts), progress));
}

void PartsLoader::onProgress(int slot, int done, const QString& text)
{
    // Both reports read at once in compare mode: the panel says what each is reading.
    m_stages[slot] = text;
    QStringList stages;
    for (const QString& stage : m_stages)
        if (!stage.isEmpty())
            stages << stage;
    emit progress(done, m_total, stages.join(QLatin1Char('\n')));
}

void PartsLoader::cancel()
{
    if (!m_watcher)
        return;
    dropWatcher();
    emit cancelled();
}

void PartsLoader::dropWatcher()
{
    abandonWatcher(m_watcher, this); // the job finishes in the background
}

void PartsLoader::waitForFinished()
{
    if (m_watcher)
        m_watcher->waitForFinished();
}

void PartsLoader::onFinished()
{
    QFutureWatcher<QString>* watcher = m_watcher;
    m_watcher = nullptr;
    watcher->deleteLater();
    const QFuture<QString> future = watcher->future();
    if (future.isCanceled() || future.resultCount() == 0) {
        emit cancelled();
        return;
    }
    const QString error = future.result();
    if (error.isEmpty())
        emit finished();
    else
        emit failed(error);
}

} // namespace popscope
