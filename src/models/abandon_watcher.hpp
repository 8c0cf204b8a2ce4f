#pragma once
// Lets go of a background job nobody waits for: its signals no longer reach `owner`, it is asked to
// stop, and its watcher deletes itself once the job has finished (or now, if it has).
#include <QFutureWatcher>

namespace popscope {

template <typename T> void abandonWatcher(QFutureWatcher<T>*& watcher, QObject* owner)
{
    if (!watcher)
        return;
    watcher->disconnect(owner);
    watcher->cancel();
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
    if (watcher->isFinished())
        watcher->deleteLater();
    watcher = nullptr;
}

} // namespace popscope
