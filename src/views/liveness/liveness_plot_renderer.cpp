#include "views/liveness/liveness_plot_renderer.hpp"

#include "models/compare_colors.hpp"
#include "models/liveness/step_buckets.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/tile_axis.hpp"
#include "views/memory/memory_chart_renderer.hpp"
#include "views/widgets/chart_legend.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QCoreApplication>
#include <QPainter>
#include <QPolygon>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr int kLivenessPlotMargin = ChartLegend::kMargin;
using Kind = LegendItem::Kind;

QColor alwaysLiveColor()
{
    return ChartPalette::seriesColor(QStringLiteral("alwaysLive"));
}
QColor notAlwaysLiveColor()
{
    return ChartPalette::seriesColor(QStringLiteral("notAlwaysLive"));
}
QColor targetAlwaysLiveColor()
{
    return CompareColors::target().lighter(160);
}
QColor filterColor(const QPalette& palette)
{
    return ChartPalette::text(palette);
}

uint64_t curveMax(const LivenessPlotCurve& c, bool withAlwaysLive)
{
    if (!c.notAlwaysLive || c.notAlwaysLive->empty())
        return 0;
    // The peak is the maximum: no scan of every step, several times a frame.
    const uint64_t top = c.peakStep >= 0 && size_t(c.peakStep) < c.notAlwaysLive->size()
        ? (*c.notAlwaysLive)[size_t(c.peakStep)]
        : *std::max_element(c.notAlwaysLive->begin(), c.notAlwaysLive->end());
    return top + (withAlwaysLive ? c.alwaysLive : 0);
}

// The capacity line is drawn when it does not squash the curves into the bottom of the plot.
bool capacityOnScale(const LivenessPlotScene& s)
{
    const uint64_t top
        = std::max(curveMax(s.source, s.includeAlwaysLive), curveMax(s.target, s.includeAlwaysLive));
    return s.showCapacity && s.source.capacity > 0
        && double(s.source.capacity) <= 2.5 * double(std::max<uint64_t>(top, 1));
}

} // namespace

std::vector<LegendItem> LivenessPlotRenderer::legendItems(const LivenessPlotScene& s, const QPalette& palette)
{
    // The always-live keys stay listed when hidden, struck through: a click shows them again.
    const bool hidden = !s.includeAlwaysLive;
    const QString alwaysKey = QStringLiteral("alwaysLive");
    std::vector<LegendItem> items;
    if (s.comparing()) {
        items.push_back(
            { QCoreApplication::translate("popscope::LivenessPlotRenderer", "Source: Always live"),
                alwaysLiveColor(), Kind::Swatch, alwaysKey, hidden });
        items.push_back(
            { QCoreApplication::translate("popscope::LivenessPlotRenderer", "Source: Not always live"),
                notAlwaysLiveColor(), Kind::Swatch });
        items.push_back(
            { QCoreApplication::translate("popscope::LivenessPlotRenderer", "Target: Always live"),
                s.merged ? targetAlwaysLiveColor() : alwaysLiveColor(),
                s.merged ? Kind::DashedLine : Kind::Swatch, alwaysKey, hidden });
        items.push_back(
            { QCoreApplication::translate("popscope::LivenessPlotRenderer", "Target: Not always live"),
                s.merged ? CompareColors::target() : notAlwaysLiveColor(),
                s.merged ? Kind::SolidLine : Kind::Swatch });
    } else {
        items.push_back({ QCoreApplication::translate("popscope::LivenessPlotRenderer", "Always live"),
            alwaysLiveColor(), Kind::Swatch, alwaysKey, hidden });
        items.push_back({ QCoreApplication::translate("popscope::LivenessPlotRenderer", "Not always live"),
            notAlwaysLiveColor(), Kind::Swatch });
    }
    if (s.showCapacity && s.source.capacity > 0) {
        const QString capacity = s.capacityLabel + QStringLiteral(" (") + bytesText(s.source.capacity, s.unit)
            + QLatin1Char(')');
        items.push_back({ capacityOnScale(s) ? capacity
                                             : capacity
                    + QCoreApplication::translate("popscope::LivenessPlotRenderer", ": above the plot"),
            ChartPalette::overCapacity(), Kind::DashedLine });
    }
    if (s.source.peakStep >= 0)
        items.push_back({ QCoreApplication::translate("popscope::LivenessPlotRenderer", "Peak"),
            ChartPalette::text(palette), Kind::Marker });
    if (s.selected && !s.selected->empty())
        items.push_back({ QCoreApplication::translate("popscope::LivenessPlotRenderer", "Selected steps"),
            palette.color(QPalette::Highlight), Kind::Band });
    if (s.filterMatches
        && std::find(s.filterMatches->begin(), s.filterMatches->end(), 1) != s.filterMatches->end())
        items.push_back(
            { QCoreApplication::translate("popscope::LivenessPlotRenderer", "Steps matching the filter"),
                filterColor(palette), Kind::Swatch });
    return items;
}

namespace {

// Pixel rows of byte counts in a pane whose top is `ymax` bytes.
struct PaneScale {
    PaneScale(const QRect& pane, double ymax)
        : bottom(pane.bottom() + 1)
        , k(pane.height() / ymax)
    {
    }
    int y(double bytes) const { return int(std::lround(bottom - bytes * k)); }
    int bottom;
    double k;
};

// The maxima as a step outline: a vertex only where the column maximum changes (few when zoomed
// in, at most two per column when zoomed out), and the merged target's min..max per column.
struct CurveOutline {
    QPolygon outline;
    std::vector<QLine> ranges; // min..max where a column spans several steps
    int lastTop = 0, lastX = 0;
};

CurveOutline curveOutline(const std::vector<StepBucket>& buckets, const QRect& pane, const PaneScale& scale,
    uint64_t base, bool withRanges)
{
    CurveOutline o;
    const int width = pane.width();
    o.outline.reserve(2 * width + 4);
    for (int c = 0; c < width; ++c) {
        const StepBucket& b = buckets[size_t(c)];
        if (b.empty())
            continue;
        const int top = scale.y(double(base + b.max));
        const int x = pane.left() + c;
        if (o.outline.isEmpty())
            o.outline << QPoint(x, top);
        else if (top != o.lastTop)
            o.outline << QPoint(x, o.lastTop) << QPoint(x, top);
        o.lastTop = top;
        o.lastX = x + 1;
        if (withRanges && b.min != b.max)
            o.ranges.emplace_back(x, scale.y(double(base + b.min)), x, top);
    }
    if (!o.outline.isEmpty())
        o.outline << QPoint(o.lastX, o.lastTop);
    return o;
}

// The peak marker: a triangle over the curve's peak step and its value.
void paintPeak(QPainter& p, const QRect& pane, const LivenessPlotScene& s, const LivenessPlotCurve& curve,
    bool asLine, const PaneScale& scale, uint64_t base, const QPalette& palette)
{
    const std::vector<uint64_t>& values = *curve.notAlwaysLive;
    if (curve.peakStep < 0 || size_t(curve.peakStep) >= values.size())
        return;
    const int width = pane.width();
    const double px = positionToX(double(curve.peakStep) + 0.5, s.window, width);
    if (px < 0 || px > width)
        return;
    const int x = pane.left() + int(px);
    const int y = scale.y(double(base + values[size_t(curve.peakStep)]));
    const QColor text = ChartPalette::text(palette);
    p.setPen(QPen(text, 1));
    p.setBrush(&curve == &s.target ? CompareColors::target() : text);
    const QPoint marker[3] = { QPoint(x - 6, y - 12), QPoint(x + 6, y - 12), QPoint(x, y - 2) };
    p.drawPolygon(marker, 3);
    const QString label
        = QCoreApplication::translate("popscope::LivenessPlotRenderer", "Peak %1 not always live · step %2")
              .arg(bytesText(values[size_t(curve.peakStep)], s.unit), countText(uint64_t(curve.peakStep)));
    const QFontMetrics fm = p.fontMetrics();
    const int w = fm.horizontalAdvance(label) + 8;
    QRect box(x + 8, y - 12 - fm.height(), w, fm.height());
    if (box.right() > pane.right())
        box.moveRight(x - 8);
    box.moveTop(std::max(pane.top() + 1, box.top()));
    if (asLine) // the merged target's label under its line, clear of the source's
        box.moveTop(std::min(y + 4, pane.bottom() - fm.height()));
    QColor plate = ChartPalette::background(palette);
    plate.setAlpha(225);
    p.fillRect(box, plate);
    p.setPen(text);
    p.drawText(box, Qt::AlignCenter, label);
}

// The steps matching the filter: a tick at the bottom of each pixel column that has one.
void paintFilterMarks(
    QPainter& p, const QRect& pane, const LivenessPlotScene& s, int width, const QPalette& palette)
{
    if (!s.filterMatches || s.filterMatches->empty())
        return;
    const int bottom = pane.bottom() + 1;
    std::vector<QRect> marks;
    const double perColumn = s.window.count / width;
    for (int c = 0; c < width; ++c) {
        const int64_t a = std::max<int64_t>(0, int64_t(std::floor(s.window.first + c * perColumn)));
        const int64_t b = std::min<int64_t>(
            int64_t(s.filterMatches->size()), int64_t(std::ceil(s.window.first + (c + 1) * perColumn)));
        for (int64_t st = a; st < std::max(b, a + 1) && st < int64_t(s.filterMatches->size()); ++st)
            if ((*s.filterMatches)[size_t(st)]) {
                marks.emplace_back(pane.left() + c, bottom - 6, 1, 6);
                break;
            }
    }
    p.setPen(Qt::NoPen);
    p.setBrush(filterColor(palette));
    p.drawRects(marks.data(), int(marks.size()));
}

// Selected steps: a band and a marker above the pane.
void paintSelectedSteps(
    QPainter& p, const QRect& pane, const LivenessPlotScene& s, int width, const QPalette& palette)
{
    if (!s.selected)
        return;
    QColor band = palette.color(QPalette::Highlight);
    band.setAlpha(70);
    for (uint32_t step : *s.selected) {
        const double sx0 = positionToX(step, s.window, width), sx1 = positionToX(step + 1.0, s.window, width);
        if (sx1 < 0 || sx0 > width)
            continue;
        const int bx = pane.left() + int(std::floor(sx0));
        const int bw = std::max(2, int(std::ceil(sx1 - sx0)));
        p.fillRect(QRect(bx, pane.top(), bw, pane.height()), band);
        p.setPen(Qt::NoPen);
        p.setBrush(palette.color(QPalette::Highlight));
        const int cx = bx + bw / 2;
        const QPoint marker[3]
            = { QPoint(cx - 5, pane.top() - 9), QPoint(cx + 5, pane.top() - 9), QPoint(cx, pane.top() - 1) };
        p.drawPolygon(marker, 3);
    }
}

// The step under the mouse: a thin line across the pane.
void paintHover(QPainter& p, const QRect& pane, const LivenessPlotScene& s, int width, const QColor& text)
{
    if (s.hoverStep < 0)
        return;
    const int hx = pane.left() + int(std::floor(positionToX(s.hoverStep + 0.5, s.window, width)));
    QColor c = text;
    c.setAlpha(140);
    p.setPen(QPen(c, 1));
    p.drawLine(hx, pane.top(), hx, pane.bottom());
}

// The pane's report in separate compare mode, on a plate in its corner.
void paintPaneName(QPainter& p, const QRect& pane, const QString& name, const QColor& colour,
    const QFontMetrics& fm, const QPalette& palette)
{
    const QRect box(pane.left() + 6, pane.top() + 2, fm.horizontalAdvance(name) + 8, fm.height());
    QColor plate = ChartPalette::background(palette);
    plate.setAlpha(225);
    p.fillRect(box, plate);
    p.setPen(colour);
    p.drawText(box, Qt::AlignCenter, name);
}

// The step axis under the plot: ticks at round step numbers and the axis title.
void paintStepAxis(QPainter& p, const QRect& plot, const LivenessPlotScene& s, const QFontMetrics& fm)
{
    const int width = plot.width();
    const int bottom = plot.bottom() + 1;
    const auto xt = niceTicks(s.window.count, std::max(2, width / 90));
    const double step = std::max(1.0, xt.size() > 1 ? std::round(xt[1] - xt[0]) : 1.0);
    const size_t n = s.steps();
    for (double pos = std::ceil(s.window.first / step) * step;
         pos < s.window.first + s.window.count && pos < double(n); pos += step) {
        const int tx = plot.left() + int(std::floor(positionToX(pos + 0.5, s.window, width)));
        p.drawLine(tx, bottom, tx, bottom + 4);
        const QString t = countText(uint64_t(pos));
        p.drawText(QPoint(tx - fm.horizontalAdvance(t) / 2, bottom + 6 + fm.ascent()), t);
    }
    p.drawText(QRect(plot.left(), bottom + 8 + fm.height(), plot.width(), fm.height()), Qt::AlignHCenter,
        QCoreApplication::translate("popscope::LivenessPlotRenderer", "Liveness program step (%1 steps)")
            .arg(countText(n)));
}

// Over the curves: the steps matching the filter, the selected steps, the capacity and the hover.
void paintPaneMarks(QPainter& p, const QRect& pane, const LivenessPlotScene& s, const PaneScale& scale,
    int width, const QPalette& palette)
{
    paintFilterMarks(p, pane, s, width, palette);
    paintSelectedSteps(p, pane, s, width, palette);
    if (capacityOnScale(s)) {
        p.setPen(QPen(ChartPalette::overCapacity(), 1.5, Qt::DashLine));
        const int cy = scale.y(double(s.source.capacity));
        p.drawLine(pane.left(), cy, pane.right(), cy);
    }
    paintHover(p, pane, s, width, ChartPalette::text(palette));
}

struct PaneIndex {
    size_t index; // 0 the source's (or the only one)
    size_t count;
};

// A pane's axes, and its name in separate compare mode.
void paintPaneFrame(QPainter& p, const QRect& pane, const PaneScale& scale, PaneIndex at,
    const LivenessPlotScene& s, const QFontMetrics& fm, const QPalette& palette)
{
    p.setPen(ChartPalette::text(palette));
    p.drawLine(pane.left(), scale.bottom, pane.right(), scale.bottom);
    p.drawLine(pane.left(), pane.top(), pane.left(), scale.bottom);
    const size_t i = at.index;
    if (at.count > 1)
        paintPaneName(p, pane,
            (i == 0 ? QCoreApplication::translate("popscope::LivenessPlotRenderer", "Source: ")
                    : QCoreApplication::translate("popscope::LivenessPlotRenderer", "Target: "))
                + (i == 0 ? s.source : s.target).name,
            i == 0 ? CompareColors::source() : CompareColors::target(), fm, palette);
}

} // namespace

size_t LivenessPlotScene::steps() const
{
    size_t n = source.notAlwaysLive ? source.notAlwaysLive->size() : 0;
    if (target.notAlwaysLive)
        n = std::max(n, target.notAlwaysLive->size());
    return n;
}

double LivenessPlotRenderer::yMax(const LivenessPlotScene& s)
{
    double m
        = double(std::max(curveMax(s.source, s.includeAlwaysLive), curveMax(s.target, s.includeAlwaysLive)));
    if (capacityOnScale(s))
        m = std::max(m, double(s.source.capacity));
    return std::max(m * 1.08, 1.0);
}

int LivenessPlotRenderer::leftMargin(const LivenessPlotScene& s, const QFontMetrics& fm)
{
    const AxisUnit u = MemoryChartRenderer::axisUnit(yMax(s), s.unit);
    return kLivenessPlotMargin + fm.height() + 6
        + fm.horizontalAdvance(MemoryChartRenderer::axisNumber(yMax(s) / u.divisor * 10)) + 6;
}

QRect LivenessPlotRenderer::plotRect(const LivenessPlotScene& s, const QRect& area, const QFontMetrics& fm)
{
    const int left = area.left() + leftMargin(s, fm);
    const int top = area.top() + kLivenessPlotMargin
        + ChartLegend::height(s.title, LivenessPlotRenderer::legendItems(s, QPalette()),
            area.width() - 2 * kLivenessPlotMargin, fm)
        + 10;
    const int right = area.right() - kLivenessPlotMargin - fm.horizontalAdvance(QStringLiteral("00000")) / 2;
    const int bottom = area.bottom() - kLivenessPlotMargin - 2 * fm.height() - 10;
    return QRect(QPoint(left, top), QPoint(std::max(left + 10, right), std::max(top + 10, bottom)));
}

std::vector<QRect> LivenessPlotRenderer::panes(
    const LivenessPlotScene& s, const QRect& area, const QFontMetrics& fm)
{
    const QRect plot = plotRect(s, area, fm);
    if (!s.comparing() || s.merged)
        return { plot };
    const int gap = fm.height() + 8; // room for the lower pane's title
    const int h = std::max(10, (plot.height() - gap) / 2);
    return { QRect(plot.left(), plot.top(), plot.width(), h),
        QRect(plot.left(), plot.bottom() + 1 - h, plot.width(), h) };
}

void LivenessPlotRenderer::paintCurve(QPainter& p, const QRect& pane, const LivenessPlotScene& s,
    const LivenessPlotCurve& curve, bool asLine, const QPalette& palette)
{
    if (!curve.notAlwaysLive || curve.notAlwaysLive->empty())
        return;
    const PaneScale scale(pane, yMax(s));
    const int bottom = scale.bottom;
    const int width = pane.width();
    const std::vector<uint64_t>& values = *curve.notAlwaysLive;
    const uint64_t base = s.includeAlwaysLive ? curve.alwaysLive : 0;
    // The source (and each pane) in the single-mode colours; the merged target as a purple line.
    const QColor lineColor = asLine ? CompareColors::target() : notAlwaysLiveColor();

    // The x range that has steps.
    const double x0 = std::max(0.0, positionToX(0, s.window, width));
    const double x1 = std::min(double(width), positionToX(double(values.size()), s.window, width));
    if (x1 <= x0)
        return;
    if (!asLine && base > 0) {
        p.setPen(Qt::NoPen);
        p.setBrush(alwaysLiveColor());
        p.drawRect(QRect(QPoint(pane.left() + int(x0), scale.y(double(base))),
            QPoint(pane.left() + int(std::ceil(x1)) - 1, bottom - 1)));
    }
    // Not always live: the outline of the pixel columns' maxima (so no peak is lost), filled down
    // to the base as one opaque polygon, so a frame is one fill and one line, not a blended
    // rectangle per column.
    CurveOutline o = curveOutline(aggregateSteps(values, s.window, width), pane, scale, base, asLine);
    if (o.outline.isEmpty())
        return;
    if (!asLine) {
        QPolygon area = o.outline;
        area << QPoint(o.lastX, scale.y(double(base)))
             << QPoint(o.outline.first().x(), scale.y(double(base)));
        p.setPen(Qt::NoPen);
        p.setBrush(lineColor);
        p.drawPolygon(area);
    } else if (base > 0) {
        // The target's always-live level as a dashed line of its own colour.
        p.setPen(QPen(targetAlwaysLiveColor(), 1.5, Qt::DashLine));
        p.drawLine(
            pane.left() + int(x0), scale.y(double(base)), pane.left() + int(x1) - 1, scale.y(double(base)));
    }
    // Cosmetic 1 px pens only (a wide pen is stroked: several times slower at 51,219 steps); the
    // target's line is drawn twice, one pixel apart, to read as 2 px.
    if (asLine) {
        p.setPen(QPen(lineColor.lighter(150), 0));
        p.drawLines(o.ranges.data(), int(o.ranges.size()));
    }
    p.setPen(QPen(lineColor.darker(asLine ? 100 : 125), 0));
    p.setBrush(Qt::NoBrush);
    p.drawPolyline(o.outline);
    if (asLine) {
        o.outline.translate(0, 1);
        p.drawPolyline(o.outline);
    }
    paintPeak(p, pane, s, curve, asLine, scale, base, palette);
}

void LivenessPlotRenderer::paint(
    QPainter& p, const QRect& area, const LivenessPlotScene& s, const QPalette& palette)
{
    const QFontMetrics fm = p.fontMetrics();
    const QColor text = ChartPalette::text(palette);
    p.fillRect(area, ChartPalette::background(palette));
    if (s.steps() == 0) {
        p.setPen(palette.color(QPalette::PlaceholderText));
        p.drawText(area.adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, s.emptyText);
        return;
    }
    const QRect plot = plotRect(s, area, fm);
    const std::vector<QRect> paneRects = panes(s, area, fm);
    const double ymax = yMax(s);
    const int width = plot.width();

    ChartLegend::paint(p, area, s.title, LivenessPlotRenderer::legendItems(s, palette), text);

    const AxisUnit unit = MemoryChartRenderer::axisUnit(ymax, s.unit);
    for (size_t i = 0; i < paneRects.size(); ++i) {
        const QRect& pane = paneRects[i];
        const PaneScale scale(pane, ymax);
        MemoryChartRenderer::paintValueGrid(p, area, pane, ymax, unit, palette);
        p.save();
        p.setClipRect(pane.adjusted(0, -14, 1, 1));
        if (!s.comparing()) {
            paintCurve(p, pane, s, s.source, false, palette);
        } else if (s.merged) {
            paintCurve(p, pane, s, s.source, false, palette);
            paintCurve(p, pane, s, s.target, true, palette);
        } else {
            paintCurve(p, pane, s, i == 0 ? s.source : s.target, false, palette);
        }
        paintPaneMarks(p, pane, s, scale, width, palette);
        p.restore();
        paintPaneFrame(p, pane, scale, { i, paneRects.size() }, s, fm, palette);
    }

    // Y title, x ticks and title.
    p.setPen(text);
    const QString what = s.includeAlwaysLive
        ? QCoreApplication::translate("popscope::LivenessPlotRenderer", "Live memory")
        : QCoreApplication::translate("popscope::LivenessPlotRenderer", "Not-always-live memory");
    MemoryChartRenderer::paintYTitle(
        p, area, plot, { QStringLiteral("%1 (%2)").arg(what, unit.name), unit.name });
    paintStepAxis(p, plot, s, fm);
}

} // namespace popscope
