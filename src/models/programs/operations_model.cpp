#include "models/programs/operations_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"

#include <cmath>

namespace popscope {

namespace {

// A Ratio column holds thousandths: 1.5 FLOPs per cycle is 1500.
uint64_t flopsPerCycleInThousandths(const OperationFigures& figures)
{
    return uint64_t(std::llround(figures.flopsPerCycle() * 1000.0));
}

} // namespace

// data table: one descriptor per column, in the order of Column.
OperationsModel::OperationsModel(QObject* parent)
    : ColumnTableModel(parent)
{
    using Row = ShownOperation;
    // Cycles, code and memory: more is worse; more FLOPs or steps is more work, neither.
    setColumnDescriptors(
        {
            { .header = tr("Operation"),
                .text = [this](const Row& r) { return toQString(operationOf(r).name); },
                .toolTip = [](const Row& r) { return QString::fromStdString(r.key); } },
            { .header = tr("Debug name"),
                .headerToolTip = tr("The name the framework gave it"),
                .text = [this](const Row& r) { return toQString(operationOf(r).debugName); } },
            { .header = tr("Cycles"),
                .kind = Kind::Count,
                .headerToolTip = tr("Cycles of its execution steps (each step's slowest IPU)"),
                .number = [this](const Row& r) { return figuresOf(r).cycles; },
                .toolTip = [this](const Row& r) { return countText(figuresOf(r).cycles) + tr(" cycles"); },
                .compared = true },
            { .header = tr("FLOPs"),
                .kind = Kind::Count,
                .headerToolTip = tr("Floating-point operations (estimate)"),
                .number = [this](const Row& r) { return figuresOf(r).flops; },
                .toolTip = [this](const Row& r) { return countText(figuresOf(r).flops) + tr(" FLOPs"); },
                .compared = true,
                .worse = 0 },
            { .header = tr("FLOPs/cycle"),
                .kind = Kind::Ratio,
                .headerToolTip = tr("FLOPs per cycle of its steps"),
                .number = [this](const Row& r) { return flopsPerCycleInThousandths(figuresOf(r)); },
                .compared = true,
                .worse = -1 }, // more work per cycle is better
            { .header = tr("Code size"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Vertex and exchange code of its programs"),
                .number = [this](const Row& r) { return figuresOf(r).codeBytes; },
                .compared = true },
            { .header = tr("Variable memory"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Variables whose debug context is the operation's or below it"),
                .number = [this](const Row& r) { return figuresOf(r).variableBytes; },
                .compared = true },
            { .header = tr("Programs"),
                .kind = Kind::Count,
                .headerToolTip = tr("Programs that implement it"),
                .number = [this](const Row& r) { return uint64_t(figuresOf(r).programs); },
                .compared = true,
                .worse = 0 },
            { .header = tr("Steps"),
                .kind = Kind::Count,
                .headerToolTip = tr("Executions of its programs"),
                .number = [this](const Row& r) { return uint64_t(figuresOf(r).steps); },
                .compared = true,
                .worse = 0 },
        },
        [](const Row& r) { return std::string_view(r.key); });
}

void OperationsModel::setReport(std::shared_ptr<const Report> report, const std::string& layer)
{
    beginResetModel();
    m_report = std::move(report);
    std::vector<ShownOperation> rows;
    if (m_report) {
        // A report without execution shows the compiler's estimates, and says so.
        m_cyclesEstimated = m_report->operationAnalysis().cyclesEstimated;
        ReportTableModel::Column& cycles = columnAt(Cycles);
        cycles.header = m_cyclesEstimated ? tr("Estimated cycles") : tr("Cycles");
        cycles.toolTip = m_cyclesEstimated
            ? tr("The compiler's estimate of one run of its programs: the report holds no execution")
            : tr("Cycles of its execution steps (each step's slowest IPU)");
        const auto& ops = m_report->operations();
        for (size_t i = 0; i < ops.size(); ++i)
            if (layer.empty() || ops[i].layer == layer)
                rows.push_back({ uint32_t(i), operationKey(ops[i]) });
    }
    takeRows(std::move(rows));
    endResetModel();
}

int OperationsModel::rowOfOperation(uint32_t operation) const
{
    for (int r = 0; r < rowCount(); ++r)
        if (rowAt(r).operation == operation)
            return r;
    return -1;
}

} // namespace popscope
