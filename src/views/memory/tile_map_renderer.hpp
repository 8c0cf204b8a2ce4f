#pragma once
// Paints the Tile Map (each IPU's tiles on its floor plan, coloured by bytes on a labelled scale,
// or by the change per tile on a diverging one) into any QPainter: the widget, a PNG, an SVG, the
// bench. Also maps points and rectangles back to tiles for the widget's mouse.
#include "models/memory/tile_map_layout.hpp"
#include "popscope/units.hpp"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPalette>
#include <QRect>
#include <QString>

#include <climits>
#include <vector>

class QPainter;

namespace popscope {

struct TileMapScene {
    static constexpr int64_t kNoValue = INT64_MIN; // a tile the other report of a comparison lacks
    const TileMapLayout* layout = nullptr;
    const std::vector<int64_t>* values = nullptr; // per global tile
    int64_t scaleMax = 0; // sequential: 0 … scaleMax; diverging: −scaleMax … +scaleMax
    bool diverging = false;
    uint64_t capacity = 0; // sequential: tiles above it are outlined (0 = none)
    const std::vector<uint32_t>* selection = nullptr; // sorted global tiles
    int ipu = -1; // -1 = every IPU
    int64_t hoverTile = -1;
    QRect rubberBand; // the rectangle being dragged, in the painted area's coordinates
    MemoryUnit unit = MemoryUnit::Binary;
    QString scaleTitle; // what the colours measure, e.g. "Memory used (w/o gaps)"
    QString title; // drawn above the scale when not empty (exports)
    QString emptyText = QCoreApplication::translate(
        "popscope::TileMapRenderer", "Open a report to see its tiles on the chip");
};

class TileMapRenderer {
    Q_DECLARE_TR_FUNCTIONS(popscope::TileMapRenderer)

public:
    // Where the IPUs and their cells fall in `area`.
    struct Geometry {
        QRect plot;
        std::vector<uint32_t> ipus; // drawn, in order
        int ipusAcross = 1;
        double cellWidth = 0, cellHeight = 0;
        int exchangeGap = 0, ipuGap = 0, labelHeight = 0;
        QRectF blockRect(size_t shownIndex, const TileMapLayout& layout) const; // cells only
        QRectF cellRect(
            const TileMapLayout::Place& place, size_t shownIndex, const TileMapLayout& layout) const;
    };
    static Geometry geometry(const TileMapScene& scene, const QRect& area, const QFontMetrics& metrics);
    static void paint(
        QPainter& painter, const QRect& area, const TileMapScene& scene, const QPalette& palette);
    static int64_t tileAt(const Geometry& geometry, const TileMapScene& scene, const QPointF& point);
    // The tiles whose cells `rect` touches, ascending.
    static std::vector<uint32_t> tilesIn(
        const Geometry& geometry, const TileMapScene& scene, const QRectF& rect);
    static QColor colourOf(const TileMapScene& scene, int64_t value, const QPalette& palette);

private:
    static int headerHeight(const TileMapScene& scene, const QFontMetrics& metrics);
    static void paintScale(
        QPainter& painter, const QRect& area, const TileMapScene& scene, const QPalette& palette);
    static void paintCells(
        QPainter& painter, const Geometry& g, const TileMapScene& scene, const QPalette& palette);
    static void paintMarks(
        QPainter& painter, const Geometry& g, const TileMapScene& scene, const QPalette& palette);
};

} // namespace popscope
