#pragma once
// The two slots of a session: opens one report, or a source and a target for compare mode, each
// with its own loader (both load at once, off the GUI thread), and hands them to ReportState
// together when both are ready. A failure or cancel leaves the reports already open untouched.
#include "models/report_loader.hpp"
#include "models/report_state.hpp"

#include <QObject>
#include <QString>

#include <array>
#include <memory>

namespace popscope {

class ReportSession : public QObject {
    Q_OBJECT
public:
    explicit ReportSession(ReportState* state, QObject* parent = nullptr);

    // The parts both slots read before their report is shown (the registered pages' union).
    void setParts(const std::vector<ReportPart>& parts);
    int stageCount() const { return m_loaders[0]->stageCount(); }
    void open(const QString& path); // single mode
    void compare(const QString& source, const QString& target); // compare mode
    void reload(); // what is open, in its mode
    void cancel();
    bool isLoading() const;
    // The paths being loaded (one or two), for progress text.
    QStringList loadingPaths() const;
    ReportLoader* loader(int slot) const { return m_loaders[size_t(slot)]; }
    // Blocks until the running loads end (tests only).
    void waitForFinished();

signals:
    // `done` of `total` stages over both loads; `text` names the file(s) and the current stage.
    void progress(int done, int total, const QString& text);
    void opened(const QString& source, const QString& target); // target empty in single mode
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

private:
    void start(const QString& source, const QString& target);
    void onLoaded(int slot, std::shared_ptr<LoadedReport> report);
    void onFailed(const QString& path, const QString& message);
    void onProgress(int slot, int stage, const QString& message);
    void stopAll();

    ReportState* m_state;
    std::array<ReportLoader*, 2> m_loaders {};
    std::array<std::shared_ptr<LoadedReport>, 2> m_ready;
    std::array<bool, 2> m_waiting { false, false };
    std::array<int, 2> m_stage { 0, 0 };
    std::array<QString, 2> m_stageText;
    std::array<QString, 2> m_paths;
};

} // namespace popscope
