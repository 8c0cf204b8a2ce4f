#pragma once
// What changed (compare mode only): the headline differences between the source and the target,
// in words and numbers, ranked by size (core's whatChanged, the same lines popscope-cli compare
// prints). Each line links to the report and rows it comes from. Computed off the GUI thread in two
// stages: the report figures first, then the execution traces (total cycles, parallel efficiency,
// shares of the cycles), which read every tile's cycles and may take a second on large profiles.
#include "views/widgets/report_page.hpp"
#include "popscope/report_comparison.hpp"

#include <QFutureWatcher>

#include <memory>

class QGridLayout;
class QLabel;

namespace popscope {

class ChangeLinesModel;
class TablePanel;

class WhatChangedPage : public ReportPage {
    Q_OBJECT
public:
    explicit WhatChangedPage(ReportState* state, QWidget* parent = nullptr);
    ~WhatChangedPage() override;
    ChangeLinesModel* model() const { return m_model; }
    TablePanel* panel() const { return m_panel; }
    // The comparison shown, or null while it is computed (tests wait for `ready`).
    const ReportComparison* comparison() const { return m_comparison.get(); }

    bool tracesPending() const { return m_traceWatcher != nullptr; }
    QString statusText() const;

signals:
    void tracesReady(); // the execution traces' lines are added (or why they could not be)

protected:
    void showReports() override; // compares the reports; ready once the figures are shown

private:
    void recompute();
    void compareTraces();
    void show();
    void addTraceHeadlines(int& row);
    void openLine(int row);

    QFutureWatcher<std::shared_ptr<ReportComparison>>* m_watcher = nullptr;
    struct TraceResult {
        TraceComparison comparison;
        QString error;
    };
    QFutureWatcher<TraceResult>* m_traceWatcher = nullptr;
    QString m_traceError;
    std::shared_ptr<ReportComparison> m_comparison;
    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_note;
    QGridLayout* m_headlines;
    ChangeLinesModel* m_model;
    TablePanel* m_panel;
};

} // namespace popscope
