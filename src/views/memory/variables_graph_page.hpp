#pragma once
// The Memory page's Variables graph: per-tile bytes of the variables the user names (names or
// patterns, a handful at once), stacked over the same tile axis, zoom and selection as the Total
// graph, and in compare mode for both reports (the target's as an outline, or the change per
// tile). A page inside the Memory page: it reads the reports' variables when first shown, so the
// Total graph never waits for them.
#include "views/page/report_page.hpp"

#include <QStringList>

class QLabel;
class QLineEdit;

namespace popscope {

class MemoryChart;
class OverviewStrip;

class VariablesGraphPage : public ReportPage {
    Q_OBJECT
public:
    static constexpr int kMaxPatterns = 8;
    explicit VariablesGraphPage(ReportState* state, QWidget* parent = nullptr);
    MemoryChart* chart() const { return m_chart; }
    QLineEdit* patternEdit() const { return m_edit; }
    // Shows these names or patterns ("a, b*"); false, and the error shown, past kMaxPatterns.
    bool applyPatterns(const QString& text);
    // Adds names to those shown (the Variables tab's Show in Variables Graph).
    void addNames(const QStringList& names);
    QString patternError() const;
    QString matchSummary() const; // what each pattern matched, as the page shows it

protected:
    void showReports() override;
    void forgetReports() override;

private:
    void updateSummary();

    MemoryChart* m_chart;
    OverviewStrip* m_overview;
    QLineEdit* m_edit;
    QLabel* m_error;
    QLabel* m_summary;
};

} // namespace popscope
