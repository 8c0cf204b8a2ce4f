#include "app/simulation_script.hpp"

#include "app/main_window.hpp"
#include "app/series_page.hpp"
#include "app/simulation_dialog.hpp"
#include "models/image_file.hpp"
#include "models/simulation/simulation_job.hpp"
#include "views/page/report_page.hpp"

#include <QApplication>
#include <QDir>
#include <QPushButton>
#include <QTimer>

#include <cstdio>

namespace popscope {

SimulationScript::SimulationScript(MainWindow* window, AppOptions options)
    : QObject(window)
    , m_window(window)
    , m_options(std::move(options))
{
}

void SimulationScript::start()
{
    if (m_options.size.isValid())
        m_window->resize(m_options.size);
    const bool scripted = !m_options.screenshot.isEmpty();
    m_window->setInteractive(!scripted);
    m_dialog = m_window->showSimulationDialog();
    m_dialog->setConfirmOverwrite(!scripted);
    fillDialog();
    if (!scripted)
        return;
    connect(m_dialog->job(), &SimulationJob::progressed, this, [this](double share) { onProgress(share); });
    connect(m_dialog, &SimulationDialog::runEnded, this, &SimulationScript::onRunEnded);
    // Shown and laid out first: the dialog's shot is of what a user sees.
    QTimer::singleShot(300, this, [this] {
        const QString problem = m_dialog->problem();
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "popscope: cannot simulate: %s\n", qPrintable(problem));
            grab(m_dialog, 3);
        } else if (m_options.simulateShot == QLatin1String("dialog")) {
            grab(m_dialog, 0, QStringLiteral("dialog"));
        } else {
            m_dialog->run();
        }
    });
}

void SimulationScript::fillDialog()
{
    sim::SimulationSpec spec;
    spec.workload = m_options.simulate.toStdString();
    spec.target = "Mk2";
    for (const QString& param : m_options.simulateParams) {
        const QString key = param.section(QLatin1Char('='), 0, 0), value = param.section(QLatin1Char('='), 1);
        if (key == QLatin1String("target"))
            spec.target = value.toStdString();
        else if (key == QLatin1String("seed"))
            spec.seed = value.toULongLong();
        else if (key.startsWith(QLatin1String("target.")))
            spec.targetOverrides[key.mid(7).toStdString()] = value.toStdString();
        else
            spec.params[key.toStdString()] = value.toStdString();
    }
    if (!m_options.sweep.isEmpty()) // the swept field holds the list, as a user types it
        spec.params[m_options.sweep.section(QLatin1Char('='), 0, 0).toStdString()]
            = m_options.sweep.section(QLatin1Char('='), 1)
                  .replace(QLatin1Char(','), QStringLiteral(", "))
                  .toStdString();
    m_dialog->form()->setSpec(spec);
    QString output = m_options.simulateOutput;
    if (output.isEmpty() && !m_options.screenshot.isEmpty()) {
        m_folder = std::make_unique<QTemporaryDir>();
        output = m_options.sweep.isEmpty() ? m_folder->filePath(QStringLiteral("simulated.pop"))
                                           : m_folder->path();
    }
    if (!output.isEmpty())
        m_dialog->setOutputPath(output);
}

void SimulationScript::onProgress(double share)
{
    if (m_options.simulateShot != QLatin1String("running") || m_grabbed || share < 0.2)
        return;
    grab(m_dialog, 0, QStringLiteral("running"));
    m_dialog->cancelRun();
}

void SimulationScript::onRunEnded(bool succeeded)
{
    if (m_grabbed)
        return;
    if (!succeeded) {
        std::fprintf(stderr, "popscope: the simulation did not finish\n");
        grab(m_dialog, 3);
        return;
    }
    if (m_options.simulateShot == QLatin1String("running")) {
        grab(m_dialog, 0, QStringLiteral("running")); // too quick to be caught running: as it finished
        return;
    }
    m_dialog->openButton()->click(); // Open, or Show Sweep
    showResult();
}

void SimulationScript::showResult()
{
    if (SeriesPage* series = m_window->seriesPage()) {
        connect(series, &SeriesPage::loaded, this, [this, series] {
            QTimer::singleShot(300, this, [this, series] {
                grab(m_window, series->errorText().isEmpty() ? 0 : 3, QStringLiteral("sweep"));
            });
        });
        return;
    }
    connect(m_window, &MainWindow::reportOpened, this, [this] {
        ReportPage* page = m_window->page(page_ids::summary);
        auto shoot = [this, page] {
            QTimer::singleShot(300, this,
                [this, page] { grab(m_window, page->isReady() ? 0 : 3, QStringLiteral("summary")); });
        };
        if (page->isReady())
            shoot();
        else
            connect(page, &ReportPage::ready, this, shoot, Qt::SingleShotConnection);
    });
    connect(m_window, &MainWindow::openFailed, this, [this](const QString&, const QString& message) {
        std::fprintf(stderr, "popscope: %s\n", qPrintable(message));
        grab(m_window, 3);
    });
}

void SimulationScript::grab(QWidget* widget, int exitCode, const QString& shown)
{
    if (m_grabbed)
        return;
    m_grabbed = true;
    if (exitCode == 0 && !shown.isEmpty()) // what scripts/window-check.sh looks for
        std::fprintf(stdout, "popscope: page %s ready\n", qPrintable(shown));
    QString error;
    if (!saveImageFile(widget->grab().toImage(), m_options.screenshot, &error)) {
        std::fprintf(stderr, "popscope: %s\n", qPrintable(error));
        exitCode = 4;
    } else {
        std::fprintf(stdout, "popscope: wrote %s\n", qPrintable(m_options.screenshot));
    }
    // The run still going (a shot of it running) stops first, leaving no file.
    if (m_dialog && m_dialog->isRunning()) {
        m_dialog->cancelRun();
        connect(m_dialog, &SimulationDialog::runEnded, qApp, [exitCode] { QApplication::exit(exitCode); });
        return;
    }
    QTimer::singleShot(0, qApp, [exitCode] { QApplication::exit(exitCode); });
}

} // namespace popscope
