#pragma once
// The Program Tree's details of one program: type, compute set (vertex types and instances per
// tile), exchange (bytes, code), debug-context chain with attributes, the operations it belongs
// to (double-click: Operations report) and the execution steps it ran as, with their cycles; the
// matched target program's figures in compare mode.
#include <QTreeWidget>

#include <cstdint>

namespace popscope {

class Report;
class ReportState;

class ProgramDetailsView : public QTreeWidget {
    Q_OBJECT
public:
    explicit ProgramDetailsView(ReportState* state, QWidget* parent = nullptr);
    // `targetProgram` -1 when single or unmatched; `program` -1 clears.
    void showProgram(int64_t program, int64_t targetProgram);
    // The section titled `title` ("Compute set", "Debug context", ...), or null.
    QTreeWidgetItem* section(const QString& title) const;

signals:
    void operationActivated(const QString& operationKey);

private:
    QTreeWidgetItem* addSection(const QString& title);
    void addComputeSet(const Report& report, uint32_t computeSet);
    void addExchange(const Report& report, uint32_t exchange);
    void addDebugContext(const Report& report, int64_t context);
    void addOperations(const Report& report, uint32_t program);
    void addSteps(const Report& report, uint32_t program);
    void addComparison(const Report& source, uint32_t program, const Report& target, uint32_t targetProgram);

    ReportState* m_state;
};

} // namespace popscope
