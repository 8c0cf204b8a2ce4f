// What if, from the window, timed as a user meets it in the real MainWindow (shown):
//   - the demo workload simulated from New Simulation… and its Summary shown (budget 1 s),
//   - a sweep of four matmul batch sizes to the Sweep page shown (budget 2 s),
//   - Cancel while the bench workload runs: the longest time from Cancel to the run stopped, over
//     several moments of the run (budget 0.5 s).
// Run under Xvfb or with QT_QPA_PLATFORM=offscreen: bench_what_if_view
#include "app/main_window.hpp"
#include "app/series_page.hpp"
#include "app/simulation_dialog.hpp"
#include "bench_window_settings.hpp"
#include "views/page/report_page.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace popscope;

namespace {

// Runs the event loop until `signal` of `sender` fires, at most 60 s.
template <typename Sender, typename Signal> void waitFor(Sender* sender, Signal signal)
{
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
}

void clickButton(SimulationDialog* dialog, const QString& text)
{
    for (QPushButton* button : dialog->findChildren<QPushButton*>())
        if (button->text() == text)
            button->click();
}

SimulationDialog* newDialog(MainWindow& window, const QString& workload, const QString& output)
{
    SimulationDialog* dialog = window.showSimulationDialog();
    dialog->setConfirmOverwrite(false);
    dialog->form()->setWorkload(workload);
    dialog->setOutputPath(output);
    return dialog;
}

const char* verdict(double ms, double budget)
{
    return ms <= budget ? "OK" : "OVER";
}

double demoToSummary(MainWindow& window, const QTemporaryDir& dir)
{
    QElapsedTimer timer;
    timer.start();
    SimulationDialog* dialog
        = newDialog(window, QStringLiteral("demo"), dir.filePath(QStringLiteral("demo.pop")));
    dialog->run();
    waitFor(dialog, &SimulationDialog::runEnded);
    clickButton(dialog, QStringLiteral("Open"));
    waitFor(&window, &MainWindow::reportOpened);
    ReportPage* summary = window.page(page_ids::summary);
    if (!summary->isReady())
        waitFor(summary, &ReportPage::ready);
    summary->repaint();
    return double(timer.nsecsElapsed()) / 1e6;
}

double sweepToPage(MainWindow& window, const QTemporaryDir& dir)
{
    QElapsedTimer timer;
    timer.start();
    SimulationDialog* dialog
        = newDialog(window, QStringLiteral("matmul"), dir.filePath(QStringLiteral("sweep")));
    qobject_cast<QLineEdit*>(dialog->form()->parameterField(QStringLiteral("batch")))
        ->setText(QStringLiteral("4, 8, 16, 32"));
    dialog->run();
    waitFor(dialog, &SimulationDialog::runEnded);
    clickButton(dialog, QStringLiteral("Show Sweep"));
    SeriesPage* page = window.seriesPage();
    if (page->isLoading())
        waitFor(page, &SeriesPage::loaded);
    page->repaint();
    return double(timer.nsecsElapsed()) / 1e6;
}

// Cancel `afterMs` into a run of the bench workload: milliseconds until the run has stopped.
double cancelLatency(MainWindow& window, const QTemporaryDir& dir, int afterMs)
{
    SimulationDialog* dialog
        = newDialog(window, QStringLiteral("bench"), dir.filePath(QStringLiteral("bench.pop")));
    dialog->run();
    QEventLoop wait;
    QTimer::singleShot(afterMs, &wait, &QEventLoop::quit);
    wait.exec();
    if (!dialog->isRunning())
        return -1; // finished before the cancel
    QElapsedTimer timer;
    timer.start();
    dialog->cancelRun();
    waitFor(dialog, &SimulationDialog::runEnded);
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    dialog->reject();
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    Q_INIT_RESOURCE(popscope);
    Q_INIT_RESOURCE(guide);
    const bench::FreshWindowSettings settings;
    QTemporaryDir dir;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    const double demo = demoToSummary(window, dir);
    std::printf("demo simulated from the dialog, Summary shown  %7.0f ms (budget 1000 ms: %s)\n", demo,
        verdict(demo, 1000));
    const double sweep = sweepToPage(window, dir);
    std::printf("sweep of four matmul batches, Sweep page shown  %7.0f ms (budget 2000 ms: %s)\n", sweep,
        verdict(sweep, 2000));
    double worst = 0;
    for (int afterMs : { 50, 200, 500, 900, 1400 }) {
        const double ms = cancelLatency(window, dir, afterMs);
        if (ms >= 0)
            std::printf("  cancel %4d ms into the bench workload: stopped in %5.0f ms\n", afterMs, ms);
        worst = std::max(worst, ms);
    }
    std::printf("cancel to stopped, worst of the runs above     %7.0f ms (budget 500 ms: %s)\n", worst,
        verdict(worst, 500));
    return 0;
}
