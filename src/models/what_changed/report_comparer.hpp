#pragma once
// Compares two reports off the GUI thread for the What changed page, in two stages: the report
// figures (compareReports: memory, liveness, variables, operations), then the execution traces
// (compareExecutionTraces: total cycles, parallel efficiency, shares of the cycles), which read
// every tile's cycles and may take a second on large profiles. The object that owns the work, as
// ReportLoader and TraceBuilder do: it says each stage, `compared` once the figures are ready,
// `tracesCompared` once the traces are (or why they could not be), and `failed`.
#include "models/loaded_report.hpp"
#include "popscope/report_comparison.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace popscope {

class ReportComparer : public QObject {
    Q_OBJECT
public:
    explicit ReportComparer(QObject* parent = nullptr);
    ~ReportComparer() override; // waits for the running stage

    // Compares `source` with `target`; work already running is dropped first (without a signal).
    void start(std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target);
    // Drops the running work and the comparison: nothing is delivered until the next start. The
    // figures stage stops at its next step (CompareOptions::cancelled), letting go of its digests,
    // and says `droppedWorkEnded` then (the parts it read stay in the reports until released).
    void drop();
    // The comparison once `compared` (its `trace` filled once `tracesCompared`), else null.
    const ReportComparison* comparison() const { return m_comparison.get(); }
    bool isComparing() const { return m_figures != nullptr; }
    bool tracesPending() const { return m_traces != nullptr || m_tracesDue; }
    // While held (its page is not shown), the trace stage waits once the figures are compared, so
    // it reads nothing while the user looks at other pages; released, it starts.
    void holdTraces(bool hold);
    // Why the execution traces could not be compared (names the file and the problem), or "".
    QString traceError() const { return m_traceError; }
    // What runs now, for people ("Comparing a.pop with b.pop…"), or "" when idle.
    QString stage() const { return m_stage; }
    // Blocks until the running stage ends (tests only).
    void waitForFinished();

signals:
    void progress(const QString& stage);
    void compared();
    void tracesCompared();
    void failed(const QString& message);
    void droppedWorkEnded(); // a figures stage dropped while it ran has returned

private:
    struct Figures {
        std::shared_ptr<ReportComparison> comparison;
        QString error;
    };
    struct Traces {
        TraceComparison comparison;
        QString error;
    };
    void compareTraces();
    void onCompared();
    void onTracesCompared();
    void setStage(const QString& stage);

    std::shared_ptr<const Report> m_source, m_target; // held while the work runs
    QFutureWatcher<Figures>* m_figures = nullptr;
    QFutureWatcher<Traces>* m_traces = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancelFigures; // the running figures stage's
    std::shared_ptr<ReportComparison> m_comparison;
    bool m_tracesHeld = false;
    bool m_tracesDue = false; // compared, the trace stage waiting for holdTraces(false)
    QString m_traceError;
    QString m_stage;
};

} // namespace popscope
