// MainWindow's what-if side: File ▸ New Simulation… and Simulate Again With…, and what happens to
// the reports a simulation writes (Recent, Open, Compare with the report shown, the Sweep page).
#include "app/main_window.hpp"
#include "app/recent_files.hpp"
#include "app/series_page.hpp"
#include "app/simulation_dialog.hpp"

#include "popscope/errors.hpp"

#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

namespace popscope {

SimulationDialog* MainWindow::showSimulationDialog()
{
    const QString shown = m_state->report() ? m_state->report()->path : QString();
    auto* dialog = new SimulationDialog(shown, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SimulationDialog::runEnded, this, [this, dialog](bool succeeded) {
        if (!succeeded)
            return;
        // Simulations appear in Recent like any report, opened or not.
        for (const QString& path : dialog->writtenPaths())
            m_recent->addReport(path);
        const QStringList& paths = dialog->writtenPaths();
        statusBar()->showMessage(paths.size() == 1
                ? tr("Simulated %1").arg(paths.first())
                : tr("Simulated %1 reports in %2").arg(paths.size()).arg(dialog->outputPath()),
            8000);
    });
    connect(dialog, &QDialog::finished, this, [this, dialog] { onSimulationDialogClosed(dialog); });
    dialog->open();
    return dialog;
}

SimulationDialog* MainWindow::simulateAgain()
{
    const auto report = m_state->report();
    if (!report || report->summary.info.simulationSpecJson.empty())
        return nullptr;
    sim::SimulationSpec spec;
    try {
        spec = sim::parseSpecJson(report->summary.info.simulationSpecJson, report->path.toStdString());
    } catch (const ProfileError& e) {
        if (m_interactive)
            QMessageBox::warning(this, tr("Simulate Again"),
                tr("The simulation request stored in %1 cannot be read: %2")
                    .arg(report->path, QString::fromStdString(e.problem())));
        return nullptr;
    }
    if (spec.workload == "custom") {
        // A hand-written description has no fields to fill: it is re-run from its spec file.
        if (m_interactive)
            QMessageBox::information(this, tr("Simulate Again"),
                tr("%1 was simulated from a hand-written workload description. Edit its spec file and run "
                   "popscope-cli simulate SPEC.json -o OUT.pop.")
                    .arg(report->path));
        return nullptr;
    }
    SimulationDialog* dialog = showSimulationDialog();
    dialog->form()->setSpec(spec);
    return dialog;
}

void MainWindow::onSimulationDialogClosed(SimulationDialog* dialog)
{
    switch (dialog->outcome()) {
    case SimulationDialog::Outcome::Open:
        openFile(dialog->writtenPath());
        break;
    case SimulationDialog::Outcome::Compare:
        if (m_state->report()) {
            m_pageAfterLoad = page_ids::whatChanged;
            compareFiles(m_state->report()->path, dialog->writtenPath());
        }
        break;
    case SimulationDialog::Outcome::ShowSweep:
        showSeries(dialog->writtenPaths(), dialog->sweepValues(), dialog->sweepKey());
        break;
    case SimulationDialog::Outcome::None:
        break;
    }
}

SeriesPage* MainWindow::showSeries(
    const QStringList& paths, const QStringList& labels, const QString& parameter)
{
    if (!m_series) {
        m_series = new SeriesPage(this);
        m_central->addWidget(m_series);
        connect(m_series, &SeriesPage::openRequested, this, &MainWindow::openFile);
        connect(m_series, &SeriesPage::compareRequested, this,
            [this](const QString& source, const QString& target) {
                m_pageAfterLoad = page_ids::whatChanged;
                compareFiles(source, target);
            });
    }
    m_series->load(paths, labels, parameter);
    m_central->setCurrentWidget(m_series);
    m_seriesAction->setEnabled(true);
    return m_series;
}

void MainWindow::showOpenSeriesDialog()
{
    const QStringList paths
        = QFileDialog::getOpenFileNames(this, tr("Open reports as a series (in the order to show)"),
            lastFolder(), tr("IPU profiles (*.pop);;All files (*)"));
    if (!paths.isEmpty())
        showSeries(paths);
}

} // namespace popscope
