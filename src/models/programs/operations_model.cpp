#include "models/programs/operations_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"

#include <algorithm>
#include <cmath>

namespace popscope {

OperationsModel::OperationsModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Operation"), Kind::Text, {} },
        { tr("Debug name"), Kind::Text, tr("The name the framework gave it") },
        { tr("Cycles"), Kind::Count, tr("Cycles of its execution steps (each step's slowest IPU)") },
        { tr("FLOPs"), Kind::Count, tr("Floating-point operations (estimate)") },
        { tr("FLOPs/cycle"), Kind::Ratio, tr("FLOPs per cycle of its steps") },
        { tr("Code size"), Kind::Bytes, tr("Vertex and exchange code of its programs") },
        { tr("Variable memory"), Kind::Bytes,
            tr("Variables whose debug context is the operation's or below it") },
        { tr("Programs"), Kind::Count, tr("Programs that implement it") },
        { tr("Steps"), Kind::Count, tr("Executions of its programs") } });
}

void OperationsModel::setReport(std::shared_ptr<const Report> report, const std::string& layer)
{
    beginResetModel();
    m_report = std::move(report);
    m_rows.clear();
    m_keys.clear();
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
            if (layer.empty() || ops[i].layer == layer) {
                m_rows.push_back(uint32_t(i));
                m_keys.push_back(operationKey(ops[i]));
            }
    }
    endResetModel();
}

int OperationsModel::rowOfOperation(uint32_t operation) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), operation);
    return it == m_rows.end() ? -1 : int(it - m_rows.begin());
}

QString OperationsModel::text(int row, int column) const
{
    const OperationRow op = m_report->operations()[m_rows[size_t(row)]];
    switch (column) {
    case Name:
        return toQString(op.name);
    case DebugName:
        return toQString(op.debugName);
    default:
        return {};
    }
}

uint64_t OperationsModel::number(int row, int column) const
{
    const OperationFigures& f = m_report->operationAnalysis().figures[m_rows[size_t(row)]];
    switch (column) {
    case CodeSize:
        return f.codeBytes;
    case Cycles:
        return f.cycles;
    case Flops:
        return f.flops;
    case FlopsPerCycle:
        return uint64_t(std::llround(f.flopsPerCycle() * 1000.0));
    case VariableMemory:
        return f.variableBytes;
    case Programs:
        return f.programs;
    case Steps:
        return f.steps;
    default:
        return 0;
    }
}

QString OperationsModel::toolTip(int row, int column) const
{
    if (column == Name)
        return QString::fromStdString(m_keys[size_t(row)]);
    if (column == Cycles || column == Flops)
        return countText(number(row, column)) + (column == Cycles ? tr(" cycles") : tr(" FLOPs"));
    return {};
}

int OperationsModel::worseDirection(int column) const
{
    switch (column) {
    case CodeSize:
    case Cycles:
    case VariableMemory:
        return 1;
    case FlopsPerCycle:
        return -1; // more work per cycle is better
    default:
        return 0; // more FLOPs or steps is more work, neither better nor worse
    }
}

} // namespace popscope
