#include "models/trace/trace_exporter.hpp"

#include "popscope/chrome_trace.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace popscope {

TraceExporter::TraceExporter(QObject* parent)
    : QObject(parent)
{
}

TraceExporter::~TraceExporter()
{
    waitForFinished();
}

void TraceExporter::waitForFinished()
{
    const remote::GuiWaitScope waiting; // a question its reading asks now gets no answer
    for (auto* watcher : m_running)
        watcher->waitForFinished();
}

void TraceExporter::start(const QString& source, const QString& path, bool perTile)
{
    auto* watcher = new QFutureWatcher<QString>(this);
    m_running.push_back(watcher);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        std::erase(m_running, watcher);
        watcher->deleteLater();
        const QString problem = watcher->result();
        if (problem.isEmpty())
            emit written(path);
        else
            emit failed(path, problem);
    });
    emit progress(tr("Writing %1…").arg(path));
    // The profile is opened again in the worker: the export streams it, apart from the GUI's report.
    watcher->setFuture(QtConcurrent::run([source = source.toStdString(), path, perTile]() -> QString {
        try {
            writeChromeTrace(*Profile::open(source), path.toStdString(), perTile);
            return {};
        } catch (const ProfileError& error) {
            return QString::fromStdString(error.what());
        }
    }));
}

} // namespace popscope
