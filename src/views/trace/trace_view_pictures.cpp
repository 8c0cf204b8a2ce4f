// TraceView's BSP pictures: a TracePictureJob computes them off the GUI thread for the lanes and
// window the view shows; until they are current the last ones are drawn moved and scaled to the
// current window, so a zoom or pan never waits for the cells.
#include "models/trace/trace_picture_job.hpp"
#include "views/trace/trace_view.hpp"

#include <QPainter>

#include <algorithm>

namespace popscope {

TraceView::~TraceView() = default; // the job waits for itself

TracePictureJob::Request TraceView::pictureRequest() const
{
    TracePictureJob::Request request;
    for (const Lane& lane : lanes()) {
        request.ipus.push_back(lane.ipu);
        request.sizes.push_back(lane.tiles.size());
    }
    request.window = currentWindow();
    request.palette = palette();
    return request;
}

void TraceView::finishPictures()
{
    m_pictures->finish();
}

bool TraceView::picturesCurrent() const
{
    return m_pictures->current();
}

bool TraceView::showsSingleTiles() const
{
    return m_pictures->pictures().singleTiles;
}

void TraceView::paintPicture(QPainter& p, const Lane& lane, const TraceWindow& now) const
{
    const TracePictures& pictures = m_pictures->pictures();
    const QImage* image = pictures.imageOf(lane.ipu);
    if (image && m_pictures->current() && image->size() == lane.tiles.size()) {
        p.drawImage(lane.tiles.topLeft(), *image);
        return;
    }
    p.fillRect(lane.tiles, palette().color(QPalette::Base)); // what no picture covers yet
    if (!image || image->isNull())
        return;
    // Where the last picture's columns and rows fall in this window, cut to the part that shows
    // (a deep zoom would otherwise scale it to billions of pixels).
    const TraceWindow& then = pictures.window;
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
