#pragma once
// The right side of the Operations report: the selected operation's summary (Source / Target /
// Diff in compare mode), its programs (double-click: Program Tree), its steps, its code size by
// tile, its FLOPs against its layer's and its debug information; the layer's totals when nothing
// is selected.
#include <QTabWidget>

#include <cstdint>
#include <string>

class QTreeWidget;
class QLabel;

namespace popscope {

class Report;
class ReportState;
class OperationFlopsView;
class SmallChart;

class OperationDetailsView : public QTabWidget {
    Q_OBJECT
public:
    explicit OperationDetailsView(ReportState* state, QWidget* parent = nullptr);
    // An operation of the source and/or of the target (-1 where a side lacks it).
    void showOperation(int64_t sourceOperation, int64_t targetOperation);
    // The totals of `layer` ("" = every layer) when nothing is selected.
    void showTotals(const std::string& layer);
    QTreeWidget* summary() const { return m_summary; }
    QTreeWidget* programs() const { return m_programs; }
    QTreeWidget* steps() const { return m_steps; }
    QTreeWidget* debugInfo() const { return m_debug; }
    OperationFlopsView* flops() const { return m_flops; }

signals:
    // The user asked to see a source program in the Program Tree.
    void programActivated(uint32_t program);
    // The user asked to see a source step. The Execution Trace (not built yet) will show it; the
    // Operations page forwards it as a navigation request once that page registers.
    void stepActivated(uint32_t step);

private:
    void fillSummary(
        const Report* source, int64_t sourceOperation, const Report* target, int64_t targetOperation);
    void fillPrograms(const Report& report, uint32_t operation);
    void fillSteps(const Report& report, uint32_t operation);
    void fillDebug(const Report& report, uint32_t operation);
    void fillCode(
        const Report* source, int64_t sourceOperation, const Report* target, int64_t targetOperation);
    void setPlaceholders(const QString& text);

    ReportState* m_state;
    QTreeWidget* m_summary;
    QTreeWidget* m_programs;
    QTreeWidget* m_steps;
    QTreeWidget* m_debug;
    OperationFlopsView* m_flops;
    SmallChart* m_code;
    QLabel* m_codeEmpty;
    QWidget* m_codePage;
};

} // namespace popscope
