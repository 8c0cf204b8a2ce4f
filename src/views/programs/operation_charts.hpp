#pragma once
// The Operations report's Qt Charts: the top operations by a figure (source and target bars in
// compare mode) and an operation's code size by tile.
#include "models/programs/operation_bars.hpp"
#include "popscope/units.hpp"

#include <QString>

#include <functional>
#include <vector>

class QChart;

namespace popscope {

QString operationMetricName(OperationMetric metric); // "cycles", "code size", "FLOPs"

// Horizontal bars, largest on top; `comparing` adds the target's bars. `onClicked` gets the key.
// `estimated`: the cycles are the compiler's estimates (a report without execution), and say so.
QChart* makeTopOperationsChart(const std::vector<OperationBar>& bars, OperationMetric metric, bool comparing,
    bool estimated, MemoryUnit unit, std::function<void(const QString&)> onClicked);

// Code bytes on every tile (max per bucket when there are more tiles than points); `target`
// empty in single mode.
QChart* makeCodeByTileChart(
    const std::vector<uint64_t>& source, const std::vector<uint64_t>& target, MemoryUnit unit);

} // namespace popscope
