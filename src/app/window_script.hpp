#pragma once
// Applies the command line to a MainWindow once its report is open: page, tile selection,
// bottom tab, breakdown; and for --screenshot grabs the window to a PNG and quits, saying on
// stdout "popscope: page ID ready" when the page shows the report, or on stderr "popscope: page ID
// failed: FILE: PROBLEM" (exit code 3) when it, or a part it needs, could not be read.
#include "app/app_options.hpp"

#include <QObject>

namespace popscope {

class ExecutionTracePage;
class LivenessPage;
class MainWindow;

class WindowScript : public QObject {
    Q_OBJECT
public:
    // popscope's exit codes with --screenshot (1: the arguments are wrong, main.cpp).
    static constexpr int kExitOpenFailed = 2; // the file (or the pair) could not be opened
    // --page names no page or one the report cannot show, or the page shown, or a part it needs,
    // failed; the screenshot is saved all the same
    static constexpr int kExitPageFailed = 3;
    static constexpr int kExitScreenshotNotSaved = 4; // the PNG could not be written

    WindowScript(MainWindow* window, AppOptions options);
    void start(); // opens the file (or not) and applies the options
    int exitCode() const { return m_exitCode; }

private:
    void apply();
    void applyOptions(); // once the page shown has its parts
    void applyMemoryOptions(); // --breakdown, --select
    void applyLivenessOptions(LivenessPage* liveness); // --steps, --lifetime
    void selectTab(LivenessPage* liveness, ExecutionTracePage* trace); // --tab of the page shown
    void applyTraceOptions(ExecutionTracePage* trace); // once the trace is ready; then the screenshot
    bool applyQueryOption(); // --query on the Query page: runs it; the screenshot follows its rows
    bool showRowOption(); // --show; false when the page has no such row (yet: a tab still reading)
    void reportMissingRow();
    void scheduleScreenshot(); // once the page (and a Memory table tab) shows
    QString shownPageId() const; // "liveness", "start"
    QString shownPageProblem() const; // what the page shows in place of the report, or ""
    void finish();
    MainWindow* m_window;
    AppOptions m_options;
    int m_exitCode = 0;
    bool m_applied = false;
    bool m_pageRefused = false; // --page could not be shown
};

} // namespace popscope
