#pragma once
// Pure mapping between display positions (tiles in display order) and pixel columns, and the
// per-pixel-column aggregation the memory chart paints. No Qt widgets; unit-tested.
#include <cstdint>
#include <vector>

namespace popscope {

// The visible part of the axis: positions [first, first + count).
struct TileWindow {
    double first = 0.0;
    double count = 1.0;
};

double positionToX(double position, const TileWindow& window, double width);
double xToPosition(double x, const TileWindow& window, double width);
// The display position under pixel x (floor), or -1 when outside [0, numPositions).
int64_t positionAtX(double x, const TileWindow& window, double width, uint32_t numPositions);

struct PositionRange {
    uint32_t begin = 0;
    uint32_t end = 0; // exclusive
    bool empty() const { return end <= begin; }
};
// Positions drawn in pixel column `column` (every position overlapping [column, column + 1)).
PositionRange positionsInColumn(int column, const TileWindow& window, int width, uint32_t numPositions);

// Keeps at least `minCount` positions visible and the window inside [0, numPositions). The axis may
// be longer than 2^32 positions (a trace's cycles).
TileWindow clampWindow(TileWindow window, double numPositions, double minCount = 4.0);
// Zooms by `factor` (< 1 zooms in) keeping `anchor` (a position) under the same pixel, showing at
// least `minCount` positions.
TileWindow zoomAround(
    const TileWindow& window, double anchor, double factor, double numPositions, double minCount = 4.0);
// The zoom factor of every chart's mouse wheel: 0.8 a notch (120 units of angleDelta().y()) turned
// away from the user (zoom in), 1.25 a notch towards; 1 for no vertical turn.
double wheelZoomFactor(int angleDeltaY);
TileWindow panBy(const TileWindow& window, double deltaPositions, double numPositions, double minCount = 4.0);

struct ColumnAggregate {
    uint64_t min = 0;
    uint64_t max = 0;
    uint64_t sum = 0;
    uint32_t argMax = 0; // display position holding `max`
    uint32_t count = 0; // positions in the column; 0 = nothing drawn
};

// Min, max, sum and the position of the max of `values[order[p]]` for every pixel column.
// `order` maps display position -> index into `values`; empty means identity.
std::vector<ColumnAggregate> aggregateColumns(const std::vector<uint32_t>& values,
    const std::vector<uint32_t>& order, const TileWindow& window, int width);

// "Nice" tick values (1, 2, 5 × 10^n steps) covering [0, maxValue] with about `targetTicks`.
std::vector<double> niceTicks(double maxValue, int targetTicks);

} // namespace popscope
