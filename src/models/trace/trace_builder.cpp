#include "models/trace/trace_builder.hpp"

#include "models/report_parts.hpp"

#include "popscope/errors.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QCoreApplication>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <stdexcept>

namespace popscope {

TraceBuilder::TraceBuilder(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFutureWatcher<Result>(this))
{
    connect(m_watcher, &QFutureWatcherBase::finished, this, &TraceBuilder::onFinished);
}

TraceBuilder::~TraceBuilder()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_watcher->disconnect(this);
    const remote::GuiWaitScope waiting; // a question its reading asks now gets no answer
    m_watcher->waitForFinished();
}

void TraceBuilder::start(std::shared_ptr<const Report> report, const QString& path)
{
    drop();
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    m_cancelled = cancelled;
    m_running = true;
    // Progress comes from the worker; it reaches the GUI thread only while this build is current.
    auto progress = [self = QPointer<TraceBuilder>(this), cancelled](int percent, const QString& stage) {
        QMetaObject::invokeMethod(
            qApp,
            [self, cancelled, percent, stage] {
                if (self && self->m_cancelled == cancelled)
                    emit self->progress(percent, stage);
            },
            Qt::QueuedConnection);
    };
    // A previous build may still run: it sees its own flag and ends; the watcher follows the new one.
    m_watcher->setFuture(QtConcurrent::run([report, path, progress, cancelled]() -> Result {
        const PartReaderScope reading; // no part is released meanwhile (PageMemoryKeeper)
        try {
            return { buildTraceData(report, progress, *cancelled), {} };
        } catch (const ProfileError& error) { // a damaged part: said in the page, not a crash
            return { nullptr, QString::fromStdString(error.what()) };
        } catch (const std::bad_alloc&) {
            return { nullptr, tr("%1: not enough memory to build the trace").arg(path) };
        } catch (const std::length_error&) { // a lane beyond GroupRows' 4 G figures
            return { nullptr, tr("%1: too many steps on one IPU to build the trace").arg(path) };
        }
    }));
}

void TraceBuilder::cancel()
{
    if (m_running && m_cancelled)
        m_cancelled->store(true);
}

void TraceBuilder::drop()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_cancelled.reset();
    m_running = false;
    // A finished build's result stays in the watcher's future: let go of the trace it holds (80 MB
    // for two bench-large traces) with the page's. A build still running ends on its own flag.
    if (m_watcher->isFinished())
        m_watcher->setFuture(QFuture<Result>());
}

void TraceBuilder::onFinished()
{
    if (!m_running || m_watcher->isCanceled() || m_watcher->future().resultCount() == 0)
        return;
    m_running = false;
    const Result result = m_watcher->result();
    const bool cancelled = m_cancelled && m_cancelled->load();
    if (result.data)
        emit built(result.data);
    else if (!result.error.isEmpty())
        emit failed(result.error);
    else if (cancelled)
        emit this->cancelled();
}

} // namespace popscope
