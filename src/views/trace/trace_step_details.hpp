#pragma once
// The Execution Trace's Details tab: the selected step's program, type and figures on each IPU,
// how long its tiles waited, its compute set's vertex types with their instances, and its cycles
// by tile as a small chart (read from the file for that step alone).
#include "models/loaded_report.hpp"
#include "models/trace/trace_data.hpp"

#include <QWidget>

#include <memory>

class QLabel;

namespace popscope {

class SmallChart;

class TraceStepDetails : public QWidget {
    Q_OBJECT
public:
    explicit TraceStepDetails(QWidget* parent = nullptr);
    // `report` gives compute set and vertex type names; `step` -1 shows what to do instead.
    void showStep(const TraceData* trace, const LoadedReport* report, int64_t step);
    QString text() const;

private:
    QLabel* m_text;
    SmallChart* m_chart;
};

} // namespace popscope
