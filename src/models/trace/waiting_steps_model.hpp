#pragma once
// "Where the cycles wait": every step whose tiles waited for its slowest tile, most wasted
// tile-cycles first (core's TraceSummary::waits), with the tiles that held the others up.
#include "models/navigation_target.hpp"
#include "models/report_table_model.hpp"
#include "models/trace/trace_data.hpp"

#include <memory>

namespace popscope {

class WaitingStepsModel : public ReportTableModel {
    Q_OBJECT
public:
    enum Column {
        Program,
        Rank,
        Step,
        Ipu,
        Type,
        Cycles,
        Waiting,
        Share,
        HeldUpBy
    }; // the name first: it takes the width
    explicit WaitingStepsModel(QObject* parent = nullptr);
    void setTrace(std::shared_ptr<const TraceData> trace);
    const WaitingStep* waitAt(int row) const;
    // The row's step on its IPU, on the Execution Trace page.
    NavigationTarget targetAt(int row) const;

protected:
    int rows() const override;
    QString text(int row, int column) const override;
    uint64_t number(int row, int column) const override;
    int worseDirection(int column) const override { return column == Waiting || column == Share ? 1 : 0; }

private:
    std::shared_ptr<const TraceData> m_trace;
};

} // namespace popscope
