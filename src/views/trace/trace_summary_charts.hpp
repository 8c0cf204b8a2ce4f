#pragma once
// The Execution Trace summary's charts, as the Graph Analyser draws them: each IPU's cycle
// proportions (its span as a stacked bar by kind of step) and each IPU's tile balance. In compare
// mode the source's and the target's bars stand side by side. Whole run; every value comes from
// core's TraceSummary (IpuTrace::stepShare, IpuTrace::tileBalance), as `popscope-cli trace` prints.
#include <QWidget>

class QLabel;

namespace popscope {

class SmallChart;
struct TraceSummary;

class TraceSummaryCharts : public QWidget {
    Q_OBJECT
public:
    explicit TraceSummaryCharts(QWidget* parent = nullptr);
    // `target` null in single mode; both null: nothing to show.
    void showSummaries(const TraceSummary* source, const TraceSummary* target);
    SmallChart* proportionsChart() const { return m_proportions; }
    SmallChart* balanceChart() const { return m_balance; }
    QString emptyText() const; // the empty state's text while shown, else empty

private:
    SmallChart* m_proportions;
    SmallChart* m_balance;
    QLabel* m_empty;
};

} // namespace popscope
