#include "models/trace/trace_tiles_painter.hpp"

#include "models/trace/trace_colors.hpp"

#include <algorithm>
#include <exception>

namespace popscope {

namespace {
// Per lane, the per-tile cycles kept between frames (4 bytes each): the visible tiles of the rows
// read, so memory follows the pixels shown, not the IPU's tile count. A frame may hold more while
// it is painted; the cache is emptied before a frame, never during one.
constexpr size_t kMaxCachedCells = size_t(1) << 20;

uint64_t overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
    const uint64_t from = std::max(a0, b0), to = std::min(a1, b1);
    return to > from ? to - from : 0;
}

// Σ weight × colour (red, green, blue) and Σ weight, as a colour; idle when nothing weighs.
QRgb mixed(const std::array<double, 4>& sum, QRgb idle)
{
    if (sum[3] <= 0)
        return idle;
    const double scale = 1.0 / sum[3];
    return qRgb(int(sum[0] * scale), int(sum[1] * scale), int(sum[2] * scale));
}

// Each pixel row's groups [first, last) of the window's tiles, the same for every column.
std::vector<std::pair<uint32_t, uint32_t>> groupsOfRows(const TraceWindow& window, int h, uint32_t groups)
{
    const double tilesPerRow = double(window.lastTile - window.firstTile) / h;
    std::vector<std::pair<uint32_t, uint32_t>> rowGroups(static_cast<size_t>(h));
    for (int y = 0; y < h; ++y) {
        const uint32_t t0 = window.firstTile + uint32_t(tilesPerRow * y);
        const uint32_t t1 = std::max(t0 + 1, window.firstTile + uint32_t(tilesPerRow * (y + 1)));
        rowGroups[size_t(y)] = { t0 / TraceLod::kTilesPerGroup,
            std::min<uint32_t>(groups, (t1 + TraceLod::kTilesPerGroup - 1) / TraceLod::kTilesPerGroup) };
    }
    return rowGroups;
}
} // namespace

void TraceTilesPainter::setTrace(const TraceData* trace)
{
    m_trace = trace;
    m_rows.clear();
    m_cachedCells = 0;
}

QImage TraceTilesPainter::paint(uint32_t ipu, const TraceWindow& window, QSize size, const QPalette& palette,
    const QImage* previous, const TraceWindow* previousWindow)
{
    QImage image(size, QImage::Format_RGB32);
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        m_colours[s] = traceStateColor(TraceState(s), palette);
        m_rgb[s][0] = m_colours[s].red();
        m_rgb[s][1] = m_colours[s].green();
        m_rgb[s][2] = m_colours[s].blue();
    }
    m_idle = m_colours[size_t(TraceState::Idle)].rgb();
    image.fill(m_colours[size_t(TraceState::Idle)]);
    if (!m_trace || size.isEmpty())
        return image;
    const double tilesPerRow = double(window.lastTile - window.firstTile) / size.height();
    int x0 = 0, x1 = size.width();
    if (previous && previousWindow && previous->size() == size && previousWindow->sameScale(window)) {
        const int64_t shift = window.firstColumn - previousWindow->firstColumn;
        if (std::abs(shift) < size.width()) { // keep the columns both pictures show
            const int w = size.width(), kept = w - int(std::abs(shift));
            for (int y = 0; y < size.height(); ++y) {
                const QRgb* from = reinterpret_cast<const QRgb*>(previous->constScanLine(y));
                QRgb* to = reinterpret_cast<QRgb*>(image.scanLine(y));
                if (shift >= 0)
                    std::copy(from + shift, from + w, to);
                else
                    std::copy(from, from + kept, to - shift);
            }
            x0 = shift >= 0 ? kept : 0;
            x1 = shift >= 0 ? w : int(-shift);
        }
    }
    if (window.firstColumn < 0) { // an aligned compare view: the columns before cycle 0 stay blank
        const int blank = int(std::min<int64_t>(size.width(), -window.firstColumn));
        const QRgb base = palette.color(QPalette::Base).rgb();
        for (int y = 0; y < size.height(); ++y)
            std::fill_n(reinterpret_cast<QRgb*>(image.scanLine(y)), blank, base);
        x0 = std::max(x0, blank);
        x1 = std::max(x1, x0);
    }
    // Single tiles once a group of 16 spans several pixel rows (the groups would look blocky).
    try {
        m_fullResolution
            = tilesPerRow <= kMaxTilesPerRowForSingleTiles && paintTiles(ipu, window, image, x0, x1);
    } catch (const std::exception&) {
        // A row that cannot be read now (a remote report whose server went away, a damaged row):
        // the groups, which need no read, stand in; the page's reads say what is wrong.
        m_rows.clear();
        m_cachedCells = 0;
        m_fullResolution = false;
    }
    if (!m_fullResolution)
        paintGroups(ipu, window, image, x0, x1);
    return image;
}

QRgb TraceTilesPainter::colourOf(const Weights& weights) const
{
    double total = 0, red = 0, green = 0, blue = 0;
    for (double w : weights)
        total += w;
    if (total <= 0)
        return m_idle;
    for (size_t s = 0; s < kTraceStateCount; ++s) {
        red += weights[s] * m_rgb[s][0];
        green += weights[s] * m_rgb[s][1];
        blue += weights[s] * m_rgb[s][2];
    }
    return qRgb(int(red / total), int(green / total), int(blue / total));
}

void TraceTilesPainter::paintGroups(uint32_t ipu, const TraceWindow& window, QImage& image, int x0, int x1)
{
    const TraceLod& lod = m_trace->lod;
    const uint32_t groups = lod.groupsPerIpu();
    const int h = image.height();
    const std::vector<std::pair<uint32_t, uint32_t>> rowGroups = groupsOfRows(window, h, groups);
    const auto& colour = m_rgb;
    const QRgb idle = m_idle;
    QRgb* pixels = reinterpret_cast<QRgb*>(image.bits());
    const size_t stride = size_t(image.bytesPerLine()) / sizeof(QRgb);
    // Columns go in blocks of kBlock, so each pixel row is written kBlock pixels (a cache line) at a
    // time rather than a pixel per row per column; a group's colour is worked out once per column
    // and copied to every row it fills alone (zoomed in, a group spans many rows).
    constexpr int kBlock = 16;
    std::vector<StateTileCycles> cells;
    std::vector<std::array<double, 4>> weighted(
        size_t(groups) * kBlock); // [column][group]: Σ weight × colour, Σ weight
    std::vector<QRgb> groupColour(size_t(groups) * kBlock);
    const auto mix = [idle](const std::array<double, 4>& sum) { return mixed(sum, idle); };
    for (int bx = x0; bx < x1; bx += kBlock) {
        const int width = std::min(kBlock, x1 - bx);
        for (int i = 0; i < width; ++i) {
            const auto [a, b] = window.cycles(bx + i);
            lod.column(ipu, a, b, cells);
            std::array<double, 4>* sums = &weighted[size_t(i) * groups];
            for (uint32_t g = 0; g < groups; ++g) {
                std::array<double, 4> sum {};
                for (size_t s = 0; s < kTraceStateCount; ++s) {
                    const double weight = cells[g][s];
                    sum[0] += weight * colour[s][0];
                    sum[1] += weight * colour[s][1];
                    sum[2] += weight * colour[s][2];
                    sum[3] += weight;
                }
                sums[g] = sum;
                groupColour[size_t(i) * groups + g] = mix(sum);
            }
        }
        for (int y = 0; y < h; ++y) {
            const auto [g0, g1] = rowGroups[size_t(y)];
            QRgb* row = pixels + size_t(y) * stride + size_t(bx);
            if (g1 == g0 + 1) {
                for (int i = 0; i < width; ++i)
                    row[i] = groupColour[size_t(i) * groups + g0];
                continue;
            }
            for (int i = 0; i < width; ++i) {
                std::array<double, 4> sum {};
                for (uint32_t g = g0; g < g1; ++g)
                    for (size_t k = 0; k < 4; ++k)
                        sum[k] += weighted[size_t(i) * groups + g][k];
                row[i] = mix(sum);
            }
        }
    }
}

const TraceTilesPainter::CachedRow& TraceTilesPainter::rowOf(
    uint32_t step, uint32_t ipu, uint32_t firstTile, uint32_t lastTile)
{
    const uint64_t key = (uint64_t(step) << 16) | ipu;
    auto it = m_rows.find(key);
    if (it != m_rows.end() && it->second.firstTile <= firstTile
        && it->second.firstTile + it->second.cycles.size() >= lastTile)
        return it->second;
    // The lanes are painted in parallel; the profile's connection is read by one at a time.
    const std::vector<uint32_t> whole
        = m_trace->withProfile([&](const Profile& p) { return p.readTileCycles(m_trace->steps, step, ipu); });
    CachedRow& row = m_rows[key];
    m_cachedCells -= row.cycles.size();
    row.firstTile = std::min<size_t>(firstTile, whole.size());
    row.cycles.assign(
        whole.begin() + row.firstTile, whole.begin() + std::min<size_t>(lastTile, whole.size()));
    row.cycles.shrink_to_fit();
    m_cachedCells += row.cycles.size();
    return row;
}

bool TraceTilesPainter::visibleSteps(
    uint32_t ipu, const TraceWindow& window, int x0, int x1, std::vector<VisibleStep>& visible)
{
    const auto& lane = m_trace->lod.lane(ipu);
    const uint64_t firstCycle = window.cycles(x0).first, lastCycle = window.cycles(x1 - 1).second;
    const size_t k0 = size_t(std::partition_point(lane.begin(), lane.end(), [&](const TraceLod::LaneStep& s) {
        return s.base + s.cycles <= firstCycle;
    }) - lane.begin());
    size_t k1 = k0;
    while (k1 < lane.size() && lane[k1].base < lastCycle)
        ++k1;
    if (k1 - k0 > kMaxFullResolutionSteps)
        return false;
    const uint32_t tiles = window.lastTile - window.firstTile;
    if (m_cachedCells + (k1 - k0) * tiles > kMaxCachedCells) { // before the frame: its rows stay put
        m_rows.clear();
        m_cachedCells = 0;
    }
    for (size_t k = k0; k < k1; ++k) {
        const StepOnIpu* si = m_trace->steps.onIpu(lane[k].step, ipu);
        const uint32_t active = si ? si->activeTiles : 0;
        visible.push_back({ &lane[k],
            lane[k].perTile ? &rowOf(lane[k].step, ipu, window.firstTile, window.lastTile) : nullptr,
            active });
    }
    return true;
}

void TraceTilesPainter::addWeights(
    const VisibleStep& visible, uint32_t firstTile, uint64_t a, uint64_t b, std::vector<Weights>& perTile)
{
    const TraceLod::LaneStep& s = *visible.step;
    const uint64_t inStep = overlap(s.base, s.base + s.cycles, a, b);
    const auto tiles = uint32_t(perTile.size());
    for (uint32_t i = 0; i < tiles; ++i) {
        const uint32_t t = firstTile + i;
        if (s.work == TraceState::Sync) {
            perTile[i][size_t(TraceState::Sync)] += double(inStep);
            continue;
        }
        const CachedRow* row = visible.cycles;
        const uint64_t works = row && t - row->firstTile < row->cycles.size()
            ? row->cycles[t - row->firstTile]
            : (t < visible.activeTiles ? s.cycles : 0);
        const uint64_t busy = overlap(s.base, s.base + works, a, b);
        perTile[i][size_t(s.work)] += double(busy);
        perTile[i][size_t(TraceState::WaitingForSync)] += double(inStep - busy);
    }
}

void TraceTilesPainter::paintColumn(
    const std::vector<Weights>& perTile, int x, QImage& image, std::vector<QRgb>& tileColours) const
{
    const auto tiles = uint32_t(perTile.size());
    const int h = image.height();
    const double tilesPerRow = double(tiles) / h;
    QRgb* pixels = reinterpret_cast<QRgb*>(image.bits());
    const size_t stride = size_t(image.bytesPerLine()) / sizeof(QRgb);
    if (tilesPerRow <= 1.0) { // a tile spans whole rows: one colour per tile, copied down its rows
        for (uint32_t i = 0; i < tiles; ++i)
            tileColours[i] = colourOf(perTile[i]);
        for (int y = 0; y < h; ++y)
            pixels[size_t(y) * stride + size_t(x)]
                = tileColours[std::min(tiles - 1, uint32_t(tilesPerRow * y))];
        return;
    }
    for (int y = 0; y < h; ++y) {
        const uint32_t i0 = std::min(tiles - 1, uint32_t(tilesPerRow * y));
        const uint32_t i1 = std::min(tiles, std::max(i0 + 1, uint32_t(tilesPerRow * (y + 1))));
        Weights weights {};
        for (uint32_t i = i0; i < i1; ++i)
            for (size_t st = 0; st < kTraceStateCount; ++st)
                weights[st] += perTile[i][st];
        pixels[size_t(y) * stride + size_t(x)] = colourOf(weights);
    }
}

// Single tiles: every visible step's per-tile cycles, from the file. False (nothing painted) when
// too many steps are visible for that; the caller then paints groups.
bool TraceTilesPainter::paintTiles(uint32_t ipu, const TraceWindow& window, QImage& image, int x0, int x1)
{
    if (x1 <= x0)
        return true;
    std::vector<VisibleStep> visible;
    if (!visibleSteps(ipu, window, x0, x1, visible))
        return false;
    const uint32_t tiles = window.lastTile - window.firstTile;
    // Per column: each visible tile's weights once, then each pixel row sums its tiles.
    std::vector<Weights> perTile(tiles);
    std::vector<QRgb> tileColours(tiles);
    size_t first = 0; // the first visible step that may reach this column
    for (int x = x0; x < x1; ++x) {
        const auto [a, b] = window.cycles(x);
        while (first < visible.size() && visible[first].step->base + visible[first].step->cycles <= a)
            ++first;
        std::fill(perTile.begin(), perTile.end(), Weights {});
        for (size_t v = first; v < visible.size() && visible[v].step->base < b; ++v)
            addWeights(visible[v], window.firstTile, a, b, perTile);
        paintColumn(perTile, x, image, tileColours);
    }
    return true;
}

} // namespace popscope
