#pragma once
// The Execution Trace's Summary tab: the figures of the visible window (cycles by kind of step,
// parallel efficiency, waiting share, per-IPU efficiency) and of the whole run (tile balance,
// traffic), for one report or Source / Target / Diff in compare mode. Every number comes from core
// (TraceLod::range, TraceSummary); this model only formats them.
#include "models/report_table_model.hpp"
#include "models/trace/trace_data.hpp"

#include <memory>

namespace popscope {

class TraceFiguresModel : public ReportTableModel {
    Q_OBJECT
public:
    explicit TraceFiguresModel(QObject* parent = nullptr);
    // `target` null in single mode. Each report's window is [from, to) cycles on every IPU (the same
    // window when both traces share one time scale).
    struct Window {
        uint64_t from = 0, to = 1;
    };
    void setWindows(
        const TraceData* source, Window sourceWindow, const TraceData* target, Window targetWindow);
    // The text of `figure` in `column` (1 = value or source, 2 = target, 3 = diff), for tests.
    QString valueText(const QString& figure, int column) const;

protected:
    int rows() const override { return int(m_rows.size()); }
    QString text(int row, int column) const override;

private:
    enum class Unit { Cycles, Share, Bytes };
    struct Row {
        QString figure, tip;
        Unit unit = Unit::Share;
        double source = 0, target = 0;
    };
    void add(const QString& figure, Unit unit, double source, double target, const QString& tip = {});
    // The window's figures (the two sides' ranges) and the whole run's.
    void addWindowFigures(const TraceLod::RangeFigures& source, const TraceLod::RangeFigures& target);
    void addWholeRunFigures(const TraceSummary& source, const TraceSummary& target);
    // Stream copies by origin and direction, global exchange by direction (trace_traffic.hpp).
    void addTrafficFigures(const TraceSummary& source, const TraceSummary& target);
    QString format(Unit unit, double value) const;
    std::vector<Row> m_rows;
    bool m_compare = false;
    double m_clockHz = 0;
};

} // namespace popscope
