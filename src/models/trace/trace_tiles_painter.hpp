#pragma once
// Paints the BSP rows of one IPU lane into an image: each pixel the mix of states of the tiles and
// cycles it covers. Zoomed out (16 or more tiles per pixel row) it reads the LOD's tile groups;
// zoomed in to single tiles it reads the visible steps' per-tile cycles from the file on demand
// (a bounded cache of rows), so a lone busy tile shows as itself.
#include "models/trace/trace_data.hpp"

#include <QImage>
#include <QPalette>

#include <map>
#include <utility>
#include <vector>

namespace popscope {

// What a lane's picture shows. Columns sit on a grid anchored at cycle 0 (column c covers cycles
// [c × cyclesPerColumn, (c + 1) × cyclesPerColumn)), so a pan moves the picture by whole columns
// and the columns already painted can be kept.
struct TraceWindow {
    double cyclesPerColumn = 1;
    int64_t firstColumn = 0;
    uint32_t firstTile = 0, lastTile = 1; // tiles of the IPU, [first, last)

    // The cycles of column x of the picture.
    std::pair<uint64_t, uint64_t> cycles(int x) const
    {
        const uint64_t a = uint64_t(double(firstColumn + x) * cyclesPerColumn);
        return { a, std::max(a + 1, uint64_t(double(firstColumn + x + 1) * cyclesPerColumn)) };
    }
    bool sameScale(const TraceWindow& other) const
    {
        return cyclesPerColumn == other.cyclesPerColumn && firstTile == other.firstTile
            && lastTile == other.lastTile;
    }
};

class TraceTilesPainter {
public:
    // At most this many visible steps are read tile by tile; beyond it the groups are used.
    static constexpr size_t kMaxFullResolutionSteps = 2000;
    // Single tiles are painted when a pixel row holds at most this many (a group spans 8+ rows).
    static constexpr double kMaxTilesPerRowForSingleTiles = 2.0;

    void setTrace(const TraceData* trace);
    // `previous` (with its window) is reused when only the first column moved: its columns shift
    // and only the new ones are computed.
    QImage paint(uint32_t ipu, const TraceWindow& window, QSize size, const QPalette& palette,
        const QImage* previous = nullptr, const TraceWindow* previousWindow = nullptr);
    // Whether the last paint used single tiles (true) or groups of 16 (false), for the legend.
    bool fullResolution() const { return m_fullResolution; }

private:
    using Weights = std::array<double, kTraceStateCount>;
    // Columns [x0, x1) of the picture.
    void paintGroups(uint32_t ipu, const TraceWindow& window, QImage& image, int x0, int x1);
    bool paintTiles(uint32_t ipu, const TraceWindow& window, QImage& image, int x0, int x1);
    // A step's per-tile cycles on `ipu` for tiles [firstTile, firstTile + cycles.size()).
    struct CachedRow {
        uint32_t firstTile = 0;
        std::vector<uint32_t> cycles;
    };
    // A step of the lane in the picture's columns, with its per-tile row when the file has one.
    struct VisibleStep {
        const TraceLod::LaneStep* step;
        const CachedRow* cycles; // null: no per-tile row
        uint32_t activeTiles;
    };
    // The lane's steps in columns [x0, x1), their rows read; false when more than
    // kMaxFullResolutionSteps (nothing read).
    bool visibleSteps(
        uint32_t ipu, const TraceWindow& window, int x0, int x1, std::vector<VisibleStep>& visible);
    // Adds the step's cycles [a, b) to the weights of each tile from `firstTile`.
    static void addWeights(const VisibleStep& visible, uint32_t firstTile, uint64_t a, uint64_t b,
        std::vector<Weights>& perTile);
    // Column x from the tiles' weights: each pixel row mixes the tiles it covers.
    void paintColumn(
        const std::vector<Weights>& perTile, int x, QImage& image, std::vector<QRgb>& tileColours) const;
    // The row of tiles [firstTile, lastTile) (at least), from the cache or the file.
    const CachedRow& rowOf(uint32_t step, uint32_t ipu, uint32_t firstTile, uint32_t lastTile);
    QRgb colourOf(const Weights& weights) const; // the states' colours mixed by their weights

    const TraceData* m_trace = nullptr;
    std::array<QColor, kTraceStateCount> m_colours;
    double m_rgb[kTraceStateCount][3] = {}; // the colours as numbers, for blending
    QRgb m_idle = 0;

    std::map<uint64_t, CachedRow> m_rows; // (step, ipu) -> the visible tiles' cycles read from the file
    size_t m_cachedCells = 0; // cycles held in m_rows
    bool m_fullResolution = false;
};

} // namespace popscope
