#pragma once
// One row per operation of a software layer, with core's figures (OperationAnalysis): the
// Operations report's table. Compare mode joins two of these by operationKey.
#include "models/column_table_model.hpp"
#include "popscope/report.hpp"

#include <memory>
#include <string>

namespace popscope {

// An operation the table shows.
struct ShownOperation {
    uint32_t operation = 0; // index into Report::operations()
    std::string key; // operationKey: the join's and links' key
};

class OperationsModel : public ColumnTableModel<ShownOperation> {
    Q_OBJECT
public:
    // The columns, in the descriptors' order.
    enum Column {
        Name,
        DebugName,
        Cycles,
        Flops,
        FlopsPerCycle,
        CodeSize,
        VariableMemory,
        Programs,
        Steps,
        ColumnCount
    };
    explicit OperationsModel(QObject* parent = nullptr);

    // The report's operations of `layer` ("" = every layer); null clears.
    void setReport(std::shared_ptr<const Report> report, const std::string& layer);
    const Report* report() const { return m_report.get(); }
    // The report has no execution: its cycles are the compiler's estimates.
    bool cyclesEstimated() const { return m_report && m_cyclesEstimated; }
    // Index into Report::operations() of a row.
    uint32_t operation(int row) const { return rowAt(row).operation; }
    // The row of an operation index or key, or -1.
    int rowOfOperation(uint32_t operation) const;

private:
    const OperationFigures& figuresOf(const ShownOperation& row) const
    {
        return m_report->operationAnalysis().figures[row.operation];
    }
    OperationRow operationOf(const ShownOperation& row) const
    {
        return m_report->operations()[row.operation];
    }
    std::shared_ptr<const Report> m_report;
    bool m_cyclesEstimated = false;
};

} // namespace popscope
