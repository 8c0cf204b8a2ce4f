#pragma once
// One row per operation of a software layer, with core's figures (OperationAnalysis): the
// Operations report's table. Compare mode joins two of these by operationKey.
#include "models/report_table_model.hpp"
#include "popscope/report.hpp"

#include <memory>
#include <string>

namespace popscope {

class OperationsModel : public ReportTableModel {
    Q_OBJECT
public:
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
    uint32_t operation(int row) const { return m_rows.at(size_t(row)); }
    // The row of an operation index or key, or -1.
    int rowOfOperation(uint32_t operation) const;

    bool isCompared(int column) const override { return column >= Cycles; }
    std::string_view keyView(int row) const override { return m_keys.at(size_t(row)); }

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    QString toolTip(int row, int column) const override;
    int worseDirection(int column) const override;

private:
    std::shared_ptr<const Report> m_report;
    bool m_cyclesEstimated = false;
    std::vector<uint32_t> m_rows;
    std::vector<std::string> m_keys;
};

} // namespace popscope
