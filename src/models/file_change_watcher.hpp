#pragma once
// Notices when the files of the open reports change on disk (rewritten, replaced, truncated or
// deleted) so the window can offer Reload. A report keeps reading the version it opened (or fails
// a later part with a clear error if the file was cut short in place); this only tells the user.
//
// Each file's identity (size, modification time, existence) is taken when it was opened; the
// watcher reports a file once per new identity. QFileSystemWatcher gives the news at once where
// the file system supports it; a slow poll covers the rest (network folders, a file deleted and
// written again, which drops it from the watcher).
#include <QDateTime>
#include <QObject>
#include <QString>
#include <QVector>

class QFileSystemWatcher;
class QTimer;

namespace popscope {

struct FileIdentity {
    bool exists = false;
    qint64 size = 0;
    QDateTime modified;

    static FileIdentity of(const QString& path);
    bool operator==(const FileIdentity& other) const
    {
        return exists == other.exists && size == other.size && modified == other.modified;
    }
    bool operator!=(const FileIdentity& other) const { return !(*this == other); }
};

class FileChangeWatcher : public QObject {
    Q_OBJECT
public:
    enum class Change { Modified, Deleted };

    explicit FileChangeWatcher(QObject* parent = nullptr);
    // Watches these files from now on, each compared with the identity it had when it was opened.
    void watch(const QVector<QPair<QString, FileIdentity>>& files);
    void clear() { watch({}); }
    QStringList files() const;
    // Compares every file with its identity now (the poll and the file system's news call it).
    void check();

signals:
    void changed(const QString& path, popscope::FileChangeWatcher::Change change);

private:
    struct Watched {
        QString path;
        FileIdentity opened;
        FileIdentity reported; // the last identity told to the user, so each change is told once
    };
    QFileSystemWatcher* m_watcher;
    QTimer* m_poll;
    QVector<Watched> m_files;
};

} // namespace popscope
