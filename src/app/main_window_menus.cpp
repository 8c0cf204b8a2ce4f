// MainWindow's menus: File (with Open Recent), View (a page each), Compare and Help, and the
// dialogs they open (Open, Open Remote, Compare Two Reports).
#include "app/compare_dialog.hpp"
#include "app/demo_profile.hpp"
#include "app/main_window.hpp"
#include "app/open_remote_dialog.hpp"
#include "app/recent_files.hpp"
#include "app/report_sidebar.hpp"
#include "app/series_page.hpp"
#include "app/start_page.hpp"
#include "models/report_location.hpp"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>

namespace popscope {

namespace {
const char* const kOpenFileFilter
    = QT_TRANSLATE_NOOP("popscope::MainWindow", "IPU profiles (*.pop);;All files (*)");
} // namespace

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildViewMenu();
    buildCompareAndHelpMenus();
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open Re&mote…"), this, &MainWindow::showOpenRemoteDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("&Compare Two Reports…"), this, &MainWindow::showCompareDialog);
    file->addAction(tr("Open &Demo Report"), this, &MainWindow::openDemo)
        ->setEnabled(QFileInfo::exists(demoProfilePath()));
    file->addSeparator();
    file->addAction(tr("New &Simulation…"), this, &MainWindow::showSimulationDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_simulateAgainAction = file->addAction(tr("Simulate &Again With…"), this, &MainWindow::simulateAgain);
    m_simulateAgainAction->setToolTip(
        tr("A new simulation filled in from the request the shown report stores"));
    file->addAction(tr("Open S&eries…"), this, &MainWindow::showOpenSeriesDialog)
        ->setToolTip(
            tr("Several reports side by side in the order picked: memory, fits, peak liveness, cycles"));
    file->addSeparator();
    m_reloadAction = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    if (m_reloadAction->shortcut().isEmpty())
        m_reloadAction->setShortcut(Qt::Key_F5);
    m_closeAction = file->addAction(tr("&Close Report"), this, &MainWindow::closeReport);
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction* prefs = file->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
    prefs->setShortcut(QKeySequence::Preferences);
    if (prefs->shortcut().isEmpty())
        prefs->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    if (quit->shortcut().isEmpty())
        quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (const PageInfo& info : m_registry.pages()) {
        if (!info.create)
            continue;
        QAction* a = view->addAction(info.name, this, [this, id = info.id] { showPage(id); });
        a->setShortcut(info.shortcut);
        m_pageActions.emplace_back(info.id, a);
    }
    view->addSeparator();
    QAction* sidebar = view->addAction(
        tr("Collapse Report &List"), this, [this] { m_sidebar->setCollapsed(!m_sidebar->isCollapsed()); });
    sidebar->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    view->addAction(tr("&Start Page"), this, [this] { m_central->setCurrentWidget(m_start); });
    m_seriesAction = view->addAction(tr("S&weep / Series"), this, [this] {
        if (m_series)
            m_central->setCurrentWidget(m_series);
    });
    m_seriesAction->setEnabled(false);
}

void MainWindow::buildCompareAndHelpMenus()
{
    QMenu* compare = menuBar()->addMenu(tr("&Compare"));
    compare->addAction(tr("&Compare Two Reports…"), this, &MainWindow::showCompareDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_swapAction = compare->addAction(tr("&Swap Source and Target"), this, &MainWindow::swapReports);
    m_swapAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_leaveAction = compare->addAction(tr("&Leave Compare Mode"), this, &MainWindow::leaveCompareMode);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide)
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About popscope"), this, [this] {
        QMessageBox::about(this, tr("About popscope"),
            tr("<h3>popscope %1</h3><p>An open, fast analyser for Graphcore IPU profiles (.pop).</p>"
               "<p>Open one report, or compare two side by side. Built with Qt %2.</p>")
                .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

namespace {

// "demo.pop", or "demo.pop — ipu-server:/data" for a remote report.
QString recentMenuText(const QString& path)
{
    const ReportLocation location = ReportLocation::of(path);
    return location.remote ? QStringLiteral("%1 — %2").arg(location.fileName, location.folder)
                           : location.fileName;
}

} // namespace

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList reports = m_recent->reports();
    // The ten newest with their shortcut digits; the rest (Recent keeps 64) under More.
    QMenu* more = nullptr;
    for (int i = 0; i < reports.size(); ++i) {
        const QString path = reports[i];
        if (i == 10)
            more = m_recentMenu->addMenu(tr("More"));
        const QString text = i < 10 ? QStringLiteral("&%1  %2").arg((i + 1) % 10).arg(recentMenuText(path))
                                    : recentMenuText(path);
        (more ? more : m_recentMenu)
            ->addAction(text, this, [this, path] { openFile(path); })
            ->setToolTip(path);
    }
    if (reports.isEmpty())
        m_recentMenu->addAction(tr("No recent reports"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), m_recent, &RecentFiles::clearReports)
        ->setEnabled(!reports.isEmpty());
}

void MainWindow::showOpenDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open a report"), lastFolder(), tr(kOpenFileFilter));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::showOpenRemoteDialog()
{
    // Starts from the last remote report opened, if any.
    QString last;
    for (const QString& path : m_recent->reports())
        if (ReportLocation::of(path).remote) {
            last = path;
            break;
        }
    OpenRemoteDialog dialog(last, this);
    if (dialog.exec() == QDialog::Accepted)
        openFile(dialog.address());
}

void MainWindow::showCompareDialog()
{
    // Starts from the open report: comparing "this" with another is the usual case.
    const QString current = m_state->report() ? m_state->report()->path : QString();
    CompareDialog dialog(lastFolder(), current, this);
    if (dialog.exec() == QDialog::Accepted)
        compareFiles(dialog.source(), dialog.target());
}

} // namespace popscope
