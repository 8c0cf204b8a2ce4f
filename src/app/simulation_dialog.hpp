#pragma once
// File > New Simulation…: a simulation request (SimulationForm), checked as it is typed with the
// simulator's own messages, run off the GUI thread with its progress in place and Cancel, then
// opened, or compared with the report shown. A parameter given several values is a sweep: one
// report per value in a folder, shown on the Sweep page.
#include "app/simulation_form.hpp"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace popscope {

class SimulationJob;

class SimulationDialog : public QDialog {
    Q_OBJECT
public:
    // `shownReport`: the report in the window, offered as the source of a comparison ("" if none).
    explicit SimulationDialog(const QString& shownReport, QWidget* parent = nullptr);
    ~SimulationDialog() override;

    enum class Outcome { None, Open, Compare, ShowSweep };
    Outcome outcome() const { return m_outcome; }
    // The report written (the first of a sweep), and every report of a sweep in value order.
    QString writtenPath() const { return m_written.isEmpty() ? QString() : m_written.first(); }
    const QStringList& writtenPaths() const { return m_written; }
    QString sweepKey() const { return m_sweepKey; }
    // Open (Show Sweep for a sweep): the button a finished run offers first.
    QPushButton* openButton() const { return m_open; }
    QStringList sweepValues() const { return m_sweepValues; }

    SimulationForm* form() const { return m_form; }
    void setOutputPath(const QString& path);
    QString outputPath() const;
    // What is wrong with the request, as the simulator says it ("" when it can run).
    QString problem() const;
    bool isRunning() const;
    SimulationJob* job() const { return m_job; }
    // When false, an existing output is replaced without asking (scripted runs and tests).
    void setConfirmOverwrite(bool confirm) { m_confirmOverwrite = confirm; }

public slots:
    // Runs the request; false when it was refused (the problem is shown) or not confirmed.
    bool run();
    void cancelRun();
    // The dialog's Cancel: stops a run first; once stopped, closes the dialog.
    void reject() override;

signals:
    void runEnded(bool succeeded);

private:
    void layOut(QPushButton* browse);
    void connectSignals(QPushButton* browse);
    void validate();
    void updateDefaultOutput();
    void browseOutput();
    void setRunning(bool running);
    void onFinished();
    void onFailed(const QString& message);
    bool confirmOverwrite(const QStringList& paths);
    QStringList outputPaths(const SimulationRequest& request) const;
    SimulationForm* m_form;
    QLineEdit* m_output;
    QLabel* m_outputLabel;
    QLabel* m_problem;
    QLabel* m_phase;
    QProgressBar* m_progress;
    QLabel* m_result;
    QDialogButtonBox* m_buttons;
    QPushButton* m_run;
    QPushButton* m_open;
    QPushButton* m_compare;
    SimulationJob* m_job;
    QString m_shownReport;
    QStringList m_written;
    QString m_sweepKey;
    QStringList m_sweepValues;
    Outcome m_outcome = Outcome::None;
    bool m_outputEdited = false;
    bool m_confirmOverwrite = true;
};

} // namespace popscope
