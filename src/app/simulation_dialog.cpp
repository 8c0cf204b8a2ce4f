#include "app/simulation_dialog.hpp"

#include "models/report_location.hpp"
#include "models/simulation/simulation_job.hpp"
#include "models/simulation/simulation_naming.hpp"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>

namespace popscope {

SimulationDialog::SimulationDialog(const QString& shownReport, QWidget* parent)
    : QDialog(parent)
    , m_form(new SimulationForm(this))
    , m_job(new SimulationJob(this))
    , m_shownReport(shownReport)
{
    setWindowTitle(tr("New Simulation"));
    m_output = new QLineEdit(this);
    m_outputLabel = new QLabel(tr("Save as:"), this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_phase = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_run = m_buttons->addButton(tr("Run"), QDialogButtonBox::AcceptRole);
    m_run->setDefault(true);
    m_open = m_buttons->addButton(tr("Open"), QDialogButtonBox::ActionRole);
    m_compare = m_buttons->addButton(shownReport.isEmpty()
            ? tr("Compare")
            : tr("Compare with %1").arg(ReportLocation::of(shownReport).fileName),
        QDialogButtonBox::ActionRole);
    m_compare->setToolTip(tr("The report shown is the source, the new one the target: What Changed"));

    layOut(browse);
    connectSignals(browse);
    setRunning(false);
    updateDefaultOutput();
    validate();
}

SimulationDialog::~SimulationDialog() = default;

void SimulationDialog::layOut(QPushButton* browse)
{
    auto* output = new QGridLayout;
    output->addWidget(m_outputLabel, 0, 0);
    output->addWidget(m_output, 0, 1);
    output->addWidget(browse, 0, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_form, 1);
    layout->addLayout(output);
    layout->addWidget(m_problem);
    layout->addWidget(m_phase);
    layout->addWidget(m_progress);
    layout->addWidget(m_result);
    layout->addWidget(m_buttons);
    // At most the screen's height: on a small display Run and Close stay reachable.
    resize(QSize(900, 720).boundedTo(screen()->availableSize() * 0.95));
}

void SimulationDialog::connectSignals(QPushButton* browse)
{
    connect(m_form, &SimulationForm::changed, this, [this] {
        updateDefaultOutput();
        validate();
    });
    connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputEdited = true; });
    connect(m_output, &QLineEdit::textChanged, this, &SimulationDialog::validate);
    connect(browse, &QPushButton::clicked, this, &SimulationDialog::browseOutput);
    connect(m_run, &QPushButton::clicked, this, &SimulationDialog::run);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SimulationDialog::reject);
    connect(m_open, &QPushButton::clicked, this, [this] {
        m_outcome = m_sweepKey.isEmpty() ? Outcome::Open : Outcome::ShowSweep;
        accept();
    });
    connect(m_compare, &QPushButton::clicked, this, [this] {
        m_outcome = Outcome::Compare;
        accept();
    });
    connect(m_job, &SimulationJob::progressed, this, [this](double share, const QString& phase) {
        m_progress->setValue(int(share * 1000));
        m_phase->setText(tr("Simulating: %1…").arg(phase));
    });
    connect(m_job, &SimulationJob::finished, this, &SimulationDialog::onFinished);
    connect(m_job, &SimulationJob::failed, this, &SimulationDialog::onFailed);
    connect(m_job, &SimulationJob::cancelled, this, [this] {
        setRunning(false);
        m_result->setText(tr("Cancelled: nothing was written."));
        emit runEnded(false);
    });
}

void SimulationDialog::setOutputPath(const QString& path)
{
    m_output->setText(path);
    m_outputEdited = true;
}

QString SimulationDialog::outputPath() const
{
    return m_output->text().trimmed();
}

bool SimulationDialog::isRunning() const
{
    return m_job->isRunning();
}

void SimulationDialog::updateDefaultOutput()
{
    const SimulationRequest request = m_form->request();
    const bool sweep = !request.sweepKey.empty();
    m_outputLabel->setText(sweep ? tr("Save in folder:") : tr("Save as:"));
    if (m_outputEdited)
        return;
    const QString folder = defaultSimulationFolder();
    m_output->setText(sweep
            ? folder
            : QDir(folder).filePath(QString::fromStdString(sim::simulationFileName(request.spec))));
}

void SimulationDialog::browseOutput()
{
    const bool sweep = !m_form->request().sweepKey.empty();
    const QString path = sweep
        ? QFileDialog::getExistingDirectory(this, tr("Folder for the sweep's reports"), outputPath())
        : QFileDialog::getSaveFileName(
            this, tr("Save the simulated report as"), outputPath(), tr("IPU profiles (*.pop)"));
    if (!path.isEmpty())
        setOutputPath(sweep || path.endsWith(QLatin1String(".pop")) ? path : path + QStringLiteral(".pop"));
}

QString SimulationDialog::problem() const
{
    QString problem;
    const SimulationRequest request = m_form->request(&problem);
    if (!problem.isEmpty())
        return problem;
    try {
        sim::checkSpec(request.spec);
        if (!request.sweepKey.empty()) // 2 to 32 values, each checked, as simulate --sweep does
            sim::sweepSpecs(request.spec, request.sweepKey, request.sweepValues);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    if (outputPath().isEmpty())
        return tr("choose where to save the report");
    return {};
}

void SimulationDialog::validate()
{
    if (isRunning())
        return;
    const QString text = problem();
    m_problem->setText(text.isEmpty() ? QString() : tr("Cannot run: %1").arg(text));
    m_problem->setVisible(!text.isEmpty());
    m_run->setEnabled(text.isEmpty());
}

QStringList SimulationDialog::outputPaths(const SimulationRequest& request) const
{
    if (request.sweepKey.empty())
        return { outputPath() };
    QStringList paths;
    for (const sim::SimulationSpec& one :
        sim::sweepSpecs(request.spec, request.sweepKey, request.sweepValues))
        paths << QDir(outputPath()).filePath(QString::fromStdString(sim::simulationFileName(one)));
    return paths;
}

bool SimulationDialog::confirmOverwrite(const QStringList& paths)
{
    QStringList existing;
    for (const QString& path : paths)
        if (QFileInfo::exists(path))
            existing << QFileInfo(path).fileName();
    if (existing.isEmpty() || !m_confirmOverwrite)
        return true;
    return QMessageBox::question(this, tr("Replace existing reports?"),
               tr("%1 already exist(s) in the folder. Replace?").arg(existing.join(QStringLiteral(", "))),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes;
}

bool SimulationDialog::run()
{
    if (isRunning())
        return false;
    validate();
    if (!m_run->isEnabled())
        return false;
    const SimulationRequest request = m_form->request();
    const QStringList paths = outputPaths(request);
    if (!confirmOverwrite(paths))
        return false;
    if (!request.sweepKey.empty())
        QDir().mkpath(outputPath());
    const std::vector<sim::SimulationSpec> specs = request.sweepKey.empty()
        ? std::vector<sim::SimulationSpec> { request.spec }
        : sim::sweepSpecs(request.spec, request.sweepKey, request.sweepValues);
    std::vector<SimulationRun> runs;
    for (size_t i = 0; i < specs.size(); ++i)
        runs.push_back({ specs[i], paths[int(i)] });
    m_sweepKey = QString::fromStdString(request.sweepKey);
    m_sweepValues.clear();
    for (const auto& v : request.sweepValues)
        m_sweepValues << QString::fromStdString(v);
    m_written.clear();
    m_result->clear();
    setRunning(true);
    m_job->start(std::move(runs));
    return true;
}

void SimulationDialog::cancelRun()
{
    m_job->cancel();
    m_phase->setText(tr("Cancelling…"));
}

void SimulationDialog::reject()
{
    // Cancel stops a run first; a second Cancel (or Close once stopped) closes the dialog.
    if (isRunning()) {
        cancelRun();
        return;
    }
    QDialog::reject();
}

void SimulationDialog::setRunning(bool running)
{
    m_form->setEnabled(!running);
    m_output->setEnabled(!running);
    m_run->setVisible(!running);
    m_progress->setVisible(running);
    m_phase->setVisible(running);
    m_buttons->button(QDialogButtonBox::Close)->setText(running ? tr("Cancel") : tr("Close"));
    const bool done = !running && !m_written.isEmpty();
    m_open->setVisible(done);
    m_open->setText(m_sweepKey.isEmpty() ? tr("Open") : tr("Show Sweep"));
    m_compare->setVisible(done && m_sweepKey.isEmpty() && !m_shownReport.isEmpty());
    if (running) {
        m_progress->setValue(0);
        m_phase->setText(tr("Simulating…"));
        m_problem->hide();
    } else {
        validate();
    }
}

void SimulationDialog::onFinished()
{
    for (const SimulationRun& run : m_job->runs())
        m_written << run.outputPath;
    const std::vector<SimulationRunResult>& results = m_job->results();
    if (m_sweepKey.isEmpty()) {
        const sim::SimulationOutcome& o = results.front().outcome;
        m_result->setText(tr("Wrote %1: %2 × %3 IPU(s), %4 variables, %5 execution steps, %6 tile(s) over "
                             "capacity; simulated in %7 ms, written in %8 ms.")
                              .arg(m_written.first(), QString::fromStdString(o.architecture))
                              .arg(o.numIpus)
                              .arg(o.variables)
                              .arg(o.executionSteps)
                              .arg(o.tilesOverCapacity)
                              .arg(qint64(o.simulateMilliseconds))
                              .arg(qint64(o.writeMilliseconds)));
    } else {
        m_result->setText(tr("Wrote %1 reports (%2 = %3) in %4.")
                              .arg(m_written.size())
                              .arg(m_sweepKey, m_sweepValues.join(QStringLiteral(", ")), outputPath()));
    }
    setRunning(false);
    m_open->setDefault(true);
    emit runEnded(true);
}

void SimulationDialog::onFailed(const QString& message)
{
    setRunning(false);
    m_result->setText(tr("The simulation failed: %1").arg(message));
    emit runEnded(false);
}

} // namespace popscope
