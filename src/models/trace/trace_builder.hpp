#pragma once
// Builds one report's execution trace (buildTraceData: the LOD, the flame, the figures) off the GUI
// thread, with progress, Cancel, and `built`, `failed` or `cancelled`: the object that owns the work, as
// ReportLoader does for opening a report. The Execution Trace page has one per report slot.
#include "models/trace/trace_data.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace popscope {

class Report;

class TraceBuilder : public QObject {
    Q_OBJECT
public:
    explicit TraceBuilder(QObject* parent = nullptr);
    ~TraceBuilder() override; // stops a running build and waits for it

    // Builds the trace of `report` (opened from `path`); a build already running is told to stop
    // and its result is dropped.
    void start(std::shared_ptr<const Report> report, const QString& path);
    // The running build stops at its next check and ends with `cancelled`.
    void cancel();
    // Drops the running build without a signal (the reports changed).
    void drop();
    bool isRunning() const { return m_running; }
    // Blocks until the running build ends (tests only).
    void waitForFinished() { m_watcher->waitForFinished(); }

signals:
    void progress(int percent, const QString& stage);
    void built(std::shared_ptr<const TraceData> data);
    void failed(const QString& message);
    void cancelled();

private:
    struct Result {
        std::shared_ptr<TraceData> data;
        QString error;
    };
    void onFinished();

    QFutureWatcher<Result>* m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    bool m_running = false;
};

} // namespace popscope
