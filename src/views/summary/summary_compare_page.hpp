#pragma once
// Summary in compare mode: both files' verdicts, every figure side by side with a Diff, and the
// engine options of both with the differing ones highlighted and an "Only differences" filter.
#include "views/page/report_page.hpp"

class QCheckBox;
class QLabel;

namespace popscope {

class CompareTableModel;
class EngineOptionsModel;
class SummaryFiguresModel;
class TablePanel;

class SummaryComparePage : public ReportPage {
    Q_OBJECT
public:
    explicit SummaryComparePage(ReportState* state, QWidget* parent = nullptr);
    SummaryFiguresModel* figures() const { return m_figures; }
    CompareTableModel* engineOptions() const { return m_options; }
    QCheckBox* onlyDifferences() const { return m_onlyDifferences; }

private:
    QWidget* buildOptionsBox(); // the engine options of both reports, with "Only differences"
    void refresh();
    void showReports() override { refresh(); }
    QLabel* m_title;
    QLabel* m_verdicts;
    SummaryFiguresModel* m_figures;
    TablePanel* m_figuresPanel;
    EngineOptionsModel* m_sourceOptions;
    EngineOptionsModel* m_targetOptions;
    CompareTableModel* m_options;
    TablePanel* m_optionsPanel;
    QCheckBox* m_onlyDifferences;
};

} // namespace popscope
