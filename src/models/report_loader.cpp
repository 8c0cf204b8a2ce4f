#include "models/report_loader.hpp"

#include "models/abandon_watcher.hpp"

#include "popscope/errors.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QCoreApplication>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace popscope {

namespace {

bool reportStage(void* context, int stage, const char* message)
{
    auto* promise = static_cast<QPromise<LoadOutcome>*>(context);
    if (promise->isCanceled())
        return false;
    promise->setProgressValueAndText(stage, QString::fromUtf8(message) + QStringLiteral("…"));
    return true;
}

void loadInBackground(
    QPromise<LoadOutcome>& promise, const QString& path, const std::vector<ReportPart>& parts)
{
    const int stages = loadStageCount(parts);
    promise.setProgressRange(0, stages);
    LoadOutcome outcome;
    // Connecting to a remote report gives up at Cancel (or a closed window), not at its timeout.
    const remote::CancelScope cancel([&promise] { return promise.isCanceled(); });
    try {
        outcome.report = loadReport(path, &reportStage, &promise, parts);
        outcome.cancelled = outcome.report == nullptr;
    } catch (const ProfileError& e) {
        outcome.error = QString::fromStdString(e.what());
    } catch (const std::bad_alloc&) {
        outcome.error = QCoreApplication::translate(
            "popscope::ReportLoader", "%1: not enough memory to open this profile")
                            .arg(path);
    } catch (const std::exception& e) {
        outcome.error = path + QStringLiteral(": ") + QString::fromStdString(e.what());
    }
    if (promise.isCanceled())
        outcome = LoadOutcome { nullptr, {}, true };
    promise.setProgressValue(stages);
    promise.addResult(std::move(outcome));
}

} // namespace

ReportLoader::ReportLoader(QObject* parent)
    : QObject(parent)
{
}

ReportLoader::~ReportLoader()
{
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->cancel();
        const remote::GuiWaitScope waiting;
        m_watcher->waitForFinished();
    }
}

void ReportLoader::start(const QString& path)
{
    dropWatcher();
    m_path = path;
    m_watcher = new QFutureWatcher<LoadOutcome>(this);
    connect(m_watcher, &QFutureWatcherBase::progressValueChanged, this,
        [this](int value) { emit progress(value, stageCount(), m_watcher->progressText()); });
    connect(m_watcher, &QFutureWatcherBase::progressTextChanged, this,
        [this](const QString& text) { emit progress(m_watcher->progressValue(), stageCount(), text); });
    connect(m_watcher, &QFutureWatcherBase::finished, this, &ReportLoader::onFinished);
    m_watcher->setFuture(QtConcurrent::run(&loadInBackground, path, m_parts));
}

void ReportLoader::cancel()
{
    // A cancelled load never delivers its report, even if the worker had just finished: the
    // watcher is dropped at once and `cancelled` is the one signal this load sends.
    if (!m_watcher)
        return;
    dropWatcher();
    emit cancelled(m_path);
}

void ReportLoader::dropWatcher()
{
    abandonWatcher(m_watcher, this); // the job finishes in the background
}

bool ReportLoader::isRunning() const
{
    return m_watcher && !m_watcher->isFinished();
}

void ReportLoader::waitForFinished()
{
    if (m_watcher)
        m_watcher->waitForFinished();
}

void ReportLoader::onFinished()
{
    auto* watcher = m_watcher;
    m_watcher = nullptr;
    watcher->deleteLater();
    const QFuture<LoadOutcome> future = watcher->future();
    if (future.isCanceled() || future.resultCount() == 0) {
        emit cancelled(m_path);
        return;
    }
    LoadOutcome outcome = future.result();
    if (outcome.report)
        emit loaded(outcome.report);
    else if (outcome.cancelled)
        emit cancelled(m_path);
    else
        emit failed(m_path, outcome.error);
}

} // namespace popscope
