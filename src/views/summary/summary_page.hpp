#pragma once
// The Summary report: target, memory per IPU and whether the model fits, graph counts, Poplar
// version, engine options (filterable), framework and application JSON, report files. Each
// section folds away; the folded state is remembered.
#include "models/report_state.hpp"
#include "popscope/summary_figures.hpp"

#include <string>
#include <vector>

#include "views/page/report_page.hpp"

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QVBoxLayout;

namespace popscope {

class EngineOptionsModel;
class SummaryMemoryGrid;
class TablePanel;

class SummaryPage : public ReportPage {
    Q_OBJECT
public:
    explicit SummaryPage(ReportState* state, QWidget* parent = nullptr);
    // Text of the value shown for a field label (e.g. "Tiles per IPU"), for tests.
    QString fieldText(const QString& label) const;
    // Text of the label showing the figure with key `figureKey` ("memory.fits"), "" if none does (tests).
    QString figureShown(const std::string& figureKey) const;
    // "not recorded" for an empty or Unix-epoch timestamp, else the timestamp.
    static QString timestampText(const std::string& timestamp);
    TablePanel* engineOptions() const { return m_optionsPanel; }

private:
    QWidget* buildJsonViews(QWidget* content); // framework.json and app.json side by side
    void refresh();
    void showReports() override { refresh(); }
    void clearForm(QFormLayout* form);
    void alignFormLabels();
    void showFit(const ProfileSummary& summary);
    QLabel* addField(
        QFormLayout* form, const QString& label, const QString& value, const QString& toolTip = {});

    QLabel* m_title;
    QLabel* m_fit;
    QFormLayout* m_target;
    SummaryMemoryGrid* m_memory;
    QFormLayout* m_graph;
    QFormLayout* m_poplar;
    QFormLayout* m_categories;
    QFormLayout* m_stepTypes;
    EngineOptionsModel* m_options;
    TablePanel* m_optionsPanel;
    QPlainTextEdit* m_framework;
    QPlainTextEdit* m_app;
    QFormLayout* m_files;
};

} // namespace popscope
