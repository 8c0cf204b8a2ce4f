#pragma once
// The Execution Trace report: the steps of every IPU and the BSP trace of its tiles (TraceView),
// built off the GUI thread with progress (the window stays usable) and cached; a Summary tab for
// the visible window, "Where the cycles wait" (click a row to zoom to its step) and the selected
// step's Details. In compare mode the two traces sit one above the other and zoom and pan together.
#include "models/trace/trace_data.hpp"
#include "popscope/trace_comparison.hpp"
#include "views/page/report_page.hpp"

#include <QList>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace popscope {

struct LoadedReport;
class TraceBuilder;
class TraceBuildMessage;
class TraceExporter;
class TraceFiguresModel;
class TraceLegend;
class TraceOverview;
class TraceStepDetails;
class TraceTabs;
class TraceView;
class TraceZoom;
class WaitingStepsModel;

class ExecutionTracePage : public ReportPage {
    Q_OBJECT
public:
    explicit ExecutionTracePage(ReportState* state, QWidget* parent = nullptr);
    ~ExecutionTracePage() override;

    // A Step: zooms to that step and selects it (once built, when asked while the trace is still
    // being built).
    bool showRow(const NavigationTarget& target) override;
    uint64_t workBytesNeeded(const Report& report) const override;
    void zoomToStep(uint32_t step);
    TraceView* sourceView() const { return m_slots[0].view; }
    TraceView* targetView() const { return m_slots[1].view; }
    TraceZoom* zoom() const { return m_zoom; }
    // Compare mode: both traces on one time scale (zoom and pan together) or each on its own.
    void setSameTimeScale(bool same);
    // The step rows: the Flame view (runs and the program tree over time) or the Flat view.
    void setFlame(bool flame);
    // Compare mode, one time scale: shift the traces so the selected step and its partner in the
    // other report (the same program's same occurrence) start at the same x.
    void setAligned(bool aligned);
    bool isAligned() const;
    int64_t selectedStep(int slot) const { return m_slots[slot].selected; }
    QTabWidget* tabs() const; // Summary, Where the Cycles Wait, Details
    WaitingStepsModel* waitsModel() const { return m_waits; }
    TraceFiguresModel* figuresModel() const { return m_figures; }
    QString detailsText() const;
    QString messageText() const; // the progress or empty-state message shown instead of the trace

    // Starts building the traces when not yet built (the page builds them when first shown).
    void buildIfNeeded();

protected:
    void forgetReports() override;
    void showReports() override; // builds the traces; ready once built (or the report has none)

private:
    QLayout* buildToolbar(); // what to show, step filter, compare options, buttons
    QList<QToolButton*> buildZoomButtons(); // Back, Forward, Show All, Export
    QWidget* buildTraces(); // the two traces, overview and readout over the tabs
    void followBuilders(); // the TraceBuilders' progress, results and Cancel
    void followToolbar();
    void start(int slot, const LoadedReport& loaded);
    void onBuilt(int slot);
    QString problemText() const; // why the built traces cannot be shown, or empty
    void showTraces();
    void fillChoices(uint32_t ipus); // the IPU and run boxes
    void updateFigures();
    void updateTypeLegend();
    void followSelection();
    void showDetails(int64_t step); // selects a source step
    void selectStep(int slot, int64_t step);
    void pairTheSteps();
    bool applyAlignment(); // whether the offsets changed (the zoom then shows everything)
    void showStepWindow(uint32_t step); // the zoom on a source step, with a margin
    uint64_t toZoom(uint64_t sourceCycle) const; // a source cycle in the shared zoom's cycles
    void exportTrace(bool perTile);
    void saveImage();
    void showMessage(const QString& text, bool busy);

    QStackedWidget* m_stack;
    TraceBuildMessage* m_message;
    QComboBox* m_ipu;
    QComboBox* m_run;
    QComboBox* m_viewMode; // Flame, Flat
    TraceOverview* m_overview;
    QLineEdit* m_filter;
    QToolButton* m_back;
    QToolButton* m_forward;
    QLabel* m_readout;
    TraceLegend* m_legend;
    TraceTabs* m_tabs;
    TraceStepDetails* m_details; // the tabs' Details
    TraceZoom* m_zoom;
    TraceZoom* m_targetZoom; // the target's own window when "Same time scale" is off
    QCheckBox* m_sameScale;
    QCheckBox* m_align;
    StepPairs m_pairs; // the two reports' steps paired (compare mode)
    // One report's trace: source (0) and, in compare mode, target (1).
    struct Slot {
        TraceBuilder* builder = nullptr;
        TraceView* view = nullptr;
        std::shared_ptr<const TraceData> data; // null until built
        QString error; // why there is no data
        bool cancelled = false; // its build was cancelled
        int percent = 0; // of the build
        bool waiting = false; // its build is running, or queued behind the source's
        int64_t selected = -1; // the selected step
    };
    Slot m_slots[2];
    WaitingStepsModel* m_waits;
    TraceFiguresModel* m_figures;
    TraceExporter* m_exporter = nullptr; // made at the first export
    bool m_needsBuild = false; // a report is open and its trace not built yet
    int64_t m_pendingStep = -1; // a step asked for (showRow) before the trace was built
};

} // namespace popscope
