#include "models/tile_axis.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

double positionToX(double position, const TileWindow& window, double width)
{
    return (position - window.first) / window.count * width;
}

double xToPosition(double x, const TileWindow& window, double width)
{
    return window.first + x / width * window.count;
}

int64_t positionAtX(double x, const TileWindow& window, double width, uint32_t numPositions)
{
    if (width <= 0)
        return -1;
    const double p = std::floor(xToPosition(x, window, width));
    if (p < 0 || p >= double(numPositions))
        return -1;
    return int64_t(p);
}

PositionRange positionsInColumn(int column, const TileWindow& window, int width, uint32_t numPositions)
{
    if (width <= 0 || numPositions == 0)
        return {};
    const double p0 = xToPosition(column, window, width);
    const double p1 = xToPosition(column + 1, window, width);
    double b = std::floor(p0);
    double e = std::ceil(p1);
    // A position that only touches the column's right edge belongs to the next column.
    if (e <= b)
        e = b + 1;
    b = std::clamp(b, 0.0, double(numPositions));
    e = std::clamp(e, 0.0, double(numPositions));
    return PositionRange { uint32_t(b), uint32_t(e) };
}

TileWindow clampWindow(TileWindow window, double numPositions, double minCount)
{
    const double n = std::max(numPositions, 1.0);
    minCount = std::min(minCount, n);
    window.count = std::clamp(window.count, minCount, n);
    window.first = std::clamp(window.first, 0.0, n - window.count);
    return window;
}

TileWindow zoomAround(
    const TileWindow& window, double anchor, double factor, double numPositions, double minCount)
{
    TileWindow w;
    w.count = window.count * factor;
    const double fraction = window.count > 0 ? (anchor - window.first) / window.count : 0.5;
    w = clampWindow(TileWindow { 0.0, w.count }, numPositions, minCount);
    w.first = anchor - fraction * w.count;
    return clampWindow(w, numPositions, minCount);
}

double wheelZoomFactor(int angleDeltaY)
{
    return std::pow(0.8, angleDeltaY / 120.0);
}

TileWindow panBy(const TileWindow& window, double deltaPositions, double numPositions, double minCount)
{
    return clampWindow(TileWindow { window.first + deltaPositions, window.count }, numPositions, minCount);
}

std::vector<ColumnAggregate> aggregateColumns(const std::vector<uint32_t>& values,
    const std::vector<uint32_t>& order, const TileWindow& window, int width)
{
    std::vector<ColumnAggregate> columns(size_t(std::max(width, 0)));
    const auto n = uint32_t(order.empty() ? values.size() : order.size());
    for (int c = 0; c < width; ++c) {
        const PositionRange range = positionsInColumn(c, window, width, n);
        if (range.empty())
            continue;
        ColumnAggregate a;
        a.min = UINT64_MAX;
        for (uint32_t p = range.begin; p < range.end; ++p) {
            const uint32_t index = order.empty() ? p : order[p];
            const uint64_t v = index < values.size() ? values[index] : 0;
            a.sum += v;
            a.min = std::min(a.min, v);
            if (v > a.max || a.count == 0) {
                a.max = v;
                a.argMax = p;
            }
            ++a.count;
        }
        columns[size_t(c)] = a;
    }
    return columns;
}

std::vector<double> niceTicks(double maxValue, int targetTicks)
{
    std::vector<double> ticks;
    if (!(maxValue > 0) || targetTicks < 1)
        return { 0.0 };
    const double raw = maxValue / targetTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    for (double v = 0; v <= maxValue * (1 + 1e-9); v += step)
        ticks.push_back(v);
    return ticks;
}

} // namespace popscope
