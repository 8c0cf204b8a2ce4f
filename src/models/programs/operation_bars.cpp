#include "models/programs/operation_bars.hpp"

#include "models/compare_table_model.hpp"
#include "models/programs/operations_model.hpp"
#include "popscope/report.hpp"

#include <algorithm>

namespace popscope {

std::vector<OperationBar> topOperationBars(const OperationsModel& source, const OperationsModel& target,
    const CompareTableModel* join, OperationMetric metric, size_t limit)
{
    const auto value = [metric](const Report& r, uint32_t op) {
        const OperationFigures& f = r.operationAnalysis().figures[op];
        return double(metric == OperationMetric::Cycles ? f.cycles
                : metric == OperationMetric::CodeSize   ? f.codeBytes
                                                        : f.flops);
    };
    std::vector<OperationBar> bars;
    if (join) {
        const Report& sr = *source.report();
        const Report& tr = *target.report();
        for (int r = 0; r < join->rowCount(); ++r) {
            const int s = join->sourceRow(r), t = join->targetRow(r);
            OperationBar bar;
            bar.key = join->rowKey(r);
            bar.inSource = s >= 0;
            bar.inTarget = t >= 0;
            bar.source = s >= 0 ? value(sr, source.operation(s)) : 0;
            bar.target = t >= 0 ? value(tr, target.operation(t)) : 0;
            const Operation& op
                = s >= 0 ? sr.operations()[source.operation(s)] : tr.operations()[target.operation(t)];
            bar.label = QString::fromStdString(op.name);
            bars.push_back(bar);
        }
    } else {
        for (int r = 0; r < source.rowCount(); ++r) {
            OperationBar bar;
            bar.key = source.rowKey(r);
            bar.source = value(*source.report(), source.operation(r));
            bar.label = QString::fromStdString(source.report()->operations()[source.operation(r)].name);
            bars.push_back(bar);
        }
    }
    std::stable_sort(bars.begin(), bars.end(), [](const OperationBar& a, const OperationBar& b) {
        return std::max(a.source, a.target) > std::max(b.source, b.target);
    });
    if (bars.size() > limit)
        bars.resize(limit);
    return bars;
}

} // namespace popscope
