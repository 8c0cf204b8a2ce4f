#pragma once
// The Liveness report: toolbar (scope: all IPUs / one IPU / selected tiles, options, Find peak,
// step filter, save), the step plot with variable lifetimes and an overview strip, and bottom
// tabs for the selected steps. Compare mode overlays or stacks both reports' curves; tables get
// Source / Target / Diff with steps matched by index or by program name.
#include "models/liveness/liveness_view_state.hpp"
#include "views/liveness/liveness_scope_box.hpp"
#include "views/page/report_page.hpp"

class QAction;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QSplitter;

namespace popscope {

class LifetimeBars;
class LivenessOverview;
class LifetimePicker;
class LivenessPlot;
class LivenessTablesView;

class LivenessPage : public ReportPage {
    Q_OBJECT
public:
    explicit LivenessPage(ReportState* state, QWidget* parent = nullptr);

    LivenessPlot* plot() const { return m_plot; }
    LivenessTablesView* tables() const { return m_tables; }
    LifetimeBars* lifetimes() const { return m_lifetimes; }
    QComboBox* scopeBox() const { return m_scopeBox; }
    QLineEdit* stepFilter() const { return m_filter; }
    QAction* mergeAction() const { return m_merge; }
    const LivenessScope& scope() const { return m_view.scope(); }
    // Selects the peak step of the source's curve and centres the plot on it.
    void findPeak();
    // Adds a variable's lifetime by full name; false when neither report has it.
    bool addLifetime(const QString& name);
    // "peak" or step numbers ("269, 300"); false with an error on stderr-worthy text.
    bool selectStepsText(const QString& text, QString* error = nullptr);
    // Links from What changed: the page (its peak), or a Variable live at the peak.
    bool showRow(const NavigationTarget& target) override;

public slots:
    void saveChart();

protected:
    void showReports() override { rebuild(); }
    void forgetReports() override;

private:
    QLayout* buildToolbar(); // scope, options, Find peak, step filter, save
    QWidget* buildChart(); // the plot with lifetimes, overview, lifetime box and hint
    void restoreSettings(); // the options' checks, remembered when toggled
    void followState(); // the widgets' and the shared state's signals
    void rebuild(); // reports or scope changed: curves, match, tables
    void refreshTables(); // selection changed
    void refreshInfo();
    void showError(const QString& message);
    void applyFilter();
    void nextMatch();
    void refreshLifetimes();

    LivenessPlot* m_plot;
    LivenessOverview* m_overview;
    LifetimeBars* m_lifetimes;
    LivenessTablesView* m_tables;
    LivenessScopeBox* m_scopeBox;
    QLineEdit* m_filter;
    QLabel* m_filterCount;
    LifetimePicker* m_lifetimePicker;
    QLabel* m_info;
    QLabel* m_error;
    QAction* m_includeAlwaysLive;
    QAction* m_capacity;
    QAction* m_merge;
    QSplitter* m_splitter;
    LivenessViewState m_view;
};

} // namespace popscope
