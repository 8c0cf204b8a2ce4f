#pragma once
// The Execution Trace page's bottom tabs: Summary (the figures of the visible window and the whole
// run's cycle proportions and tile balance charts), Where the
// Cycles Wait (the steps ranked by the tile-cycles spent waiting for the slowest tile; in compare
// mode of either report) and the selected step's Details.
#include "models/navigation_target.hpp"

#include <QTabWidget>

class QComboBox;

namespace popscope {

class TablePanel;
class TraceFiguresModel;
class TraceStepDetails;
class TraceSummaryCharts;
class WaitingStepsModel;

// The tabs, in their order: the key --tab and code find a tab by (never its caption).
enum class TraceTab { Summary, Waits, Details };

class TraceTabs : public QTabWidget {
    Q_OBJECT
public:
    TraceTabs(WaitingStepsModel* waits, TraceFiguresModel* figures, QWidget* parent = nullptr);

    TraceStepDetails* details() const { return m_details; }
    TraceSummaryCharts* summaryCharts() const { return m_charts; }
    QComboBox* waitsSide() const { return m_waitsSide; } // Source, Target

signals:
    // A row of Where the Cycles Wait double-clicked or Enter: its step.
    void waitActivated(const popscope::NavigationTarget& step);

private:
    TablePanel* m_figuresPanel;
    TraceSummaryCharts* m_charts;
    QComboBox* m_waitsSide;
    TablePanel* m_waitsPanel;
    TraceStepDetails* m_details;
};

} // namespace popscope
