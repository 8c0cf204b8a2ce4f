#pragma once
// The bars of the Operations report's chart: the top operations of the listed layer by cycles,
// code size or FLOPs, with the target's figure beside the source's in compare mode.
#include <QString>

#include <vector>

namespace popscope {

class CompareTableModel;
class OperationsModel;

struct OperationBar {
    QString key; // operationKey, for a click
    QString label; // what the axis shows
    double source = 0, target = 0;
    bool inSource = true, inTarget = false;
};

enum class OperationMetric { Cycles, CodeSize, Flops };

// One bar per row of the listed operations (`join`'s rows in compare mode, null in single mode),
// the largest of source and target first (ties keep the table's order), at most `limit` bars.
std::vector<OperationBar> topOperationBars(const OperationsModel& source, const OperationsModel& target,
    const CompareTableModel* join, OperationMetric metric, size_t limit);

} // namespace popscope
