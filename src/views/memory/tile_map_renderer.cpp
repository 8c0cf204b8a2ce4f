#include "views/memory/tile_map_renderer.hpp"

#include "views/widgets/chart_legend.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/colour_scale.hpp"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
constexpr int kScaleBarHeight = 10;
constexpr double kMaxCellWidth = 96, kMaxCellHeight = 48;

QString signedBytes(int64_t bytes, MemoryUnit unit)
{
    const QString magnitude = QString::fromStdString(formatBytes(uint64_t(std::llabs(bytes)), unit));
    return bytes > 0 ? QStringLiteral("+") + magnitude
        : bytes < 0  ? QStringLiteral("−") + magnitude
                     : magnitude;
}
} // namespace

QRectF TileMapRenderer::Geometry::blockRect(size_t shownIndex, const TileMapLayout& layout) const
{
    const int across = std::max(1, ipusAcross);
    const double blockWidth = layout.columnLength * cellWidth + exchangeGap;
    const double blockHeight = layout.columnsPerIpu * cellHeight;
    const int rows = int((ipus.size() + size_t(across) - 1) / size_t(across));
    const double gridWidth = across * blockWidth + (across - 1) * ipuGap;
    const double gridHeight = rows * (labelHeight + blockHeight) + (rows - 1) * ipuGap;
    const double left = plot.left() + std::max(0.0, (plot.width() - gridWidth) / 2);
    const double top = plot.top() + std::max(0.0, (plot.height() - gridHeight) / 2);
    const int column = int(shownIndex % size_t(across)), row = int(shownIndex / size_t(across));
    return { left + column * (blockWidth + ipuGap),
        top + row * (labelHeight + blockHeight + ipuGap) + labelHeight, blockWidth, blockHeight };
}

QRectF TileMapRenderer::Geometry::cellRect(
    const TileMapLayout::Place& place, size_t shownIndex, const TileMapLayout& layout) const
{
    const QRectF block = blockRect(shownIndex, layout);
    const bool pastExchange = layout.exchangeGap && place.index >= layout.columnLength / 2;
    return { block.left() + place.index * cellWidth + (pastExchange ? exchangeGap : 0),
        block.top() + place.column * cellHeight, cellWidth, cellHeight };
}

int TileMapRenderer::headerHeight(const TileMapScene& scene, const QFontMetrics& metrics)
{
    const int titleHeight = scene.title.isEmpty() ? 0 : metrics.height() + 6;
    return titleHeight + metrics.height() + kScaleBarHeight + 10;
}

TileMapRenderer::Geometry TileMapRenderer::geometry(
    const TileMapScene& scene, const QRect& area, const QFontMetrics& metrics)
{
    Geometry g;
    const int margin = ChartLegend::kMargin;
    g.plot = area.adjusted(margin, margin + headerHeight(scene, metrics), -margin, -margin);
    const TileMapLayout* layout = scene.layout;
    if (!layout || layout->numIpus == 0 || layout->tilesPerIpu == 0 || g.plot.isEmpty())
        return g;
    if (scene.ipu >= 0 && uint32_t(scene.ipu) < layout->numIpus)
        g.ipus = { uint32_t(scene.ipu) };
    else
        for (uint32_t i = 0; i < layout->numIpus; ++i)
            g.ipus.push_back(i);
    g.labelHeight = metrics.height() + 2;
    g.ipuGap = 14;
    g.exchangeGap = layout->exchangeGap ? 4 : 0;
    // The arrangement of IPUs (how many across) that gives the largest cells.
    const int count = int(g.ipus.size());
    double bestSide = -1, bestWidth = 0, bestHeight = 0;
    for (int across = 1; across <= count; ++across) {
        const int rows = (count + across - 1) / across;
        const double width = (g.plot.width() - (across - 1) * g.ipuGap - across * g.exchangeGap)
            / double(across * layout->columnLength);
        const double height = (g.plot.height() - (rows - 1) * g.ipuGap - rows * g.labelHeight)
            / double(rows * layout->columnsPerIpu);
        if (std::min(width, height) > bestSide) {
            bestSide = std::min(width, height);
            bestWidth = width;
            bestHeight = height;
            g.ipusAcross = across;
        }
    }
    // Fill the area, but keep cells within twice as long as they are tall (and the reverse).
    const double side = std::max(bestSide, 1.0);
    g.cellWidth = std::clamp(std::min(bestWidth, 2 * side), 1.0, kMaxCellWidth);
    g.cellHeight = std::clamp(std::min(bestHeight, 2 * side), 1.0, kMaxCellHeight);
    return g;
}

QColor TileMapRenderer::colourOf(const TileMapScene& scene, int64_t value, const QPalette& palette)
{
    if (value == TileMapScene::kNoValue)
        return ChartPalette::grid(palette);
    const double max = double(std::max<int64_t>(scene.scaleMax, 1));
    return scene.diverging ? ColourScale::diverging(double(value) / max)
                           : ColourScale::sequential(double(value) / max);
}

void TileMapRenderer::paint(
    QPainter& painter, const QRect& area, const TileMapScene& scene, const QPalette& palette)
{
    painter.fillRect(area, ChartPalette::background(palette));
    painter.setPen(ChartPalette::text(palette));
    if (!scene.layout || !scene.values || scene.layout->places.empty()) {
        painter.drawText(area, Qt::AlignCenter, scene.emptyText);
        return;
    }
    const Geometry g = geometry(scene, area, painter.fontMetrics());
    paintScale(painter, area, scene, palette);
    painter.setPen(ChartPalette::text(palette));
    for (size_t i = 0; i < g.ipus.size(); ++i) {
        const QRectF block = g.blockRect(i, *scene.layout);
        painter.drawText(QRectF(block.left(), block.top() - g.labelHeight, block.width(), g.labelHeight),
            Qt::AlignLeft | Qt::AlignVCenter, tr("IPU %1").arg(g.ipus[i]));
    }
    paintCells(painter, g, scene, palette);
    paintMarks(painter, g, scene, palette);
}

void TileMapRenderer::paintCells(
    QPainter& painter, const Geometry& g, const TileMapScene& scene, const QPalette& palette)
{
    const TileMapLayout& layout = *scene.layout;
    const double inset = std::min(g.cellWidth, g.cellHeight) >= 5 ? 1 : 0; // a hairline between cells
    for (size_t i = 0; i < g.ipus.size(); ++i) {
        const uint32_t first = g.ipus[i] * layout.tilesPerIpu;
        for (uint32_t tile = first; tile < first + layout.tilesPerIpu && tile < scene.values->size();
             ++tile) {
            const QRectF cell = g.cellRect(layout.places[tile], i, layout).adjusted(0, 0, -inset, -inset);
            const int64_t value = (*scene.values)[tile];
            painter.fillRect(cell, colourOf(scene, value, palette));
            if (value == TileMapScene::kNoValue)
                painter.fillRect(cell, QBrush(ChartPalette::text(palette), Qt::BDiagPattern));
        }
    }
}

void TileMapRenderer::paintMarks(
    QPainter& painter, const Geometry& g, const TileMapScene& scene, const QPalette& palette)
{
    const TileMapLayout& layout = *scene.layout;
    auto outline = [&](uint32_t tile, const QColor& colour, double width) {
        if (tile >= layout.places.size())
            return;
        const auto shown = std::find(g.ipus.begin(), g.ipus.end(), layout.places[tile].ipu);
        if (shown == g.ipus.end())
            return;
        const QRectF cell = g.cellRect(layout.places[tile], size_t(shown - g.ipus.begin()), layout);
        painter.setPen(QPen(colour, width));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(width / 2, width / 2, -width / 2, -width / 2));
    };
    if (!scene.diverging && scene.capacity > 0)
        for (uint32_t tile = 0; tile < scene.values->size(); ++tile)
            if ((*scene.values)[tile] > int64_t(scene.capacity))
                outline(tile, ChartPalette::overCapacity(), 2);
    if (scene.selection)
        for (uint32_t tile : *scene.selection)
            outline(tile, palette.color(QPalette::Highlight), 2);
    if (scene.hoverTile >= 0)
        outline(uint32_t(scene.hoverTile), ChartPalette::text(palette), 1);
    if (!scene.rubberBand.isNull()) {
        QColor fill = palette.color(QPalette::Highlight);
        fill.setAlpha(50);
        painter.setPen(QPen(palette.color(QPalette::Highlight), 1));
        painter.setBrush(fill);
        painter.drawRect(scene.rubberBand.normalized());
    }
}

void TileMapRenderer::paintScale(
    QPainter& painter, const QRect& area, const TileMapScene& scene, const QPalette& palette)
{
    const QFontMetrics metrics = painter.fontMetrics();
    const int margin = ChartLegend::kMargin;
    int top = area.top() + margin;
    painter.setPen(ChartPalette::text(palette));
    if (!scene.title.isEmpty()) {
        painter.drawText(QRect(area.left() + margin, top, area.width() - 2 * margin, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, scene.title);
        top += metrics.height() + 6;
    }
    const int barWidth = std::clamp(area.width() / 3, 120, 360);
    const QRect bar(area.right() - margin - barWidth, top + 2, barWidth, kScaleBarHeight);
    painter.drawText(
        QRect(area.left() + margin, top, bar.left() - area.left() - 2 * margin, metrics.height()),
        Qt::AlignLeft | Qt::AlignVCenter, scene.scaleTitle);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 8; ++i) {
        const double t = i / 8.0;
        gradient.setColorAt(
            t, scene.diverging ? ColourScale::diverging(2 * t - 1) : ColourScale::sequential(t));
    }
    painter.fillRect(bar, gradient);
    painter.setPen(ChartPalette::grid(palette));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    painter.setPen(ChartPalette::text(palette));
    const int64_t max = std::max<int64_t>(scene.scaleMax, 0);
    const QString low = scene.diverging ? signedBytes(-max, scene.unit) : QStringLiteral("0");
    const QString high = scene.diverging ? signedBytes(max, scene.unit)
                                         : QString::fromStdString(formatBytes(uint64_t(max), scene.unit));
    const QString middle = scene.diverging
        ? QStringLiteral("0")
        : QString::fromStdString(formatBytes(uint64_t(max / 2), scene.unit));
    // The ends' labels stand inside the bar's width, so neither is cut at the area's edge.
    const int labelTop = bar.bottom() + 1, third = bar.width() / 3;
    painter.drawText(QRect(bar.left(), labelTop, third, metrics.height()), Qt::AlignLeft, low);
    painter.drawText(QRect(bar.left() + third, labelTop, third, metrics.height()), Qt::AlignHCenter, middle);
    painter.drawText(QRect(bar.right() - third, labelTop, third + 1, metrics.height()), Qt::AlignRight, high);
}

int64_t TileMapRenderer::tileAt(const Geometry& g, const TileMapScene& scene, const QPointF& point)
{
    if (!scene.layout)
        return -1;
    const TileMapLayout& layout = *scene.layout;
    for (size_t i = 0; i < g.ipus.size(); ++i) {
        const QRectF block = g.blockRect(i, layout);
        if (!block.contains(point))
            continue;
        double x = point.x() - block.left();
        const double half = layout.columnLength / 2 * g.cellWidth;
        if (layout.exchangeGap && x >= half) {
            if (x < half + g.exchangeGap)
                return -1; // on the exchange
            x -= g.exchangeGap;
        }
        const auto index = uint32_t(x / g.cellWidth);
        const auto column = uint32_t((point.y() - block.top()) / g.cellHeight);
        return layout.tileAt(g.ipus[i], column, index);
    }
    return -1;
}

std::vector<uint32_t> TileMapRenderer::tilesIn(
    const Geometry& g, const TileMapScene& scene, const QRectF& rect)
{
    std::vector<uint32_t> tiles;
    if (!scene.layout)
        return tiles;
    const TileMapLayout& layout = *scene.layout;
    for (size_t i = 0; i < g.ipus.size(); ++i) {
        if (!g.blockRect(i, layout).intersects(rect))
            continue;
        const uint32_t first = g.ipus[i] * layout.tilesPerIpu;
        for (uint32_t tile = first; tile < first + layout.tilesPerIpu; ++tile)
            if (g.cellRect(layout.places[tile], i, layout).intersects(rect))
                tiles.push_back(tile);
    }
    std::sort(tiles.begin(), tiles.end());
    return tiles;
}

} // namespace popscope
