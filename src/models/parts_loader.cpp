#include "models/parts_loader.hpp"

#include "popscope/errors.hpp"

#include <QCoreApplication>
#include <functional>
#include <QPointer>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace popscope {

namespace {

using Reports = std::vector<std::shared_ptr<const LoadedReport>>;
using Progress = std::function<void(int done, const QString& text)>;

void readInBackground(QPromise<QString>& promise, const Reports& reports, const std::vector<ReportPart>& parts,
                      const Progress& progress)
{
    int done = 0;
    QString error;
    for (const auto& report : reports) {
        for (ReportPart part : parts) {
            if (promise.isCanceled())
                return;
            const QString text = QStringLiteral("%1 of %2…")
                                     .arg(QString::fromUtf8(partStageMessage(part)), report->fileName());
            progress(done++, text);
            try {
                readReportPart(*report->core, part);
            } catch (const ProfileError& e) {
                error = QString::fromUtf8(e.what());
            } catch (const std::bad_alloc&) {
                error = report->path + QStringLiteral(": not enough memory to read this part of the profile");
            } catch (const std::exception& e) {
                error = report->path + QStringLiteral(": ") + QString::fromUtf8(e.what());
            }
            if (!error.isEmpty()) {
                promise.addResult(error);
                return;
            }
        }
    }
    promise.addResult(QString());
}

Reports present(Reports reports)
{
    std::erase(reports, nullptr);
    return reports;
}

} // namespace

PartsLoader::PartsLoader(QObject* parent) : QObject(parent) {}

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
    m_watcher = new QFutureWatcher<QString>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &PartsLoader::onFinished);
    // Every stage reaches the page (QFuture's own progress drops updates that come quickly), and
    // only while this job is the loader's current one.
    const Progress progress = [self = QPointer<PartsLoader>(this), watcher = QPointer<QFutureWatcherBase>(m_watcher)](
                                  int done, const QString& text) {
        QMetaObject::invokeMethod(qApp, [self, watcher, done, text] {
            if (self && watcher && self->m_watcher == watcher)
                emit self->progress(done, self->m_total, text);
        }, Qt::QueuedConnection);
    };
    m_watcher->setFuture(QtConcurrent::run(&readInBackground, std::move(reports), std::move(parts), progress));
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
    if (!m_watcher)
        return;
    m_watcher->disconnect(this);
    m_watcher->cancel();
    connect(m_watcher, &QFutureWatcherBase::finished, m_watcher, &QObject::deleteLater);
    if (m_watcher->isFinished())
        m_watcher->deleteLater();
    m_watcher = nullptr;
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
