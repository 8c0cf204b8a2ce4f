#pragma once
// One table of a report page in both modes: the source's model, the target's (same class), their
// join (CompareTableModel), and the panel that shows the single table or the join. Single mode opens
// sorted by `sortColumn`, largest first; compare mode in the join's order (largest |Diff| first).
#include <QObject>

namespace popscope {

class CompareTableModel;
class ReportTableModel;
class TablePanel;

class ComparedTable : public QObject {
    Q_OBJECT
public:
    ComparedTable(ReportTableModel* source, ReportTableModel* target, TablePanel* panel, int sortColumn,
        QObject* parent = nullptr);
    // Around setting both sides' reports: the panel lets go of its model meanwhile, so a reset
    // of a 250 k-row side is not sorted and filtered for nothing; then, in compare mode, the sides
    // are joined once and the join is shown.
    void beginUpdate(bool comparing);
    void endUpdate(bool comparing);
    bool isComparing() const { return m_comparing; }
    ReportTableModel* source() const { return m_source; }
    ReportTableModel* target() const { return m_target; }
    CompareTableModel* compare() const { return m_compare; }
    TablePanel* panel() const { return m_panel; }

private:
    void keepPresortedOrder(); // single mode, sorted as the model's rows come: no sort again
    ReportTableModel* m_source;
    ReportTableModel* m_target;
    CompareTableModel* m_compare;
    TablePanel* m_panel;
    int m_sortColumn;
    bool m_comparing = false;
};

} // namespace popscope
