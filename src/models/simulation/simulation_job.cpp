#include "models/simulation/simulation_job.hpp"

#include "popscope/errors.hpp"

#include <QCoreApplication>
#include <QFile>
#include <QMetaObject>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <mutex>

namespace popscope {

struct SimulationJob::Shared {
    std::atomic<bool> cancel { false };
    std::mutex mutex;
    std::vector<double> shares; // each run's share done, under mutex
};

namespace {

// The progress the simulator calls on a worker thread: it records the run's share, and posts the
// phase to the job at most every 40 ms so a fast simulation does not flood the event queue.
sim::SimulationProgress workerProgress(const std::atomic<bool>& cancel, std::function<void(double)> record,
    std::function<void(const QString&)> post)
{
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    return [&cancel, record, post, last](const std::string& phase, double share) {
        record(share);
        const auto now = std::chrono::steady_clock::now();
        if (now - *last >= std::chrono::milliseconds(40)) {
            *last = now;
            post(QString::fromStdString(phase));
        }
        return !cancel.load();
    };
}

} // namespace

SimulationJob::SimulationJob(QObject* parent)
    : QObject(parent)
{
}

SimulationJob::~SimulationJob()
{
    if (m_shared)
        m_shared->cancel = true;
    m_pool.waitForDone();
    for (auto& watcher : m_watchers)
        watcher->waitForFinished();
}

void SimulationJob::start(std::vector<SimulationRun> runs, int parallel)
{
    if (isRunning()) {
        cancel();
        waitForFinished();
    }
    m_watchers.clear();
    m_runs = std::move(runs);
    m_results.assign(m_runs.size(), {});
    m_shared = std::make_shared<Shared>();
    m_shared->shares.assign(m_runs.size(), 0.0);
    m_pending = int(m_runs.size());
    m_failed = false;
    m_pool.setMaxThreadCount(parallel > 0 ? parallel : std::max(1, QThread::idealThreadCount()));
    for (size_t i = 0; i < m_runs.size(); ++i) {
        auto watcher = std::make_unique<QFutureWatcher<SimulationRunResult>>();
        connect(watcher.get(), &QFutureWatcher<SimulationRunResult>::finished, this,
            [this, i] { onRunEnded(int(i)); });
        const std::shared_ptr<Shared> shared = m_shared;
        auto record = [shared, i](double share) {
            std::lock_guard lock(shared->mutex);
            shared->shares[i] = share;
        };
        auto post = [this](const QString& phase) {
            QMetaObject::invokeMethod(
                this, [this, phase] { reportProgress(phase); }, Qt::QueuedConnection);
        };
        // `shared` outlives every run: the lambda below keeps it.
        const sim::SimulationProgress progress
            = workerProgress(shared->cancel, std::move(record), std::move(post));
        const SimulationRun run = m_runs[i];
        watcher->setFuture(QtConcurrent::run(&m_pool, [run, progress, shared]() {
            SimulationRunResult result;
            if (shared->cancel) {
                result.cancelled = true;
                return result;
            }
            try {
                result.outcome = sim::simulateToFile(run.spec, run.outputPath.toStdString(), progress);
            } catch (const sim::SimulationCancelled&) {
                result.cancelled = true;
            } catch (const std::bad_alloc&) {
                result.error = tr("%1: out of memory while simulating").arg(run.outputPath);
            } catch (const std::exception& e) {
                result.error = QString::fromStdString(e.what());
            }
            return result;
        }));
        m_watchers.push_back(std::move(watcher));
    }
}

void SimulationJob::cancel()
{
    if (m_shared)
        m_shared->cancel = true;
}

bool SimulationJob::isRunning() const
{
    return m_pending > 0;
}

void SimulationJob::waitForFinished()
{
    m_pool.waitForDone();
    for (auto& watcher : m_watchers)
        watcher->waitForFinished();
    QCoreApplication::sendPostedEvents(this);
}

void SimulationJob::reportProgress(const QString& phase)
{
    if (!m_shared || !isRunning())
        return;
    double sum = 0;
    {
        std::lock_guard lock(m_shared->mutex);
        for (double s : m_shared->shares)
            sum += s;
    }
    emit progressed(sum / double(std::max<size_t>(1, m_runs.size())), phase);
}

void SimulationJob::onRunEnded(int run)
{
    m_results[size_t(run)] = m_watchers[size_t(run)]->result();
    --m_pending;
    const SimulationRunResult& result = m_results[size_t(run)];
    if (!result.error.isEmpty() && !m_failed) {
        m_failed = true;
        m_shared->cancel = true; // one failed run stops the sweep: its table would have a hole
    }
    if (result.error.isEmpty() && !result.cancelled)
        emit runFinished(run);
    if (m_pending > 0)
        return;
    const bool wasCancelled = m_shared->cancel && !m_failed;
    if (m_failed || wasCancelled)
        removeWrittenFiles(); // a sweep cut short leaves nothing half done
    if (m_failed) {
        for (const auto& r : m_results)
            if (!r.error.isEmpty()) {
                emit failed(r.error);
                break;
            }
    } else if (wasCancelled) {
        emit cancelled();
    } else {
        emit finished();
    }
}

void SimulationJob::removeWrittenFiles()
{
    for (size_t i = 0; i < m_runs.size(); ++i)
        if (m_results[i].error.isEmpty() && !m_results[i].cancelled && m_results[i].outcome.fileBytes > 0)
            QFile::remove(m_runs[i].outputPath);
}

} // namespace popscope
