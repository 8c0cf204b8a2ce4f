#pragma once
// What changed (compare mode only): the headline differences between the source and the target,
// in words and numbers, ranked by size (core's whatChanged, the same lines popscope-cli compare
// prints). Each line links to the report and rows it comes from. A ReportComparer computes it off
// the GUI thread in two stages: the report figures first, then the execution traces.
#include "popscope/report_comparison.hpp"
#include "views/page/report_page.hpp"

class QGridLayout;
class QLabel;

namespace popscope {

class ChangeLinesModel;
class ReportComparer;
class TablePanel;

class WhatChangedPage : public ReportPage {
    Q_OBJECT
public:
    explicit WhatChangedPage(ReportState* state, QWidget* parent = nullptr);
    ChangeLinesModel* model() const { return m_model; }
    TablePanel* panel() const { return m_panel; }
    // The comparison shown, or null while it is computed (tests wait for `ready`).
    const ReportComparison* comparison() const;
    ReportComparer* comparer() const { return m_comparer; }

    bool tracesPending() const;
    QString statusText() const;
    // What its comparison holds of `report` while it runs (estimatedComparisonBytes), 0 once done:
    // the window makes room for it before the page shows.
    uint64_t workBytesNeeded(const Report& report) const override;

signals:
    void tracesReady(); // the execution traces' lines are added (or why they could not be)

protected:
    void showReports() override; // compares the reports; ready once the figures are shown
    // The comparison runs while the page shows: hidden, its figures stage stops (it holds both
    // reports' digests, beside the page the user went on to) and starts again when next shown; its
    // traces' stage (every tile's cycles of both reports) waits, and once started runs to its end.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    // Other reports: the comparison of these goes, with the reports it holds.
    void forgetReports() override;

private:
    void buildHeader(); // title, status line, the note on differing targets
    void buildTable(); // every change, as sentences
    void followState(); // the comparer's stages and the unit
    void recompute();
    void showStatus(const QString& text);
    void show();
    void clearHeadlines();
    void addFigureHeadlines(const ReportComparison& c, int& row);
    void addLivenessHeadline(const ReportComparison& c, int& row);
    void addTraceHeadlines(const ReportComparison& c, int& row);
    void openLine(int row);

    ReportComparer* m_comparer;
    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_note;
    QGridLayout* m_headlines;
    ChangeLinesModel* m_model;
    TablePanel* m_panel;
};

} // namespace popscope
