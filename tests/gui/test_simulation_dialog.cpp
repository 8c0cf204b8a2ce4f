// What if, from the window: File ▸ New Simulation… refuses a bad value with the simulator's own
// message, runs off the GUI thread, cancels without leaving a file, opens or compares what it
// wrote (landing on What Changed), and a sweep fills the Sweep page with the largest fit marked.
#include "app/main_window.hpp"
#include "app/series_page.hpp"
#include "app/simulation_dialog.hpp"
#include "app/start_page.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/simulation/series_table_model.hpp"
#include "models/simulation/simulation_job.hpp"
#include "popscope/errors.hpp"
#include "popscope/profile.hpp"

#include <QAction>
#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
namespace fs = std::filesystem;

namespace {

QLineEdit* numberField(SimulationDialog* dialog, const char* key)
{
    return qobject_cast<QLineEdit*>(dialog->form()->parameterField(QString::fromLatin1(key)));
}

// Runs the dialog's request and waits for it to end; true when it succeeded.
bool runAndWait(SimulationDialog* dialog)
{
    QSignalSpy ended(dialog, &SimulationDialog::runEnded);
    if (!dialog->run())
        return false;
    REQUIRE(ended.wait(60000));
    return ended.first().first().toBool();
}

} // namespace

TEST_CASE("New Simulation refuses a bad value with the message the CLI gives", "[simulation]")
{
    MainWindow window;
    window.setInteractive(false);
    SimulationDialog* dialog = window.showSimulationDialog();
    dialog->form()->setWorkload(QStringLiteral("matmul"));
    REQUIRE(dialog->problem().isEmpty());
    numberField(dialog, "batch")->setText(QStringLiteral("0"));
    // The simulator's own check of the same request, as `popscope-cli simulate` prints it.
    std::string expected;
    try {
        sim::checkSpec(dialog->form()->request().spec);
    } catch (const ProfileError& e) {
        expected = e.what();
    }
    CHECK(expected
        == "the dialog: parameter 'batch' of workload 'matmul': expected an integer in 1..4096, got '0'");
    CHECK(dialog->problem() == QString::fromStdString(expected));
    CHECK_FALSE(dialog->run());
    CHECK_FALSE(dialog->isRunning());

    numberField(dialog, "batch")->setText(QStringLiteral("4"));
    dialog->form()->setTargetOverride(QStringLiteral("clockHz"), QStringLiteral("fast"));
    CHECK(
        dialog->problem().contains(QStringLiteral("target field 'clockHz': expected a number, got 'fast'")));
    dialog->form()->setTargetOverride(QStringLiteral("clockHz"), QStringLiteral("1.85e9"));
    CHECK(dialog->problem().isEmpty());
    CHECK(dialog->form()->request().spec.targetOverrides.at("clockHz") == "1.85e9");
    dialog->reject();
}

TEST_CASE("Cancel stops a simulation and leaves no file", "[simulation]")
{
    test::TempDir dir;
    MainWindow window;
    window.setInteractive(false);
    SimulationDialog* dialog = window.showSimulationDialog();
    dialog->form()->setWorkload(QStringLiteral("bench"));
    const QString out = QString::fromStdString((dir.path() / "cancelled.pop").string());
    dialog->setOutputPath(out);
    QSignalSpy ended(dialog, &SimulationDialog::runEnded);
    REQUIRE(dialog->run());
    REQUIRE(dialog->isRunning());
    dialog->reject(); // the dialog's Cancel while running stops the run, not the dialog
    REQUIRE(ended.wait(20000));
    CHECK_FALSE(ended.first().first().toBool());
    CHECK_FALSE(dialog->isRunning());
    CHECK(fs::is_empty(dir.path()));
    dialog->reject();
}

TEST_CASE(
    "a simulation compared with the report shown lands on What Changed, and is in Recent", "[simulation]")
{
    test::TempDir dir;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    const QString demo = test::sampleProfile("demo.pop");
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(demo);
    REQUIRE(opened.wait(20000));

    // Simulate Again With… starts from the request the demo stores.
    SimulationDialog* dialog = window.simulateAgain();
    REQUIRE(dialog);
    CHECK(dialog->form()->workload() == QStringLiteral("demo"));
    numberField(dialog, "batch")->setText(QStringLiteral("8"));
    const QString out = QString::fromStdString((dir.path() / "demo-batch-8.pop").string());
    dialog->setOutputPath(out);
    REQUIRE(runAndWait(dialog));
    REQUIRE(fs::exists(out.toStdString()));
    CHECK(Profile::open(out.toStdString())->info().simulationSpecJson.find("\"batch\":\"8\"")
        != std::string::npos);
    QPushButton* compare = dialog->findChild<QPushButton*>(QString(), Qt::FindChildrenRecursively);
    for (QPushButton* b : dialog->findChildren<QPushButton*>())
        if (b->text().startsWith(QStringLiteral("Compare with")))
            compare = b;
    REQUIRE(compare->isVisible());
    compare->click();
    REQUIRE(opened.wait(20000));
    CHECK(window.state()->isComparing());
    CHECK(window.state()->report()->path == demo);
    CHECK(window.state()->comparedReport()->path == out);
    CHECK(window.currentPage() == page_ids::whatChanged);
}

TEST_CASE("a sweep of three values fills the Sweep page and marks the largest that fits", "[simulation]")
{
    test::TempDir dir;
    MainWindow window;
    window.setInteractive(false);
    SimulationDialog* dialog = window.showSimulationDialog();
    dialog->setConfirmOverwrite(false);
    dialog->form()->setWorkload(QStringLiteral("matmul"));
    // 8192 x 8192 float weights are 256 MiB a layer: one and two layers fit, four do not.
    numberField(dialog, "inputs")->setText(QStringLiteral("8192"));
    numberField(dialog, "outputs")->setText(QStringLiteral("8192"));
    qobject_cast<QCheckBox*>(dialog->form()->parameterField(QStringLiteral("training")))->setChecked(false);
    numberField(dialog, "layers")->setText(QStringLiteral("1, 2, 4"));
    dialog->setOutputPath(QString::fromStdString(dir.path().string()));
    REQUIRE(dialog->problem().isEmpty());
    REQUIRE(runAndWait(dialog));
    REQUIRE(dialog->writtenPaths().size() == 3);
    CHECK(dialog->sweepKey() == QStringLiteral("layers"));

    QPushButton* show = nullptr;
    for (QPushButton* b : dialog->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Show Sweep"))
            show = b;
    REQUIRE(show);
    show->click();
    SeriesPage* page = window.seriesPage();
    REQUIRE(page);
    page->waitForLoaded();
    const SeriesTable& table = page->model()->table();
    REQUIRE(page->errorText().isEmpty());
    REQUIRE(table.rows.size() == 3);
    CHECK(table.parameter == "layers");
    CHECK(table.rows[0].label == "1");
    CHECK(table.rows[2].label == "4");
    int lastFitting = -1;
    for (size_t i = 0; i < 3; ++i) {
        const ProfileSummary summary = querySummary(*Profile::open(table.rows[i].path));
        CHECK(table.rows[i].totalMemory == summary.totalUsedIncludingGaps);
        CHECK(table.rows[i].fits == summary.fits);
        if (summary.fits)
            lastFitting = int(i);
    }
    CHECK(table.largestFitting == lastFitting);
    CHECK(table.largestFitting == 1);
    CHECK(page->table()->model()->rowCount() == 3);
}

TEST_CASE("New Simulation is reached from the File menu and the start page", "[simulation]")
{
    MainWindow window;
    window.setInteractive(false);
    QAction* action = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == QStringLiteral("New &Simulation…"))
            action = a;
    REQUIRE(action);
    CHECK(action->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    action->trigger();
    REQUIRE(window.findChildren<SimulationDialog*>().size() == 1);
    window.findChildren<SimulationDialog*>().first()->reject();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    QPushButton* simulate = nullptr;
    for (QPushButton* b : window.startPage()->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Simulate a what-if…"))
            simulate = b;
    REQUIRE(simulate);
    simulate->click();
    CHECK(window.findChildren<SimulationDialog*>().size() == 1);
}
