#pragma once
// The BSP pictures of a trace's lanes, computed off the GUI thread by one job at a time (the
// painters and their row caches are the job's while it runs). Until a job is done the last
// pictures stay, so the view can draw them moved and scaled to the current window and a zoom or
// pan never waits for the cells. The view says what it shows through a request source, which the
// job asks whenever it starts, so the pictures always follow the window shown by then.
#include "models/trace/trace_tiles_painter.hpp"

#include <QFutureWatcher>
#include <QImage>
#include <QObject>
#include <QPalette>

#include <functional>
#include <memory>
#include <vector>

namespace popscope {

// The pictures of one window: one image per lane.
struct TracePictures {
    std::vector<QImage> images;
    std::vector<uint32_t> ipus; // the lane each picture is of
    TraceWindow window;
    bool singleTiles = false; // painted tile by tile (not groups of 16)

    const QImage* imageOf(uint32_t ipu) const; // null: no picture of that lane
};

class TracePictureJob : public QObject {
    Q_OBJECT
public:
    // What the view shows now: its lanes (IPU and picture size), the window and the colours.
    struct Request {
        std::vector<uint32_t> ipus;
        std::vector<QSize> sizes;
        TraceWindow window;
        QPalette palette;
    };
    using RequestSource = std::function<Request()>;

    explicit TracePictureJob(RequestSource currentRequest, QObject* parent = nullptr);
    ~TracePictureJob() override; // waits for a running job

    void setTrace(std::shared_ptr<const TraceData> trace); // waits, then drops the pictures
    // The window changed: the pictures (and a running job's) are old; they still stand in.
    void invalidate();
    void start(); // a job for the current request, unless one runs or the pictures are current
    void finish(); // the current pictures now (saving an image, screenshots, tests)
    bool current() const { return m_valid && !m_running; }
    const TracePictures& pictures() const { return m_pictures; }

signals:
    void updated(); // pictures arrived (current or standing in): repaint
    void ready(); // the current window's pictures are in

private:
    void take(); // the finished job's pictures (and another job when they are old)
    void wait(); // until no job runs, keeping its pictures to stand in
    void adopt(); // the finished job's result becomes the pictures

    RequestSource m_currentRequest;
    std::shared_ptr<const TraceData> m_trace;
    std::vector<TraceTilesPainter> m_painters; // one per lane: the lanes are painted in parallel
    QFutureWatcher<TracePictures>* m_watcher;
    TracePictures m_pictures;
    bool m_valid = false;
    bool m_running = false;
    bool m_stale = false; // the window changed while the job ran
};

} // namespace popscope
