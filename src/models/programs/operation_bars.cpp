#include "models/programs/operation_bars.hpp"

#include "models/compare_table_model.hpp"
#include "models/programs/operations_model.hpp"
#include "models/qt_text.hpp"
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
    // Every row's figures, then a key and a label for the bars kept only: both for every row
    // took 10 MiB of strings for bench-huge's pair of 112 k operations, to draw 20 bars.
    struct Row {
        int row;
        double source, target;
        double largest() const { return std::max(source, target); }
    };
    const int rows = join ? join->rowCount() : source.rowCount();
    std::vector<Row> figures;
    figures.reserve(size_t(rows));
    for (int r = 0; r < rows; ++r) {
        const int s = join ? join->sourceRow(r) : r, t = join ? join->targetRow(r) : -1;
        figures.push_back({ r, s >= 0 ? value(*source.report(), source.operation(s)) : 0,
            t >= 0 ? value(*target.report(), target.operation(t)) : 0 });
    }
    // The largest first, ties in the table's order.
    const auto larger = [](const Row& a, const Row& b) {
        return a.largest() != b.largest() ? a.largest() > b.largest() : a.row < b.row;
    };
    const size_t kept = std::min(limit, figures.size());
    std::partial_sort(figures.begin(), figures.begin() + long(kept), figures.end(), larger);
    std::vector<OperationBar> bars;
    bars.reserve(kept);
    for (size_t i = 0; i < kept; ++i) {
        const Row& f = figures[i];
        OperationBar bar;
        bar.source = f.source;
        bar.target = f.target;
        if (!join) {
            bar.key = QString::fromUtf8(source.keyView(f.row));
            bar.label = toQString(source.report()->operations()[source.operation(f.row)].name);
            bars.push_back(bar);
            continue;
        }
        const int s = join->sourceRow(f.row), t = join->targetRow(f.row);
        bar.key = QString::fromUtf8(join->keyView(f.row));
        bar.inSource = s >= 0;
        bar.inTarget = t >= 0;
        const OperationRow op = s >= 0 ? source.report()->operations()[source.operation(s)]
                                       : target.report()->operations()[target.operation(t)];
        bar.label = toQString(op.name);
        bars.push_back(bar);
    }
    return bars;
}

} // namespace popscope
