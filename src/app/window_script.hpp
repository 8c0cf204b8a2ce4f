#pragma once
// Applies the command line to a MainWindow once its report is open: page, tile selection,
// bottom tab, breakdown; and for --screenshot grabs the window to a PNG and quits.
#include "app/app_options.hpp"

#include <QObject>

namespace popscope {

class ExecutionTracePage;
class LivenessPage;
class MainWindow;

class WindowScript : public QObject {
    Q_OBJECT
public:
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
    bool showRowOption(); // --show; false when the page has no such row (yet: a tab still reading)
    void reportMissingRow();
    void scheduleScreenshot(); // once the page (and a Memory table tab) shows
    void finish();
    MainWindow* m_window;
    AppOptions m_options;
    int m_exitCode = 0;
    bool m_applied = false;
};

} // namespace popscope
