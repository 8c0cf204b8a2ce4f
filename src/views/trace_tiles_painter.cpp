#include "views/trace_tiles_painter.hpp"

#include "views/trace_colors.hpp"

#include <algorithm>

namespace popscope {

namespace {
constexpr size_t kMaxCachedRows = 8192;

uint64_t overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
    const uint64_t from = std::max(a0, b0), to = std::min(a1, b1);
    return to > from ? to - from : 0;
}
} // namespace

void TraceTilesPainter::setTrace(const TraceData* trace)
{
    m_trace = trace;
    m_rows.clear();
}

QImage TraceTilesPainter::paint(uint32_t ipu, const TraceWindow& window, QSize size, const QPalette& palette)
{
    QImage image(size, QImage::Format_RGB32);
    for (size_t s = 0; s < kTraceStateCount; ++s)
        m_colours[s] = traceStateColor(TraceState(s), palette);
    image.fill(m_colours[size_t(TraceState::Idle)]);
    if (!m_trace || size.isEmpty())
        return image;
    const double tilesPerRow = double(window.lastTile - window.firstTile) / size.height();
    m_fullResolution = tilesPerRow < TraceLod::kTilesPerGroup && paintTiles(ipu, window, image);
    if (!m_fullResolution)
        paintGroups(ipu, window, image);
    return image;
}

void TraceTilesPainter::setPixel(QImage& image, int x, int y, const Weights& weights) const
{
    double total = 0, red = 0, green = 0, blue = 0;
    for (double w : weights)
        total += w;
    if (total <= 0) {
        reinterpret_cast<QRgb*>(image.scanLine(y))[x] = m_colours[size_t(TraceState::Idle)].rgb();
        return;
    }
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        const double f = weights[s] / total;
        red += f * m_colours[s].red();
        green += f * m_colours[s].green();
        blue += f * m_colours[s].blue();
    }
    reinterpret_cast<QRgb*>(image.scanLine(y))[x] = qRgb(int(red), int(green), int(blue));
}

void TraceTilesPainter::paintGroups(uint32_t ipu, const TraceWindow& window, QImage& image)
{
    const TraceLod& lod = m_trace->lod;
    const int w = image.width(), h = image.height();
    const double perColumn = double(window.lastCycle - window.firstCycle) / w;
    const double tilesPerRow = double(window.lastTile - window.firstTile) / h;
    std::vector<StateTileCycles> cells;
    for (int x = 0; x < w; ++x) {
        const uint64_t a = window.firstCycle + uint64_t(perColumn * x);
        const uint64_t b = std::max(a + 1, window.firstCycle + uint64_t(perColumn * (x + 1)));
        lod.column(ipu, a, b, cells);
        for (int y = 0; y < h; ++y) {
            // The groups holding this pixel row's tiles (a group spans rows when zoomed in).
            const uint32_t t0 = window.firstTile + uint32_t(tilesPerRow * y);
            const uint32_t t1 = std::max(t0 + 1, window.firstTile + uint32_t(tilesPerRow * (y + 1)));
            const uint32_t g0 = t0 / TraceLod::kTilesPerGroup;
            const uint32_t g1 = std::min<uint32_t>(lod.groupsPerIpu(), (t1 + TraceLod::kTilesPerGroup - 1) / TraceLod::kTilesPerGroup);
            Weights weights{};
            for (uint32_t g = g0; g < g1; ++g)
                for (size_t s = 0; s < kTraceStateCount; ++s)
                    weights[s] += cells[g][s];
            setPixel(image, x, y, weights);
        }
    }
}

const std::vector<uint32_t>& TraceTilesPainter::rowOf(uint32_t step, uint32_t ipu)
{
    const uint64_t key = (uint64_t(step) << 16) | ipu;
    auto it = m_rows.find(key);
    if (it != m_rows.end())
        return it->second;
    if (m_rows.size() >= kMaxCachedRows)
        m_rows.clear();
    return m_rows[key] = m_trace->profile->readTileCycles(m_trace->steps, step, ipu);
}

// Single tiles: every visible step's per-tile cycles, from the file. False (nothing painted) when
// too many steps are visible for that; the caller then paints groups.
bool TraceTilesPainter::paintTiles(uint32_t ipu, const TraceWindow& window, QImage& image)
{
    const auto& lane = m_trace->lod.lane(ipu);
    const size_t k0 = size_t(std::partition_point(lane.begin(), lane.end(),
                                 [&](const TraceLod::LaneStep& s) { return s.base + s.cycles <= window.firstCycle; })
        - lane.begin());
    size_t k1 = k0;
    while (k1 < lane.size() && lane[k1].base < window.lastCycle)
        ++k1;
    if (k1 - k0 > kMaxFullResolutionSteps)
        return false;
    struct Visible {
        const TraceLod::LaneStep* step;
        const std::vector<uint32_t>* cycles; // empty: no per-tile row
        uint32_t activeTiles;
    };
    std::vector<Visible> visible;
    for (size_t k = k0; k < k1; ++k) {
        uint32_t active = 0;
        for (const StepIpu& si : m_trace->steps[lane[k].step].ipus)
            if (si.ipu == ipu)
                active = si.activeTiles;
        visible.push_back({&lane[k], lane[k].perTile ? &rowOf(lane[k].step, ipu) : nullptr, active});
    }
    const int w = image.width(), h = image.height();
    const double perColumn = double(window.lastCycle - window.firstCycle) / w;
    const double tilesPerRow = double(window.lastTile - window.firstTile) / h;
    size_t first = 0; // the first visible step that may reach this column
    for (int x = 0; x < w; ++x) {
        const uint64_t a = window.firstCycle + uint64_t(perColumn * x);
        const uint64_t b = std::max(a + 1, window.firstCycle + uint64_t(perColumn * (x + 1)));
        while (first < visible.size() && visible[first].step->base + visible[first].step->cycles <= a)
            ++first;
        for (int y = 0; y < h; ++y) {
            const uint32_t t0 = window.firstTile + uint32_t(tilesPerRow * y);
            const uint32_t t1 = std::max(t0 + 1, window.firstTile + uint32_t(tilesPerRow * (y + 1)));
            Weights weights{};
            for (size_t v = first; v < visible.size() && visible[v].step->base < b; ++v) {
                const TraceLod::LaneStep& s = *visible[v].step;
                const uint64_t inStep = overlap(s.base, s.base + s.cycles, a, b);
                for (uint32_t t = t0; t < t1; ++t) {
                    if (s.work == TraceState::Sync) {
                        weights[size_t(TraceState::Sync)] += double(inStep);
                        continue;
                    }
                    const uint64_t works = visible[v].cycles && t < visible[v].cycles->size()
                        ? (*visible[v].cycles)[t] : (t < visible[v].activeTiles ? s.cycles : 0);
                    const uint64_t busy = overlap(s.base, s.base + works, a, b);
                    weights[size_t(s.work)] += double(busy);
                    weights[size_t(TraceState::WaitingForSync)] += double(inStep - busy);
                }
            }
            setPixel(image, x, y, weights);
        }
    }
    return true;
}

} // namespace popscope
