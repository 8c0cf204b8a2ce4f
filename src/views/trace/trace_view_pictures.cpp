// TraceView's BSP pictures: computed off the GUI thread by one job at a time (the painters and
// their row caches are the job's while it runs); until the job is done the last pictures are drawn
// moved and scaled to the current window, so a zoom or pan never waits for the cells.
#include "views/trace/trace_view.hpp"

#include <QCoreApplication>
#include <QPainter>
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

TraceView::~TraceView()
{
    waitForPictures();
}

void TraceView::startPictures()
{
    // A running job is marked stale by invalidate() when the window changes, and then followed by
    // one for the window shown by then; a mere repaint meanwhile must not mark it, or each job's
    // own repaint would chain another job forever and the pictures would never be current.
    if (m_jobRunning)
        return;
    if (!m_trace)
        return;
    const auto all = lanes();
    std::vector<uint32_t> ipus;
    std::vector<QSize> sizes;
    for (const Lane& lane : all) {
        ipus.push_back(lane.ipu);
        sizes.push_back(lane.tiles.size());
    }
    if (m_painters.size() != all.size()) {
        m_painters.assign(all.size(), TraceTilesPainter());
        for (TraceTilesPainter& painter : m_painters)
            painter.setTrace(m_trace.get());
    }
    m_jobRunning = true;
    m_jobStale = false;
    // The job keeps the data alive; the last pictures (shared, read-only) let a pan keep columns.
    m_job->setFuture(
        QtConcurrent::run([pool = lanePool(), trace = m_trace, painters = m_painters.data(), ipus, sizes,
                              window = currentWindow(), colours = palette(), previous = m_images,
                              previousIpus = m_imageIpus, previousWindow = m_imageWindow] {
            Pictures out;
            out.ipus = ipus;
            out.window = window;
            out.images.resize(ipus.size());
            std::vector<size_t> indexes(ipus.size());
            std::iota(indexes.begin(), indexes.end(), size_t(0));
            QtConcurrent::blockingMap(pool, indexes, [&](size_t i) {
                const bool reuse = i < previous.size() && previousIpus[i] == ipus[i];
                out.images[i] = painters[i].paint(ipus[i], window, sizes[i], colours,
                    reuse ? &previous[i] : nullptr, reuse ? &previousWindow : nullptr);
            });
            out.singleTiles = !ipus.empty() && painters[0].fullResolution();
            return out;
        }));
}

void TraceView::takePictures()
{
    if (!m_jobRunning || !m_job->isFinished())
        return; // a late signal of an earlier job
    adoptPictures();
    update();
    if (m_jobStale) { // the window moved meanwhile: these pictures stand in until the next
        startPictures();
        return;
    }
    m_imagesValid = true;
    emit picturesReady();
}

void TraceView::waitForPictures()
{
    // Waits for the running job and keeps its pictures to stand in, without starting another:
    // this runs in the destructor too, when the zoom may already be gone.
    if (!m_jobRunning)
        return;
    m_job->waitForFinished();
    adoptPictures();
    m_imagesValid = false;
}

void TraceView::adoptPictures()
{
    Pictures done = m_job->result();
    m_jobRunning = false;
    m_images = std::move(done.images);
    m_imageIpus = std::move(done.ipus);
    m_imageWindow = done.window;
    m_singleTiles = done.singleTiles;
}

void TraceView::finishPictures()
{
    if (!m_trace)
        return;
    // Two rounds do it (a job started for an older window, then one for this window); a third is
    // only a margin.
    for (int round = 0; round < 3 && !picturesCurrent(); ++round) {
        if (!m_jobRunning)
            startPictures();
        m_job->waitForFinished();
        takePictures();
    }
}

void TraceView::paintPicture(QPainter& p, const Lane& lane, const TraceWindow& now) const
{
    const auto at = std::find(m_imageIpus.begin(), m_imageIpus.end(), lane.ipu);
    const QImage* image = at == m_imageIpus.end() ? nullptr : &m_images[size_t(at - m_imageIpus.begin())];
    if (image && m_imagesValid && image->size() == lane.tiles.size()) {
        p.drawImage(lane.tiles.topLeft(), *image);
        return;
    }
    p.fillRect(lane.tiles, palette().color(QPalette::Base)); // what no picture covers yet
    if (!image || image->isNull())
        return;
    // Where the last picture's columns and rows fall in this window, cut to the part that shows
    // (a deep zoom would otherwise scale it to billions of pixels).
    const TraceWindow& then = m_imageWindow;
    const double scaleX = then.cyclesPerColumn / now.cyclesPerColumn;
    const double left = double(then.firstColumn) * scaleX - double(now.firstColumn);
    const double rowsPerTile
        = double(lane.tiles.height()) / double(std::max(1u, now.lastTile - now.firstTile));
    const double scaleY = double(then.lastTile - then.firstTile) * rowsPerTile / std::max(1, image->height());
    const double top = (double(then.firstTile) - double(now.firstTile)) * rowsPerTile;
    const double x0 = std::clamp(-left / scaleX, 0.0, double(image->width()));
    const double x1 = std::clamp((lane.tiles.width() - left) / scaleX, 0.0, double(image->width()));
    const double y0 = std::clamp(-top / scaleY, 0.0, double(image->height()));
    const double y1 = std::clamp((lane.tiles.height() - top) / scaleY, 0.0, double(image->height()));
    if (x1 <= x0 || y1 <= y0)
        return;
    const QRectF source(x0, y0, x1 - x0, y1 - y0);
    const QRectF target(lane.tiles.left() + left + x0 * scaleX, lane.tiles.top() + top + y0 * scaleY,
        (x1 - x0) * scaleX, (y1 - y0) * scaleY);
    p.save();
    p.setClipRect(lane.tiles);
    p.drawImage(target, *image, source);
    p.restore();
}

} // namespace popscope
