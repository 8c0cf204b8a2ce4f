#include "models/trace/trace_picture_job.hpp"

#include "popscope/remote/remote_settings.hpp"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#include <numeric>

namespace popscope {

namespace {
// A job paints its lanes in parallel in a pool of their own. The jobs run in the global pool and
// wait for their lanes: lanes queued there could wait for the threads those very jobs hold (two
// traces in compare mode on two cores hung the window that way). Lane tasks never wait, so their
// pool always moves on.
QThreadPool* lanePool()
{
    static QThreadPool* pool = [] {
        auto* lanes = new QThreadPool(QCoreApplication::instance());
        lanes->setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
        return lanes;
    }();
    return pool;
}
} // namespace

const QImage* TracePictures::imageOf(uint32_t ipu) const
{
    const auto at = std::find(ipus.begin(), ipus.end(), ipu);
    return at == ipus.end() ? nullptr : &images[size_t(at - ipus.begin())];
}

TracePictureJob::TracePictureJob(RequestSource currentRequest, QObject* parent)
    : QObject(parent)
    , m_currentRequest(std::move(currentRequest))
    , m_watcher(new QFutureWatcher<TracePictures>(this))
{
    connect(m_watcher, &QFutureWatcherBase::finished, this, &TracePictureJob::take);
}

TracePictureJob::~TracePictureJob()
{
    wait();
}

void TracePictureJob::setTrace(std::shared_ptr<const TraceData> trace)
{
    wait(); // the painters are the job's until it ends
    m_trace = std::move(trace);
    m_painters.clear();
    m_pictures = {}; // other data: nothing to keep
    invalidate();
}

void TracePictureJob::invalidate()
{
    m_valid = false;
    m_stale = m_running; // the running job's pictures are already old
}

void TracePictureJob::start()
{
    // A running job is marked stale by invalidate() when the window changes, and then followed by
    // one for the window shown by then; a mere repaint meanwhile must not mark it, or each job's
    // own repaint would chain another job forever and the pictures would never be current.
    if (m_running || m_valid || !m_trace)
        return;
    Request request = m_currentRequest();
    if (m_painters.size() != request.ipus.size()) {
        m_painters.assign(request.ipus.size(), TraceTilesPainter());
        for (TraceTilesPainter& painter : m_painters)
            painter.setTrace(m_trace.get());
    }
    m_running = true;
    m_stale = false;
    // The job keeps the data alive; the last pictures (shared, read-only) let a pan keep columns.
    m_watcher->setFuture(QtConcurrent::run([pool = lanePool(), trace = m_trace, painters = m_painters.data(),
                                               request = std::move(request), previous = m_pictures] {
        TracePictures out;
        out.ipus = request.ipus;
        out.window = request.window;
        out.images.resize(request.ipus.size());
        std::vector<size_t> indexes(request.ipus.size());
        std::iota(indexes.begin(), indexes.end(), size_t(0));
        QtConcurrent::blockingMap(pool, indexes, [&](size_t i) {
            const bool reuse = i < previous.images.size() && previous.ipus[i] == request.ipus[i];
            out.images[i] = painters[i].paint(request.ipus[i], request.window, request.sizes[i],
                request.palette, reuse ? &previous.images[i] : nullptr, reuse ? &previous.window : nullptr);
        });
        out.singleTiles = !request.ipus.empty() && painters[0].fullResolution();
        return out;
    }));
}

void TracePictureJob::take()
{
    if (!m_running || !m_watcher->isFinished())
        return; // a late signal of an earlier job
    adopt();
    emit updated();
    if (m_stale) { // the window moved meanwhile: these pictures stand in until the next
        start();
        return;
    }
    m_valid = true;
    emit ready();
}

void TracePictureJob::wait()
{
    // Keeps the running job's pictures to stand in, without starting another: this runs in the
    // destructor too, when the view may already be gone.
    if (!m_running)
        return;
    const remote::GuiWaitScope waiting; // a row its painting reads asks nothing now
    m_watcher->waitForFinished();
    adopt();
    m_valid = false;
}

void TracePictureJob::adopt()
{
    m_pictures = m_watcher->result();
    m_running = false;
}

void TracePictureJob::finish()
{
    if (!m_trace)
        return;
    // Two rounds do it (a job started for an older window, then one for this window); a third is
    // only a margin.
    for (int round = 0; round < 3 && !current(); ++round) {
        if (!m_running)
            start();
        const remote::GuiWaitScope waiting;
        m_watcher->waitForFinished();
        take();
    }
}

} // namespace popscope
