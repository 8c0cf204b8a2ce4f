#include "models/file_change_watcher.hpp"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

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

FileChangeWatcher::FileChangeWatcher(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(kPollMilliseconds);
    connect(m_poll, &QTimer::timeout, this, &FileChangeWatcher::check);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &FileChangeWatcher::check);
}

void FileChangeWatcher::watch(const QVector<QPair<QString, FileIdentity>>& files)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    m_files.clear();
    for (const auto& [path, identity] : files) {
        m_files.push_back({ path, identity, identity });
        if (identity.exists)
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
        const FileIdentity now = FileIdentity::of(file.path);
        // A file replaced by a rename leaves the watcher: follow the new one.
        if (now.exists && !m_watcher->files().contains(file.path))
            m_watcher->addPath(file.path);
        if (now == file.reported)
            continue;
        file.reported = now;
        if (now == file.opened) // changed back (e.g. restored): nothing to reload
            continue;
        emit changed(file.path, now.exists ? Change::Modified : Change::Deleted);
    }
}

} // namespace popscope
