#pragma once
// Runs simulations off the GUI thread: one, or a sweep of several side by side on the machine's
// cores, each written to its file, with progress (phase and share done) and a cancel that the
// simulator answers within milliseconds. A cancelled or failed run leaves no file behind.
#include "popscope/sim/simulator.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <vector>

namespace popscope {

struct SimulationRun {
    sim::SimulationSpec spec;
    QString outputPath;
};

struct SimulationRunResult {
    sim::SimulationOutcome outcome;
    QString error; // the ProfileError message, "" on success
    bool cancelled = false;
};

class SimulationJob : public QObject {
    Q_OBJECT
public:
    explicit SimulationJob(QObject* parent = nullptr);
    ~SimulationJob() override; // cancels and waits: no run outlives the job

    // Starts every run, at most `parallel` at a time (0: one a core). A job already running is
    // cancelled first.
    void start(std::vector<SimulationRun> runs, int parallel = 0);
    void cancel();
    bool isRunning() const;
    const std::vector<SimulationRun>& runs() const { return m_runs; }
    const std::vector<SimulationRunResult>& results() const { return m_results; }
    // Blocks until every run has ended (tests only).
    void waitForFinished();

signals:
    // The whole job's share done (0..1) and the phase of the run that reported last.
    void progressed(double shareDone, const QString& phase);
    void runFinished(int run);
    // Every run ended: each succeeded, or one failed (the others were stopped) or the job was cancelled.
    void finished();
    void failed(const QString& message);
    void cancelled();

private:
    struct Shared; // what the worker threads share with the job: the cancel flag, each run's share
    void onRunEnded(int run);
    void reportProgress(const QString& phase);
    void removeWrittenFiles();
    std::shared_ptr<Shared> m_shared;
    std::vector<SimulationRun> m_runs;
    std::vector<SimulationRunResult> m_results;
    std::vector<std::unique_ptr<QFutureWatcher<SimulationRunResult>>> m_watchers;
    QThreadPool m_pool;
    int m_pending = 0;
    bool m_failed = false;
};

} // namespace popscope
