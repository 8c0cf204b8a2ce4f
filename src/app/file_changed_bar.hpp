#pragma once
// The strip above the report pages that says a report's file changed on disk since it was opened
// (rewritten by a new run, replaced, deleted) and offers Reload. It watches the files of whatever
// ReportState holds, source and target.
#include "models/file_change_watcher.hpp"

#include <QWidget>

class QLabel;
class QPushButton;

namespace popscope {

class ReportState;

class FileChangedBar : public QWidget {
    Q_OBJECT
public:
    explicit FileChangedBar(ReportState* state, QWidget* parent = nullptr);
    QString text() const; // the message shown, for tests
    FileChangeWatcher* watcher() const { return m_watcher; }

signals:
    void reloadRequested();

private:
    void follow();
    void onChanged(const QString& path, FileChangeWatcher::Change change);
    ReportState* m_state;
    FileChangeWatcher* m_watcher;
    QLabel* m_message;
    QPushButton* m_reload;
    QStringList m_modified;
    QStringList m_deleted;
};

} // namespace popscope
