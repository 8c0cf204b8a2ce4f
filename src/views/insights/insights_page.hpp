#pragma once
// The Insights report: does the model fit, the top-5 tiles, a histogram of tile memory, the
// largest vertex state / code and variables at model, IPU and tile level, what is live at the
// liveness peak, and tips.
#include "models/report_state.hpp"
#include "popscope/insights.hpp"

#include "views/page/report_page.hpp"

class QGridLayout;
class QGroupBox;
class QLabel;
class QProgressBar;
class QStandardItemModel;
class QTabWidget;
class QVBoxLayout;

namespace popscope {

class PeakLivenessBox;
class SmallChart;

class InsightsPage : public ReportPage {
    Q_OBJECT
public:
    // `slot` 0 shows the source report, 1 the compared (target) report.
    explicit InsightsPage(ReportState* state, QWidget* parent = nullptr, int slot = 0);
    const InsightsAnalysis& data() const { return m_data; }
    PeakLivenessBox* peakLiveness() const { return m_peak; }
    QString tipsText() const; // the tips as shown, without their markup

signals:
    // The user asked to look at a tile (clicked a top-5 bar): select it and show the Memory report.
    void showTile(uint32_t tile);

private:
    QGroupBox* buildFitBox(QWidget* content); // "Does the model fit?": the verdict, a bar, the figures
    QGridLayout* buildCharts(QWidget* content); // the top tiles and the tiles' histogram
    void refresh();
    void showFit(const InsightsAnalysis& d, MemoryUnit u); // the verdict, its figures and the bar
    // Built hidden, so the wrapped labels of the new tabs are laid out at their final width.
    void showReports() override
    {
        m_content->hide();
        refresh();
        m_content->show();
    }
    QWidget* levelWidget(const InsightLevel& level);

    int m_slot = 0;
    InsightsAnalysis m_data;
    QLabel* m_fileTitle;
    QLabel* m_fitTitle;
    QLabel* m_fitText;
    QProgressBar* m_fitBar;
    PeakLivenessBox* m_peak;
    SmallChart* m_topChart;
    SmallChart* m_histogram;
    QTabWidget* m_levels;
    QWidget* m_content; // the scroll area's page
    QLabel* m_tips;
};

} // namespace popscope
