#include "app/main_window.hpp"

#include "app/preferences_dialog.hpp"
#include "app/recent_files.hpp"
#include "app/report_sidebar.hpp"
#include "app/start_page.hpp"
#include "app/user_guide_dialog.hpp"
#include "models/report_loader.hpp"
#include "models/tile_scope.hpp"
#include "views/insights_page.hpp"
#include "views/memory_page.hpp"
#include "views/summary_page.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUrl>
#include <QVBoxLayout>

namespace popscope {

namespace {

QWidget* notAvailablePage(const QString& name)
{
    auto* label = new QLabel(QStringLiteral("The %1 report is not available yet.").arg(name));
    label->setAlignment(Qt::AlignCenter);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

const QString kPopFilter = QStringLiteral("IPU profiles (*.pop);;All files (*)");

} // namespace

QStringList MainWindow::reportNames()
{
    return {QStringLiteral("Summary"),      QStringLiteral("Insights"),   QStringLiteral("Memory"),
            QStringLiteral("Liveness"),     QStringLiteral("Program Tree"), QStringLiteral("Operations"),
            QStringLiteral("Execution Trace")};
}

QString MainWindow::demoProfilePath()
{
    const QByteArray env = qgetenv("POPSCOPE_DEMO_PROFILE");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
#ifdef POPSCOPE_DEMO_PROFILE
    return QStringLiteral(POPSCOPE_DEMO_PROFILE);
#else
    return {};
#endif
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("popscope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/popscope.svg")));
    setAcceptDrops(true);
    m_state = new ReportState(this);
    m_state->setUnit(PreferencesDialog::storedUnit());
    m_loader = new ReportLoader(this);
    m_recent = new RecentFiles(this);

    m_start = new StartPage(m_recent, demoProfilePath(), this);
    m_sidebar = new ReportSidebar(this);
    const QStringList icons = {QStringLiteral("summary"),  QStringLiteral("insights"),   QStringLiteral("memory"),
                               QStringLiteral("liveness"), QStringLiteral("programtree"), QStringLiteral("operations"),
                               QStringLiteral("trace")};
    m_pages = new QStackedWidget(this);
    m_summary = new SummaryPage(m_state, this);
    m_insights = new InsightsPage(m_state, this);
    m_memory = new MemoryPage(m_state, this);
    const QStringList names = reportNames();
    for (int i = 0; i < names.size(); ++i) {
        const bool available = i < 3;
        m_sidebar->addReport(names[i], QStringLiteral(":/icons/%1.svg").arg(icons[i]), available,
                             available ? QStringLiteral("Ctrl+%1").arg(i + 1) : QString());
        QWidget* page = i == 0 ? static_cast<QWidget*>(m_summary)
                      : i == 1 ? static_cast<QWidget*>(m_insights)
                      : i == 2 ? static_cast<QWidget*>(m_memory)
                               : notAvailablePage(names[i]);
        page->setObjectName(names[i]);
        m_pages->addWidget(page);
    }
    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->setVisible(false);
    m_banner->setAutoFillBackground(true);
    m_banner->setContentsMargins(10, 6, 10, 6);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);

    m_reportView = new QWidget(this);
    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->setSpacing(0);
    right->addWidget(m_banner);
    right->addWidget(m_pages, 1);
    auto* reportLayout = new QHBoxLayout(m_reportView);
    reportLayout->setContentsMargins(0, 0, 0, 0);
    reportLayout->setSpacing(0);
    reportLayout->addWidget(m_sidebar);
    reportLayout->addLayout(right, 1);

    m_central = new QStackedWidget(this);
    m_central->addWidget(m_start);
    m_central->addWidget(m_reportView);
    setCentralWidget(m_central);
    m_statusInfo = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusInfo);

    buildMenus();
    connect(m_sidebar, &ReportSidebar::reportSelected, this, &MainWindow::showPage);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::compareRequested, this, &MainWindow::showCompareDialog);
    connect(m_start, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_start, &StartPage::openPath, this, &MainWindow::openFile);
    connect(m_start, &StartPage::comparePaths, this, &MainWindow::compareFiles);
    connect(m_insights, &InsightsPage::showTile, this, [this](uint32_t tile) {
        m_state->setSelectedTiles({tile});
        showPage(QStringLiteral("Memory"));
    });
    connect(m_loader, &ReportLoader::progress, this, &MainWindow::onProgress);
    connect(m_loader, &ReportLoader::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &ReportLoader::failed, this, &MainWindow::onFailed);
    connect(m_loader, &ReportLoader::cancelled, this, [this](const QString& path) {
        if (m_progress)
            m_progress->reset();
        statusBar()->showMessage(QStringLiteral("Opening %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
    });
    connect(m_state, &ReportState::selectionChanged, this, [this] {
        const auto& sel = m_state->selectedTiles();
        statusBar()->showMessage(sel.empty() ? QString()
                                             : QStringLiteral("%1 tile%2 selected").arg(countText(sel.size()), sel.size() == 1 ? QString() : QStringLiteral("s")));
    });

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 900);
    m_sidebar->setCurrent(QStringLiteral("Summary"));
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    QAction* open = file->addAction(QStringLiteral("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(QStringLiteral("Open &Recent"));
    file->addAction(QStringLiteral("&Compare Two Reports…"), this, &MainWindow::showCompareDialog);
    file->addAction(QStringLiteral("Open &Demo Report"), this, &MainWindow::openDemo)->setEnabled(QFileInfo::exists(demoProfilePath()));
    file->addSeparator();
    m_reloadAction = file->addAction(QStringLiteral("Re&load"), this, &MainWindow::reload);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    if (m_reloadAction->shortcut().isEmpty())
        m_reloadAction->setShortcut(Qt::Key_F5);
    m_closeAction = file->addAction(QStringLiteral("&Close Report"), this, &MainWindow::closeReport);
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction* prefs = file->addAction(QStringLiteral("&Preferences…"), this, &MainWindow::showPreferences);
    prefs->setShortcut(QKeySequence::Preferences);
    if (prefs->shortcut().isEmpty())
        prefs->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    file->addSeparator();
    QAction* quit = file->addAction(QStringLiteral("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    if (quit->shortcut().isEmpty())
        quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    const QStringList names = reportNames();
    for (int i = 0; i < 3; ++i) {
        QAction* a = view->addAction(names[i], this, [this, name = names[i]] { showPage(name); });
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        m_pageActions << a;
    }
    view->addSeparator();
    QAction* sidebar = view->addAction(QStringLiteral("Collapse Report &List"), this,
                                       [this] { m_sidebar->setCollapsed(!m_sidebar->isCollapsed()); });
    sidebar->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    view->addAction(QStringLiteral("&Start Page"), this, [this] { m_central->setCurrentWidget(m_start); });

    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->addAction(QStringLiteral("&User Guide"), this, &MainWindow::showUserGuide)->setShortcut(QKeySequence::HelpContents);
    help->addAction(QStringLiteral("&About popscope"), this, [this] {
        QMessageBox::about(this, QStringLiteral("About popscope"),
                           QStringLiteral("<h3>popscope %1</h3><p>An open, fast analyser for Graphcore IPU profiles (.pop).</p>"
                                          "<p>Reports: Summary, Insights, Memory. Built with Qt %2.</p>")
                               .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
    help->addAction(QStringLiteral("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList reports = m_recent->reports();
    for (int i = 0; i < reports.size() && i < 10; ++i) {
        const QString path = reports[i];
        m_recentMenu->addAction(QStringLiteral("&%1  %2").arg((i + 1) % 10).arg(QFileInfo(path).fileName()), this,
                                [this, path] { openFile(path); })
            ->setToolTip(path);
    }
    if (reports.isEmpty())
        m_recentMenu->addAction(QStringLiteral("No recent reports"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(QStringLiteral("Clear List"), m_recent, &RecentFiles::clearReports)->setEnabled(!reports.isEmpty());
}

QString MainWindow::lastFolder() const
{
    return QSettings().value(QStringLiteral("paths/lastFolder"),
                             QStandardPaths::writableLocation(QStandardPaths::HomeLocation)).toString();
}

void MainWindow::showOpenDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a report"), lastFolder(), kPopFilter);
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::showCompareDialog()
{
    const QString source = QFileDialog::getOpenFileName(this, QStringLiteral("Compare: pick the source report"), lastFolder(), kPopFilter);
    if (source.isEmpty())
        return;
    const QString target = QFileDialog::getOpenFileName(this, QStringLiteral("Compare: pick the target report"),
                                                        QFileInfo(source).absolutePath(), kPopFilter);
    if (!target.isEmpty())
        compareFiles(source, target);
}

void MainWindow::compareFiles(const QString& source, const QString& target)
{
    m_recent->addComparison(source, target);
    m_pendingCompareTarget = target;
    openFile(source);
}

void MainWindow::openDemo() { openFile(demoProfilePath()); }

void MainWindow::openFile(const QString& path)
{
    if (path.isEmpty())
        return;
    QSettings().setValue(QStringLiteral("paths/lastFolder"), QFileInfo(path).absolutePath());
    if (!m_progress) {
        m_progress = new QProgressDialog(this);
        m_progress->setWindowTitle(QStringLiteral("Opening report"));
        m_progress->setMinimumDuration(300);
        m_progress->setAutoReset(false);
        m_progress->setAutoClose(false);
        m_progress->setMinimumWidth(420);
        connect(m_progress, &QProgressDialog::canceled, m_loader, &ReportLoader::cancel);
    }
    m_progress->reset();
    m_progress->setRange(0, 6);
    m_progress->setLabelText(QStringLiteral("Opening %1…").arg(QFileInfo(path).fileName()));
    m_progress->setValue(0);
    statusBar()->showMessage(QStringLiteral("Opening %1…").arg(path));
    m_loader->start(path);
}

void MainWindow::onProgress(int stage, int stageCount, const QString& message)
{
    if (!m_progress)
        return;
    m_progress->setMaximum(stageCount);
    m_progress->setLabelText(QStringLiteral("%1\n%2").arg(QFileInfo(m_loader->path()).fileName(), message));
    if (stage < stageCount)
        m_progress->setValue(stage);
}

void MainWindow::onLoaded(std::shared_ptr<LoadedReport> report)
{
    if (m_progress)
        m_progress->reset();
    const QString path = report->path;
    const bool reloading = m_state->report() && m_state->report()->path == path;
    m_state->setReport(std::move(report));
    m_recent->addReport(path);
    setWindowTitle(QStringLiteral("%1 — popscope").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
    const auto r = m_state->report();
    m_statusInfo->setText(QStringLiteral("%1 · %2 IPUs × %3 tiles · opened in %4 ms")
                              .arg(QString::fromStdString(r->summary.target.architecture), countText(r->memory.numIpus),
                                   countText(r->memory.tilesPerIpu))
                              .arg(r->loadMilliseconds));
    statusBar()->showMessage(QStringLiteral("Opened %1").arg(path), 4000);
    if (!m_pendingCompareTarget.isEmpty()) {
        m_banner->setText(QStringLiteral("<b>Compare mode is not built yet.</b> popscope opened the source report "
                                         "(%1); the pair with %2 is saved under Recent comparisons on the start page.")
                              .arg(QFileInfo(path).fileName().toHtmlEscaped(),
                                   QFileInfo(m_pendingCompareTarget).fileName().toHtmlEscaped()));
        m_banner->setVisible(true);
        m_pendingCompareTarget.clear();
    } else {
        m_banner->setVisible(false);
    }
    m_central->setCurrentWidget(m_reportView);
    if (!reloading)
        showPage(m_pageAfterLoad.isEmpty() ? QStringLiteral("Summary") : m_pageAfterLoad);
    m_pageAfterLoad.clear();
    updateActions();
    emit reportOpened(path);
}

void MainWindow::onFailed(const QString& path, const QString& message)
{
    if (m_progress)
        m_progress->reset();
    m_pendingCompareTarget.clear();
    statusBar()->showMessage(QStringLiteral("Could not open %1").arg(QFileInfo(path).fileName()), 8000);
    emit openFailed(path, message);
    if (!m_interactive)
        return;
    QMessageBox box(this);
    box.setIcon(QMessageBox::Critical);
    box.setWindowTitle(QStringLiteral("Cannot open report"));
    box.setText(QStringLiteral("popscope could not open “%1”.").arg(QFileInfo(path).fileName()));
    box.setInformativeText(message);
    box.setDetailedText(QStringLiteral("File: %1\nProblem: %2").arg(QFileInfo(path).absoluteFilePath(), message));
    QPushButton* remove = nullptr;
    if (m_recent->reports().contains(QFileInfo(path).absoluteFilePath()) && !QFileInfo::exists(path))
        remove = box.addButton(QStringLiteral("Remove from Recent"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Close);
    // QMessageBox sizes itself to its first line: give long problems room instead of a narrow column.
    if (auto* grid = qobject_cast<QGridLayout*>(box.layout()))
        grid->addItem(new QSpacerItem(520, 0, QSizePolicy::Minimum, QSizePolicy::Expanding), grid->rowCount(), 0, 1,
                      grid->columnCount());
    box.exec();
    if (remove && box.clickedButton() == reinterpret_cast<QAbstractButton*>(remove))
        m_recent->removeReport(QFileInfo(path).absoluteFilePath());
}

void MainWindow::reload()
{
    if (m_state->report())
        openFile(m_state->report()->path);
}

void MainWindow::closeReport()
{
    m_loader->cancel();
    m_state->clearSelection();
    m_state->setReport(nullptr);
    m_banner->setVisible(false);
    setWindowTitle(QStringLiteral("popscope"));
    setWindowFilePath(QString());
    m_statusInfo->clear();
    m_central->setCurrentWidget(m_start);
    updateActions();
}

bool MainWindow::showPage(const QString& name)
{
    if (!m_sidebar->isAvailable(name))
        return false;
    if (!m_state->report()) {
        m_pageAfterLoad = name; // shown once a report is open
        return false;
    }
    for (int i = 0; i < m_pages->count(); ++i)
        if (m_pages->widget(i)->objectName() == name) {
            m_pages->setCurrentIndex(i);
            m_sidebar->setCurrent(name);
            m_central->setCurrentWidget(m_reportView);
            return true;
        }
    return false;
}

QString MainWindow::currentPage() const { return m_pages->currentWidget() ? m_pages->currentWidget()->objectName() : QString(); }

bool MainWindow::isShowingStartPage() const { return m_central->currentWidget() == m_start; }

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(m_state->unit(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    PreferencesDialog::storeUnit(dialog.unit());
    m_state->setUnit(dialog.unit());
}

UserGuideDialog* MainWindow::showUserGuide()
{
    if (!m_guide)
        m_guide = new UserGuideDialog(this);
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
    return m_guide;
}

void MainWindow::updateActions()
{
    const bool open = m_state->report() != nullptr;
    m_reloadAction->setEnabled(open);
    m_closeAction->setEnabled(open);
    for (QAction* a : m_pageActions)
        a->setEnabled(open);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_loader->cancel();
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList files;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            files << url.toLocalFile();
    if (files.size() >= 2)
        compareFiles(files[0], files[1]);
    else if (!files.isEmpty())
        openFile(files[0]);
    event->acceptProposedAction();
}

} // namespace popscope
