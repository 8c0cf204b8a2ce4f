#pragma once
// The Summary report as registered: the single-report page, or in compare mode both reports'
// figures side by side with a Diff.
#include "views/page/report_page.hpp"

class QStackedWidget;

namespace popscope {

class SummaryComparePage;
class SummaryPage;

class SummaryReport : public ReportPage {
    Q_OBJECT
public:
    explicit SummaryReport(ReportState* state, QWidget* parent = nullptr);
    SummaryPage* single() const { return m_single; }
    SummaryComparePage* compared() const { return m_compared; }

protected:
    void showReports() override;

private:
    QStackedWidget* m_stack;
    SummaryPage* m_single;
    SummaryComparePage* m_compared;
};

} // namespace popscope
