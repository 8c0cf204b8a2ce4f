#pragma once
// Opens a profile off the GUI thread (QtConcurrent::run + QFutureWatcher) with staged progress
// messages and cancellation. Never calls processEvents.
#include "models/loaded_report.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

namespace popscope {

struct LoadOutcome {
    std::shared_ptr<LoadedReport> report; // null on error or cancel
    QString error; // the ProfileError message (names file and problem)
    bool cancelled = false;
};

class ReportLoader : public QObject {
    Q_OBJECT
public:
    explicit ReportLoader(QObject* parent = nullptr);
    ~ReportLoader() override;

    // The parts to read before a report is delivered (the summary; pages read the rest).
    void setParts(std::vector<ReportPart> parts) { m_parts = std::move(parts); }
    int stageCount() const { return loadStageCount(m_parts); }
    // Starts loading `path`; a load already running is dropped first (without a signal).
    void start(const QString& path);
    // Drops the running load: `cancelled` is emitted at once and the load delivers nothing.
    void cancel();
    bool isRunning() const;
    QString path() const { return m_path; }
    // Blocks until the current load ends (tests and the bench only).
    void waitForFinished();

signals:
    void progress(int stage, int stageCount, const QString& message);
    void loaded(std::shared_ptr<popscope::LoadedReport> report);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

private:
    void onFinished();
    void dropWatcher();
    QFutureWatcher<LoadOutcome>* m_watcher = nullptr;
    QString m_path;
    std::vector<ReportPart> m_parts = openingParts();
};

} // namespace popscope
