#pragma once
// popscope --simulate W [KEY=VALUE]... [--sweep KEY=V1,...] --screenshot OUT.png: fills New
// Simulation… as a user would, runs it, opens what it wrote (the report's Summary, or the Sweep
// page) and saves the window; or the dialog itself, filled in or while it runs (--simulate-shot).
// Exits 0 when the shot shows what was asked, 3 when the dialog refused the request or the run
// failed (the shot shows why), 4 when the PNG could not be written.
#include "app/app_options.hpp"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>

namespace popscope {

class MainWindow;
class SimulationDialog;

class SimulationScript : public QObject {
    Q_OBJECT
public:
    SimulationScript(MainWindow* window, AppOptions options);
    void start();

private:
    void fillDialog();
    void onProgress(double share);
    void onRunEnded(bool succeeded);
    void showResult();
    // Saves `widget` and exits with `exitCode`; on success says "popscope: page SHOWN ready".
    void grab(QWidget* widget, int exitCode, const QString& shown = {});
    MainWindow* m_window;
    AppOptions m_options;
    QPointer<SimulationDialog> m_dialog; // gone once Open or Show Sweep closed it
    std::unique_ptr<QTemporaryDir> m_folder; // where a scripted run writes when no output is given
    bool m_grabbed = false;
};

} // namespace popscope
