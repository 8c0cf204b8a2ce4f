#pragma once
// Notices when the files of the open reports change on disk (rewritten, replaced, truncated or
// deleted) so the window can offer Reload. A report keeps reading the version it opened (or fails
// a later part with a clear error if the file was cut short in place); this only tells the user.
//
// Each file's identity (size, modification time, existence) is taken when it was opened; the
// watcher reports a file once per new identity. QFileSystemWatcher gives the news at once where
// the file system supports it; a slow poll covers the rest (network folders, a file deleted and
// written again, which drops it from the watcher). A remote report's file is asked about over SFTP
// on the poll, off the GUI thread.
#include <QDateTime>
#include <QFutureWatcher>
#include <QObject>

#include <QString>
#include <QVector>
#include <memory>

class QFileSystemWatcher;
class QTimer;

namespace popscope::remote {
class SftpFile;
struct RemoteFileState;
} // namespace popscope::remote

namespace popscope {

struct FileIdentity {
    bool exists = false;
    qint64 size = 0;
    QDateTime modified;

    static FileIdentity of(const QString& path);
    static FileIdentity of(const remote::RemoteFileState& state);
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
    // `path` (already watched) is a remote report's: its state comes from `file` over SFTP.
    void setRemoteFile(const QString& path, std::shared_ptr<remote::SftpFile> file);
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
        std::shared_ptr<remote::SftpFile> remoteFile;
    };
    // One file's state on its server, as a background round found it.
    struct RemoteAnswer {
        std::shared_ptr<remote::SftpFile> file; // the one asked: a round from before watch() is not taken
        FileIdentity now;
    };
    void compare(Watched& file, const FileIdentity& now);
    void askRemoteFiles();
    void takeRemoteAnswers();
    QFileSystemWatcher* m_watcher;
    QTimer* m_poll;
    QVector<Watched> m_files;
    // One SFTP stat round at a time (a file that cannot be asked gives no answer).
    QFutureWatcher<QVector<RemoteAnswer>> m_remoteAnswers;
    bool m_remoteAnswersUntaken = false; // asked and not yet compared (finished may still be queued)
};

} // namespace popscope
