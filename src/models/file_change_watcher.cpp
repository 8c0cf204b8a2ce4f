#include "models/file_change_watcher.hpp"

#include "popscope/remote/remote_address.hpp"
#include "popscope/remote/sftp_file.hpp"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>
#include <QtConcurrent>

#include <utility>

namespace popscope {

namespace {
constexpr int kPollMilliseconds = 2000;
}

FileIdentity FileIdentity::of(const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    return { true, info.size(), info.lastModified() };
}

FileIdentity FileIdentity::of(const remote::RemoteFileState& state)
{
    if (!state.exists)
        return {};
    return { true, qint64(state.size), QDateTime::fromSecsSinceEpoch(state.modified) };
}

FileChangeWatcher::FileChangeWatcher(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(kPollMilliseconds);
    connect(m_poll, &QTimer::timeout, this, &FileChangeWatcher::check);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &FileChangeWatcher::check);
    connect(&m_remoteAnswers, &QFutureWatcherBase::finished, this, &FileChangeWatcher::takeRemoteAnswers);
}

void FileChangeWatcher::setRemoteFile(const QString& path, std::shared_ptr<remote::SftpFile> file)
{
    for (Watched& watched : m_files)
        if (watched.path == path)
            watched.remoteFile = file;
    m_watcher->removePath(path);
}

void FileChangeWatcher::watch(const QVector<QPair<QString, FileIdentity>>& files)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_files.clear();
    for (const auto& [path, identity] : files) {
        m_files.push_back({ path, identity, identity, nullptr });
        if (identity.exists && QFileInfo::exists(path))
            m_watcher->addPath(path);
    }
    if (m_files.isEmpty())
        m_poll->stop();
    else
        m_poll->start();
    check(); // a file changed between opening and watching is told now
}

QStringList FileChangeWatcher::files() const
{
    QStringList paths;
    for (const Watched& file : m_files)
        paths << file.path;
    return paths;
}

void FileChangeWatcher::check()
{
    for (Watched& file : m_files) {
        if (file.remoteFile || remote::isRemoteAddress(file.path.toStdString()))
            continue; // asked over the network below (once its file is given)
        const FileIdentity now = FileIdentity::of(file.path);
        // A file replaced by a rename leaves the watcher: follow the new one.
        if (now.exists && !m_watcher->files().contains(file.path))
            m_watcher->addPath(file.path);
        compare(file, now);
    }
    askRemoteFiles();
}

void FileChangeWatcher::compare(Watched& file, const FileIdentity& now)
{
    if (now == file.reported)
        return;
    file.reported = now;
    if (now == file.opened) // changed back (e.g. restored): nothing to reload
        return;
    emit changed(file.path, now.exists ? Change::Modified : Change::Deleted);
}

void FileChangeWatcher::askRemoteFiles()
{
    if (m_remoteAnswers.isRunning())
        return;
    // Answers whose finished signal is still queued are taken now: setFuture would drop them, and
    // a file opened from the disk cache tells a newer version on the server once.
    takeRemoteAnswers();
    QVector<std::shared_ptr<remote::SftpFile>> remoteFiles; // each asked once (a report compared with itself)
    for (const Watched& file : m_files)
        if (file.remoteFile && !remoteFiles.contains(file.remoteFile))
            remoteFiles.push_back(file.remoteFile);
    if (remoteFiles.isEmpty())
        return;
    m_remoteAnswersUntaken = true;
    m_remoteAnswers.setFuture(QtConcurrent::run([remoteFiles] {
        QVector<RemoteAnswer> answers;
        for (const auto& file : remoteFiles) {
            try {
                answers.push_back({ file, FileIdentity::of(file->check()) });
            } catch (const std::exception&) {
                // The server cannot be asked now: the page reading a part says so, with Retry.
            }
        }
        return answers;
    }));
}

void FileChangeWatcher::takeRemoteAnswers()
{
    if (!std::exchange(m_remoteAnswersUntaken, false))
        return;
    for (const RemoteAnswer& answer : m_remoteAnswers.result())
        for (Watched& file : m_files)
            if (file.remoteFile == answer.file)
                compare(file, answer.now);
}

} // namespace popscope
