#include "views/memory/memory_chart_renderer.hpp"

#include "models/compare_colors.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr int kMemoryChartMargin = 8;

// The plot's geometry for one paint: bytes to y, display positions to x.
struct PlotFrame {
    const MemoryChartScene& s;
    QRect plot;
    double k; // pixels per byte
    int bottom; // the y of 0 bytes
    int width() const { return plot.width(); }
    int yOf(double bytes) const { return int(std::lround(bottom - bytes * k)); }
    int xOf(double position) const
    {
        return plot.left() + int(std::floor(positionToX(position, s.window, width())));
    }
};

// One bar per run of pixel columns showing the same (largest) tile.
struct Bar {
    int x0, x1;
    uint32_t tile;
    uint64_t total;
};

// Selection bands behind the bars, and a marker above the plot for each selected tile.
void paintSelectedTiles(QPainter& p, const PlotFrame& f, const QPalette& palette)
{
    const MemoryChartScene& s = f.s;
    const QRect& plot = f.plot;
    std::vector<QRect> bands;
    for (uint32_t tile : *s.selection) {
        if (tile >= s.positionOf->size() || (*s.positionOf)[tile] < 0)
            continue;
        const double pos = (*s.positionOf)[tile];
        if (pos + 1 < s.window.first || pos > s.window.first + s.window.count)
            continue;
        const int x0 = f.xOf(pos);
        const int x1 = f.xOf(pos + 1);
        bands.emplace_back(x0, plot.top(), std::max(1, x1 - x0), plot.height());
    }
    p.setPen(Qt::NoPen);
    p.setBrush(ChartPalette::selection(palette));
    p.drawRects(bands.data(), int(bands.size()));
    // The markers stay visible even when bars are 1 px wide.
    p.setBrush(palette.color(QPalette::Highlight));
    for (const QRect& b : bands) {
        const int cx = b.left() + b.width() / 2;
        const QPoint marker[3]
            = { QPoint(cx - 4, plot.top() - 7), QPoint(cx + 4, plot.top() - 7), QPoint(cx, plot.top() - 1) };
        p.drawPolygon(marker, 3);
    }
}

std::vector<Bar> barsOf(const PlotFrame& f)
{
    const MemoryChartScene& s = f.s;
    const int left = f.plot.left(), width = f.width();
    std::vector<Bar> bars;
    const auto columns = aggregateColumns(s.series->total, *s.order, s.window, width);
    const double pixelsPerTile = width / s.window.count;
    for (int c = 0; c < width; ++c) {
        const ColumnAggregate& a = columns[size_t(c)];
        if (a.count == 0)
            continue;
        const uint32_t tile = (*s.order)[a.argMax];
        if (!bars.empty() && bars.back().tile == tile && bars.back().x1 == left + c)
            bars.back().x1 = left + c + 1;
        else
            bars.push_back({ left + c, left + c + 1, tile, a.max });
    }
    if (pixelsPerTile >= 5)
        for (Bar& b : bars)
            b.x1 = std::max(b.x0 + 1, b.x1 - 1);
    return bars;
}

// The series stacked on each bar, one colour at a time.
void paintBars(QPainter& p, const PlotFrame& f, const std::vector<Bar>& bars)
{
    std::vector<uint64_t> base(bars.size(), 0);
    std::vector<QRect> rects;
    rects.reserve(bars.size());
    p.setPen(Qt::NoPen);
    for (const auto& series : f.s.series->series) {
        rects.clear();
        for (size_t i = 0; i < bars.size(); ++i) {
            const uint64_t v = series.bytesByTile[bars[i].tile];
            if (v == 0)
                continue;
            const int y0 = f.yOf(double(base[i] + v));
            const int y1 = f.yOf(double(base[i]));
            base[i] += v;
            if (y1 > y0)
                rects.emplace_back(bars[i].x0, y0, bars[i].x1 - bars[i].x0, y1 - y0);
        }
        p.setBrush(ChartPalette::seriesColor(series.key));
        p.drawRects(rects.data(), int(rects.size()));
    }
}

// Compare mode: the target's totals as an outline, the per-column maximum like the bars.
void paintCompareOutline(QPainter& p, const PlotFrame& f)
{
    const MemoryChartScene& s = f.s;
    const int width = f.width();
    const auto target = aggregateColumns(*s.compareTotal, *s.order, s.window, width);
    QPolygon outline;
    p.setPen(QPen(CompareColors::target(), 1.6));
    p.setBrush(Qt::NoBrush);
    for (int c = 0; c < width; ++c) {
        const ColumnAggregate& a = target[size_t(c)];
        // Columns past the target's last tile end the line: no tile there, not zero bytes.
        if (a.count == 0 || (*s.order)[a.argMax] >= s.compareTiles) {
            if (outline.size() > 1)
                p.drawPolyline(outline);
            outline.clear();
            continue;
        }
        const int y = f.yOf(double(a.max));
        outline << QPoint(f.plot.left() + c, y) << QPoint(f.plot.left() + c + 1, y);
    }
    if (outline.size() > 1)
        p.drawPolyline(outline);
    p.setPen(Qt::NoPen);
}

// The capacity line; tiles over it stand out.
void paintCapacity(QPainter& p, const PlotFrame& f, const std::vector<Bar>& bars)
{
    const uint64_t capacity = f.s.capacity;
    const int cy = f.yOf(double(capacity));
    std::vector<QRect> rects, markers;
    for (const Bar& b : bars)
        if (b.total > capacity) {
            const int top = f.yOf(double(b.total));
            rects.emplace_back(b.x0, top, b.x1 - b.x0, std::max(1, cy - top));
            markers.emplace_back(b.x0, std::max(f.plot.top() - 5, top - 6), std::max(b.x1 - b.x0, 2), 4);
        }
    QColor over = ChartPalette::overCapacity();
    over.setAlpha(150);
    p.setPen(Qt::NoPen);
    p.setBrush(over);
    p.drawRects(rects.data(), int(rects.size()));
    p.setBrush(ChartPalette::overCapacity());
    p.drawRects(markers.data(), int(markers.size()));
    p.setPen(QPen(ChartPalette::overCapacity(), 1.5, Qt::DashLine));
    p.drawLine(f.plot.left(), cy, f.plot.right(), cy);
}

// IPU boundaries. Each visible IPU is named at its start, or at the left edge when its start is
// scrolled out of view; the name sits on a plate so the capacity line cannot strike it.
void paintIpuBoundaries(QPainter& p, const PlotFrame& f, const QPalette& palette)
{
    const MemoryChartScene& s = f.s;
    const QRect& plot = f.plot;
    const QFontMetrics fm = p.fontMetrics();
    const QColor text = ChartPalette::text(palette);
    const int width = f.width();
    QColor plate = ChartPalette::background(palette);
    plate.setAlpha(220);
    for (uint32_t i = 0; i < s.numIpus; ++i) {
        const double pos = double(i) * s.tilesPerIpu;
        const double xf = positionToX(pos, s.window, width);
        const double xEnd = positionToX(pos + s.tilesPerIpu, s.window, width);
        if (xEnd <= 0 || xf >= width)
            continue;
        const int bx = plot.left() + int(std::floor(std::max(0.0, xf)));
        if (i > 0 && xf >= 0) {
            p.setPen(QPen(text, 1, Qt::DotLine));
            p.drawLine(bx, plot.top(), bx, plot.bottom());
        }
        const QString label = QCoreApplication::translate("popscope::MemoryChartRenderer", "IPU %1").arg(i);
        const QRect box(bx + 2, plot.top() + 2, fm.horizontalAdvance(label) + 6, fm.height());
        if (box.right() > plot.left() + int(std::floor(xEnd)))
            continue; // too narrow to name
        p.fillRect(box, plate);
        p.setPen(text);
        p.drawText(box, Qt::AlignCenter, label);
    }
}

// The x axis with a tick and a tile id at round positions.
void paintTileTicks(QPainter& p, const PlotFrame& f)
{
    const MemoryChartScene& s = f.s;
    const QFontMetrics fm = p.fontMetrics();
    const auto n = uint32_t(s.order->size());
    const auto xt = niceTicks(s.window.count, std::max(2, f.width() / 90));
    const double step = std::max(1.0, xt.size() > 1 ? std::round(xt[1] - xt[0]) : 1.0);
    for (double pos = std::ceil(s.window.first / step) * step; pos < s.window.first + s.window.count;
         pos += step) {
        if (pos >= n)
            break;
        const int tx = f.xOf(pos + 0.5);
        p.drawLine(tx, f.bottom, tx, f.bottom + 4);
        const uint32_t tile = (*s.order)[size_t(pos)];
        uint32_t label = tile;
        if (s.tileOrder == TileOrder::Physical && s.physicalIds && tile < s.physicalIds->size())
            label = (*s.physicalIds)[tile];
        const QString t = QString::number(label);
        const int tw = fm.horizontalAdvance(t);
        p.drawText(QPoint(tx - tw / 2, f.bottom + 6 + fm.ascent()), t);
    }
}

} // namespace

AxisUnit MemoryChartRenderer::axisUnit(double maxBytes, MemoryUnit unit)
{
    if (unit == MemoryUnit::Bytes)
        return { 1, tr("bytes") };
    const double k = unit == MemoryUnit::Binary ? 1024.0 : 1000.0;
    const bool binary = unit == MemoryUnit::Binary;
    if (maxBytes >= k * k * k)
        return { k * k * k, binary ? QStringLiteral("GiB") : QStringLiteral("GB") };
    if (maxBytes >= k * k * 2)
        return { k * k, binary ? QStringLiteral("MiB") : QStringLiteral("MB") };
    if (maxBytes >= k * 2)
        return { k, binary ? QStringLiteral("KiB") : QStringLiteral("kB") };
    return { 1, tr("bytes") };
}

QString MemoryChartRenderer::axisNumber(double value)
{
    if (std::abs(value - std::round(value)) < 1e-6)
        return QString::fromStdString(formatCount(uint64_t(std::llround(value))));
    return QString::number(value, 'f', value < 10 ? 2 : 1);
}

double MemoryChartRenderer::yMax(const MemoryChartScene& scene)
{
    double m = scene.series ? double(scene.series->maxTotal) : 0.0;
    if (scene.compareTotal)
        m = std::max(m, double(scene.compareMax));
    if (scene.showCapacity)
        m = std::max(m, double(scene.capacity));
    return std::max(m * 1.06, 1.0);
}

QString MemoryChartRenderer::xAxisTitle(const MemoryChartScene& scene)
{
    QString what = scene.ipu >= 0 ? tr("Tile on IPU %1").arg(scene.ipu) : tr("Tile");
    if (scene.tileOrder == TileOrder::Physical)
        return tr("%1 (physical order; labels are physical tile ids)").arg(what);
    return tr("%1 (software order; labels are global tile ids)").arg(what);
}

std::vector<LegendItem> MemoryChartRenderer::legendItems(
    const MemoryChartScene& scene, const QPalette& palette)
{
    std::vector<LegendItem> items;
    if (scene.series)
        for (auto it = scene.series->series.rbegin(); it != scene.series->series.rend(); ++it)
            items.push_back({ it->label, ChartPalette::seriesColor(it->key), LegendItem::Kind::Swatch,
                it->key, scene.hidden && scene.hidden->contains(it->key) });
    if (scene.compareTotal) {
        items.push_back({ tr("Bars: source %1").arg(scene.sourceName), palette.color(QPalette::Mid),
            LegendItem::Kind::Swatch });
        items.push_back({ tr("Outline: target %1").arg(scene.compareName), CompareColors::target(),
            LegendItem::Kind::SolidLine });
    }
    if (scene.showCapacity) {
        items.push_back({ tr("Max memory per tile (%1)")
                              .arg(QString::fromStdString(formatBytes(scene.capacity, scene.unit))),
            ChartPalette::overCapacity(), LegendItem::Kind::DashedLine });
        if (scene.series && scene.series->maxTotal > scene.capacity)
            items.push_back(
                { tr("Over max memory"), ChartPalette::overCapacity(), LegendItem::Kind::Swatch });
    }
    if (scene.selection && !scene.selection->empty())
        items.push_back({ tr("Selected tiles"), palette.color(QPalette::Highlight), LegendItem::Kind::Band });
    return items;
}

QStringList MemoryChartRenderer::yTitles(const MemoryChartScene& s, const AxisUnit& unit)
{
    const QString what = s.difference ? tr("Change")
        : s.variablesGraph            ? tr("Chosen variables")
                                      : tr("Memory");
    if (s.variablesGraph) // gaps are not variables
        return { tr("%2 per tile (%1)").arg(unit.name, what), unit.name };
    return { tr("%3 per tile (%1, %2 gaps)").arg(unit.name, s.includeGaps ? tr("incl.") : tr("excl."), what),
        tr("%2 per tile (%1)").arg(unit.name, what), unit.name };
}

QRect MemoryChartRenderer::plotRect(const MemoryChartScene& scene, const QRect& area, const QFontMetrics& fm)
{
    const AxisUnit u = axisUnit(yMax(scene), scene.unit);
    const int labelWidth = fm.horizontalAdvance(axisNumber(yMax(scene) / u.divisor * 10)) + 6;
    const int left = area.left() + kMemoryChartMargin + fm.height() + 6 + labelWidth;
    const int top = area.top() + kMemoryChartMargin
        + ChartLegend::height(
            scene.title, legendItems(scene, QPalette()), area.width() - 2 * kMemoryChartMargin, fm)
        + 8;
    const int right = area.right() - kMemoryChartMargin - fm.horizontalAdvance(QStringLiteral("00000")) / 2;
    const int bottom = area.bottom() - kMemoryChartMargin - 2 * fm.height() - 10;
    return QRect(QPoint(left, top), QPoint(std::max(left + 10, right), std::max(top + 10, bottom)));
}

void MemoryChartRenderer::paintValueGrid(QPainter& p, const QRect& area, const QRect& plot, double ymax,
    const AxisUnit& unit, const QPalette& palette)
{
    const QFontMetrics fm = p.fontMetrics();
    const double k = plot.height() / ymax;
    const int bottom = plot.bottom() + 1;
    for (double t : niceTicks(ymax / unit.divisor, std::max(2, plot.height() / 45))) {
        const int ty = int(std::lround(bottom - t * unit.divisor * k));
        if (ty < plot.top())
            continue;
        p.setPen(ChartPalette::grid(palette));
        p.drawLine(plot.left(), ty, plot.right(), ty);
        p.setPen(ChartPalette::text(palette));
        p.drawText(QRect(area.left(), ty - fm.height() / 2, plot.left() - area.left() - 6, fm.height()),
            Qt::AlignRight | Qt::AlignVCenter, axisNumber(t));
    }
}

void MemoryChartRenderer::paintYTitle(
    QPainter& p, const QRect& area, const QRect& plot, const QStringList& titles)
{
    const QFontMetrics fm = p.fontMetrics();
    QString title = titles.isEmpty() ? QString() : titles.last();
    for (const QString& candidate : titles)
        if (fm.horizontalAdvance(candidate) <= plot.height()) {
            title = candidate;
            break;
        }
    p.save();
    p.translate(area.left() + kMemoryChartMargin + fm.ascent(), plot.center().y());
    p.rotate(-90);
    p.drawText(QRect(-plot.height() / 2, -fm.ascent(), plot.height(), fm.height()), Qt::AlignCenter, title);
    p.restore();
}

void MemoryChartRenderer::paint(
    QPainter& p, const QRect& area, const MemoryChartScene& s, const QPalette& palette)
{
    const QFontMetrics fm = p.fontMetrics();
    const QColor text = ChartPalette::text(palette);
    p.fillRect(area, ChartPalette::background(palette));
    const bool haveData = s.series && s.order && !s.order->empty() && !s.series->series.empty();
    if (!haveData) {
        p.setPen(palette.color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, s.emptyText);
        return;
    }
    const QRect plot = plotRect(s, area, fm);
    const double ymax = yMax(s);
    const PlotFrame frame { s, plot, plot.height() / ymax, plot.bottom() + 1 };

    ChartLegend::paint(p, area, s.title, legendItems(s, palette), text);

    // Y grid and labels; the longest y title that fits the plot's height: whether gaps count
    // matters (other pages include them), but not more than the unit.
    const AxisUnit unit = axisUnit(ymax, s.unit);
    paintValueGrid(p, area, plot, ymax, unit, palette);
    paintYTitle(p, area, plot, yTitles(s, unit));

    p.save();
    p.setClipRect(plot.adjusted(0, -6, 1, 1));
    if (s.selection && s.positionOf)
        paintSelectedTiles(p, frame, palette);
    const std::vector<Bar> bars = barsOf(frame);
    paintBars(p, frame, bars);
    if (s.compareTotal)
        paintCompareOutline(p, frame);
    if (s.showCapacity && s.capacity > 0)
        paintCapacity(p, frame, bars);
    if (s.ipu < 0 && s.numIpus > 1 && s.tilesPerIpu > 0)
        paintIpuBoundaries(p, frame, palette);
    if (s.hoverPosition >= 0) { // the hover line
        const int hx = frame.xOf(s.hoverPosition + 0.5);
        QColor c = text;
        c.setAlpha(140);
        p.setPen(QPen(c, 1));
        p.drawLine(hx, plot.top(), hx, plot.bottom());
    }
    p.restore();

    // Axes and x ticks.
    p.setPen(text);
    p.drawLine(plot.left(), frame.bottom, plot.right(), frame.bottom);
    p.drawLine(plot.left(), plot.top(), plot.left(), frame.bottom);
    paintTileTicks(p, frame);
    p.drawText(QRect(plot.left(), frame.bottom + 8 + fm.height(), plot.width(), fm.height()),
        Qt::AlignHCenter, xAxisTitle(s));
}

} // namespace popscope
