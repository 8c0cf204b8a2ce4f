#pragma once
// The Insights report as registered: one InsightsPage, or in compare mode the source's and the
// target's verdicts side by side, each with its own tips (in tabs when the window is too narrow
// for two pages).
#include "views/page/report_page.hpp"

class QSplitter;
class QTabWidget;

namespace popscope {

class InsightsPage;

class InsightsReport : public ReportPage {
    Q_OBJECT
public:
    explicit InsightsReport(ReportState* state, QWidget* parent = nullptr);
    InsightsPage* side(int slot) const { return slot == 0 ? m_source : m_target; }
    bool showsTabs() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void follow();
    void showReports() override { follow(); }
    QSplitter* m_splitter;
    QTabWidget* m_tabs;
    InsightsPage* m_source;
    InsightsPage* m_target;
};

} // namespace popscope
