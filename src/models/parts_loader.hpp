#pragma once
// Reads the parts one page needs of the open reports (one, or source and target), off the GUI
// thread, part by part, with progress, cancellation and a failure that names the file and the
// problem. Each ReportPage owns one; the parts land in the reports' caches (core's Report), so
// every later page that needs them has them at once. Never calls processEvents.
#include "models/loaded_report.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace popscope {

class PartsLoader : public QObject {
    Q_OBJECT
public:
    explicit PartsLoader(QObject* parent = nullptr);
    ~PartsLoader() override;

    // Whether every one of `parts` of every report is read already (then nothing needs loading).
    static bool isRead(const std::vector<std::shared_ptr<const LoadedReport>>& reports,
        const std::vector<ReportPart>& parts);
    // Starts reading `parts` of `reports` (null entries skipped); a job already running is dropped
    // without a signal.
    void start(std::vector<std::shared_ptr<const LoadedReport>> reports, std::vector<ReportPart> parts);
    // Drops the running job: `cancelled` is emitted at once and the job delivers nothing. A part
    // already being read finishes in the background and is kept in its report's cache.
    void cancel();
    bool isRunning() const { return m_watcher != nullptr; }
    // Blocks until the running job ends (tests and benches only).
    void waitForFinished();

signals:
    // `done` of `total` parts over every report; `text` says what is being read, and of which file.
    void progress(int done, int total, const QString& text);
    void finished();
    void failed(const QString& message);
    void cancelled();

private:
    void onFinished();
    void onProgress(int slot, int done, const QString& text);
    void dropWatcher();
    QFutureWatcher<QString>* m_watcher = nullptr; // the job's error message, empty when it worked
    int m_total = 0;
    QString m_stages[2]; // what each report is reading now, "" when done
};

} // namespace popscope
