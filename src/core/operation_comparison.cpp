// Operations of two reports matched by layer, name and debug name: cycles, FLOPs and code size,
// and What changed's lines for them.
#include "popscope/operations.hpp"
#include "popscope/report.hpp"
#include "table_compare.hpp"

#include <algorithm>

namespace popscope {

namespace {

struct OperationColumns {
    std::vector<std::string> keys;
    std::vector<uint64_t> cycles, flops, code;
};

OperationColumns columns(const Report& report)
{
    OperationColumns c;
    for (const OperationRow op : report.operations()) {
        c.keys.push_back(operationKey(op));
        c.cycles.push_back(op.cycles);
        c.flops.push_back(op.flops);
        c.code.push_back(op.codeBytes);
    }
    return c;
}

ChangeLine changeLine(const std::string& metric, const std::string& key, uint64_t source, uint64_t target,
    const std::string& unit)
{
    ChangeLine l;
    l.page = "operations";
    l.table = "operations";
    l.rowKey = key;
    l.metric = metric;
    l.subject = key;
    l.sourceValue = int64_t(std::min<uint64_t>(source, uint64_t(INT64_MAX)));
    l.targetValue = int64_t(std::min<uint64_t>(target, uint64_t(INT64_MAX)));
    l.diff = signedDiff(source, target);
    l.unit = unit;
    return l;
}

} // namespace

void compareOperations(const Report& source, const Report& target, ReportComparison& c, size_t topRows)
{
    const OperationColumns s = columns(source), t = columns(target);
    const auto sourceKeys = views(s.keys), targetKeys = views(t.keys);
    const auto rows = matchRows(sourceKeys, targetKeys);
    c.operationCycles = compareTable(
        "operations", "cycles", "cycles", rows, sourceKeys, targetKeys, s.cycles, t.cycles, topRows);
    c.operationFlops = compareTable(
        "operations", "FLOPs", "flops", rows, sourceKeys, targetKeys, s.flops, t.flops, topRows);
    c.operationCode = compareTable(
        "operations", "code size", "bytes", rows, sourceKeys, targetKeys, s.code, t.code, topRows);
}

void appendOperationChanges(const ReportComparison& c, std::vector<ChangeLine>& lines)
{
    // The operations that moved most on each figure (at most five each, largest |diff| first),
    // then operations on one side only, by cycles. Ranked within each figure: cycles, FLOPs and
    // bytes do not compare with each other or with memory.
    constexpr size_t kPerFigure = 5;
    const auto moved = [&](const TableChanges& t, const char* metric) {
        std::vector<ChangeLine> out;
        for (const auto* list : { &t.grown, &t.shrunk })
            for (const RowChange& r : *list)
                out.push_back(changeLine(metric, r.name, r.source, r.target, t.unit));
        std::stable_sort(out.begin(), out.end(), [](const ChangeLine& a, const ChangeLine& b) {
            return diffMagnitude(a.diff.absolute) > diffMagnitude(b.diff.absolute);
        });
        if (out.size() > kPerFigure)
            out.resize(kPerFigure);
        lines.insert(lines.end(), out.begin(), out.end());
    };
    moved(c.operationCycles, "operation cycles");
    moved(c.operationFlops, "operation FLOPs");
    moved(c.operationCode, "operation code size");
    const TableChanges& t = c.operationCycles;
    for (size_t i = 0; i < t.added.size() && i < kPerFigure; ++i)
        lines.push_back(changeLine("new operation", t.added[i].name, 0, t.added[i].target, t.unit));
    for (size_t i = 0; i < t.removed.size() && i < kPerFigure; ++i)
        lines.push_back(changeLine("removed operation", t.removed[i].name, t.removed[i].source, 0, t.unit));
}

} // namespace popscope
