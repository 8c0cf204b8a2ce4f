#pragma once
// The Insights report: does the model fit, the top-5 tiles, a histogram of tile memory, the
// largest vertex state / code and variables at model, IPU and tile level, and tips.
#include "models/insights.hpp"
#include "models/report_state.hpp"

#include <QWidget>

class QLabel;
class QProgressBar;
class QStandardItemModel;
class QTabWidget;
class QVBoxLayout;

namespace popscope {

class SmallChart;

class InsightsPage : public QWidget {
    Q_OBJECT
public:
    explicit InsightsPage(ReportState* state, QWidget* parent = nullptr);
    const InsightsData& data() const { return m_data; }

signals:
    // The user asked to look at a tile (clicked a top-5 bar): select it and show the Memory report.
    void showTile(uint32_t tile);

private:
    void refresh();
    QWidget* levelWidget(const InsightsLevel& level);

    ReportState* m_state;
    InsightsData m_data;
    QLabel* m_fitTitle;
    QLabel* m_fitText;
    QProgressBar* m_fitBar;
    SmallChart* m_topChart;
    SmallChart* m_histogram;
    QTabWidget* m_levels;
    QLabel* m_tips;
};

} // namespace popscope
