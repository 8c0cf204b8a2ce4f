#pragma once
// Command line: popscope [--help] [--version] [FILE] [--compare TARGET] [--demo] [--page NAME]
//               [--select TILES] [--tab NAME] [--screenshot OUT.png] [--size WxH] [--breakdown NAME]
//               [--fresh-settings] [--settings-dir DIR] [--trace-scale same|own]
//               [--trace-view flame|flat] [--trace-step N] [--trace-align] [--steps peak|LIST]
//               [--lifetime NAME]... [--show TABLE=KEY] [--query SQL] [--graph NAME]
//               [--variables NAME[,NAME...]]
//        popscope --simulate WORKLOAD [KEY=VALUE]... [--sweep KEY=V1,V2,...] [--simulate-output PATH]
//               [--simulate-shot dialog|running|result] --screenshot OUT.png
#include <QSize>
#include <QString>
#include <QStringList>

namespace popscope {

struct AppOptions {
    QString file;
    QString compare; // compare mode: FILE (or the demo) is the source, this the target
    bool demo = false;
    QString page; // a registered page's id or name (summary, what-changed, …) or start
    QString select; // tile selection text, e.g. "0, 5, 100-120"
    QString tab; // bottom tab of the page shown (Memory: Details, Variables, …; Liveness: Vertices, …)
    QString steps; // Liveness: steps to select, "peak" or "269, 300-302"
    QStringList lifetimes; // Liveness: variables whose lifetimes to draw
    QString show; // "TABLE=KEY": a row the page shows (operations=popart: Conv, programs=42)
    QString query; // Query page: the SQL to run
    QString breakdown; // none, category, region, liveness
    QString graph; // Memory graph: total, variables, tile-map
    QString variables; // Memory's Variables graph: names or patterns, comma-separated
    QString traceScale; // Execution Trace in compare mode: same or own
    QString traceView; // Execution Trace: flame or flat
    qint64 traceStep = -1; // Execution Trace: zoom to this step
    bool traceAlign = false; // Execution Trace in compare mode: aligned at traceStep
    QString screenshot; // write the window to this PNG and exit
    QSize size; // window size
    bool freshSettings = false; // ignore (and do not touch) the user's saved settings
    QString settingsDir; // keep settings in this folder instead (scripts, screenshots)
    // --simulate: New Simulation… filled in from the command line, run, and its result page shown.
    QString simulate; // the workload
    QStringList simulateParams; // KEY=VALUE, parameters and target.FIELD overrides
    QString sweep; // KEY=V1,V2,...
    QString simulateOutput; // the file (or a sweep's folder); "" = a temporary folder when scripted
    QString simulateShot; // what --screenshot grabs: dialog, running or result (the default)
    QString error; // set when the arguments are invalid
    QString message; // --help or --version: print this and exit, no window
};

AppOptions parseAppOptions(const QStringList& arguments);

// Whether the arguments hold a single-dash word such as -platform or -style: an option of
// QApplication's own, which only the QApplication takes out of the arguments.
bool mayHoldQtOptions(const QStringList& arguments);

} // namespace popscope
