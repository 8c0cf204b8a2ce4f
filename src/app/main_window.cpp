#include "app/main_window.hpp"
#include "models/report_location.hpp"

#include "app/compare_bar.hpp"
#include "app/demo_profile.hpp"
#include "app/file_changed_bar.hpp"
#include "app/memory_allocator.hpp"
#include "app/open_error_dialog.hpp"
#include "app/preferences_dialog.hpp"
#include "app/recent_files.hpp"
#include "app/report_sidebar.hpp"
#include "app/start_page.hpp"
#include "app/user_guide_dialog.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/report_session.hpp"
#include "models/settings_keys.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/spilled_array.hpp"
#include "views/insights/insights_page.hpp"
#include "views/insights/insights_report.hpp"
#include "views/memory/memory_page.hpp"
#include "views/summary/summary_page.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
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
    auto* label = new QLabel(
        QCoreApplication::translate("popscope::MainWindow", "The %1 report is not available yet.").arg(name));
    label->setAlignment(Qt::AlignCenter);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_registry(builtInPages())
    , m_memoryKeeper(heapInUse)
{
    setWindowTitle(QStringLiteral("popscope"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/popscope.svg")));
    setAcceptDrops(true);
    m_state = new ReportState(this);
    m_state->setUnit(PreferencesDialog::storedUnit());
    m_session = new ReportSession(m_state, this);
    m_session->setParts(openingParts()); // the summary: each page reads its own parts when shown
    m_recent = new RecentFiles(this);

    m_start = new StartPage(m_recent, demoProfilePath(), this);
    m_sidebar = new ReportSidebar(this);
    m_pages = new QStackedWidget(this);
    m_compareBar = new CompareBar(m_state, this);
    m_fileChangedBar = new FileChangedBar(m_state, this);
    buildPages();
    buildReportView();

    m_central = new QStackedWidget(this);
    m_central->addWidget(m_start);
    m_central->addWidget(m_reportView);
    setCentralWidget(m_central);
    m_statusInfo = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusInfo);

    buildMenus();
    followState();

    QSettings settings;
    if (!restoreGeometry(settings.value(SettingsKey::windowGeometry).toByteArray()))
        resize(1400, 900);
    m_sidebar->setCurrent(page_ids::summary);
    updateActions();
}

void MainWindow::buildReportView()
{
    m_reportView = new QWidget(this);
    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->setSpacing(0);
    right->addWidget(m_compareBar);
    right->addWidget(m_fileChangedBar);
    right->addWidget(m_pages, 1);
    auto* reportLayout = new QHBoxLayout(m_reportView);
    reportLayout->setContentsMargins(0, 0, 0, 0);
    reportLayout->setSpacing(0);
    reportLayout->addWidget(m_sidebar);
    reportLayout->addLayout(right, 1);
}

void MainWindow::followState()
{
    connect(m_sidebar, &ReportSidebar::reportSelected, this, &MainWindow::showPage);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::openRemoteRequested, this, &MainWindow::showOpenRemoteDialog);
    connect(m_start, &StartPage::compareRequested, this, &MainWindow::showCompareDialog);
    connect(m_start, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_start, &StartPage::simulateRequested, this, &MainWindow::showSimulationDialog);
    connect(m_start, &StartPage::openPath, this, &MainWindow::openFile);
    connect(m_start, &StartPage::comparePaths, this, &MainWindow::compareFiles);
    connect(m_compareBar, &CompareBar::swapRequested, this, &MainWindow::swapReports);
    connect(m_compareBar, &CompareBar::leaveRequested, this, &MainWindow::leaveCompareMode);
    connect(m_fileChangedBar, &FileChangedBar::reloadRequested, this, &MainWindow::reload);
    connect(m_state, &ReportState::navigationRequested, this, &MainWindow::onNavigation);
    connect(m_session, &ReportSession::progress, this, &MainWindow::onProgress);
    connect(m_session, &ReportSession::opened, this, &MainWindow::onOpened);
    connect(m_session, &ReportSession::failed, this, &MainWindow::onFailed);
    connect(m_session, &ReportSession::cancelled, this, [this](const QString& path) {
        hideProgress();
        statusBar()->showMessage(tr("Opening %1 cancelled").arg(ReportLocation::of(path).fileName), 5000);
    });
    connect(m_state, &ReportState::selectionChanged, this, [this] {
        const auto& sel = m_state->selectedTiles();
        statusBar()->showMessage(
            sel.empty() ? QString() : tr("%1 selected").arg(countOfText(sel.size(), "tile")));
    });
}

void MainWindow::buildPages()
{
    for (const PageInfo& info : m_registry.pages()) {
        m_sidebar->addReport(
            info.id, info.name, info.icon, false, info.shortcut.toString(QKeySequence::NativeText));
        QWidget* page
            = info.create ? static_cast<QWidget*>(info.create(m_state, this)) : notAvailablePage(info.name);
        page->setObjectName(info.name);
        m_pages->addWidget(page);
        if (auto* reportPage = qobject_cast<ReportPage*>(page)) { // a tab inside it about to read
            connect(
                reportPage, &ReportPage::roomNeeded, this, [this, reportPage] { makeRoomFor(reportPage); });
            // Work done (What Changed's comparison): the parts it read that no page shows go.
            connect(reportPage, &ReportPage::ready, this, &MainWindow::releaseUnshownParts);
            connect(reportPage, &ReportPage::stoppedWorkEnded, this, &MainWindow::releaseUnshownParts);
        }
    }
}

MainWindow::~MainWindow() = default;

QString MainWindow::lastFolder() const
{
    return QSettings()
        .value(SettingsKey::lastOpenFolder, QStandardPaths::writableLocation(QStandardPaths::HomeLocation))
        .toString();
}

namespace {

// File > Open starts in the folder of the last local report; a remote one leaves it as it was.
void rememberFolder(const QString& path)
{
    const ReportLocation location = ReportLocation::of(path);
    if (!location.remote)
        QSettings().setValue(SettingsKey::lastOpenFolder, location.folder);
}

} // namespace

void MainWindow::compareFiles(const QString& source, const QString& target)
{
    if (source.isEmpty() || target.isEmpty())
        return;
    m_recent->addComparison(source, target);
    rememberFolder(target);
    showProgress(tr("Opening %1 and %2…")
                     .arg(ReportLocation::of(source).fileName, ReportLocation::of(target).fileName));
    m_session->compare(source, target);
}

void MainWindow::openDemo()
{
    openFile(demoProfilePath());
}

void MainWindow::openFile(const QString& path)
{
    if (path.isEmpty())
        return;
    rememberFolder(path);
    const ReportLocation location = ReportLocation::of(path);
    showProgress(location.remote ? tr("Connecting to %1 for %2…").arg(location.folder, location.fileName)
                                 : tr("Opening %1…").arg(location.fileName));
    m_session->open(path);
}

void MainWindow::showProgress(const QString& text)
{
    if (!m_progress) {
        m_progress = new QProgressDialog(this);
        m_progress->setWindowTitle(tr("Opening report"));
        m_progress->setMinimumDuration(300);
        m_progress->setAutoReset(false);
        m_progress->setAutoClose(false);
        m_progress->setMinimumWidth(420);
        connect(m_progress, &QProgressDialog::canceled, m_session, &ReportSession::cancel);
    }
    m_progress->reset();
    m_progress->setRange(0, m_session->stageCount());
    m_progress->setLabelText(text);
    m_progress->setValue(0);
    statusBar()->showMessage(text);
}

void MainWindow::hideProgress()
{
    if (!m_progress)
        return;
    m_progress->reset(); // with autoClose off (two files share one bar) reset alone leaves it shown
    m_progress->hide();
}

void MainWindow::onProgress(int done, int total, const QString& text)
{
    // A slot's last stage can arrive after both reports were handed over: the dialog must not
    // come back then.
    if (!m_progress || !m_session->isLoading())
        return;
    m_progress->setMaximum(total);
    m_progress->setLabelText(text);
    if (done < total)
        m_progress->setValue(done);
}

void MainWindow::onOpened(const QString& source, const QString& target)
{
    hideProgress();
    const PageId current = m_central->currentWidget() == m_reportView ? currentPage() : PageId();
    if (target.isEmpty())
        m_recent->addReport(source);
    updateTitle();
    const auto r = m_state->report();
    const auto describe = [](const LoadedReport& report) {
        const uint32_t ipus = report.summary.target.numIpus;
        return tr("%1 · %2 × %3 tiles")
            .arg(QString::fromStdString(report.summary.target.architecture), countOfText(ipus, "IPU"),
                countText(report.summary.target.tilesPerIpu));
    };
    const auto t = m_state->comparedReport();
    m_statusInfo->setText(t ? tr("Source: %1 · target: %2 · opened in %3 ms")
                                  .arg(describe(*r), describe(*t))
                                  .arg(std::max(r->loadMilliseconds, t->loadMilliseconds))
                            : tr("%1 · opened in %2 ms").arg(describe(*r)).arg(r->loadMilliseconds));
    statusBar()->showMessage(
        target.isEmpty() ? tr("Opened %1").arg(source) : tr("Comparing %1 with %2").arg(source, target),
        4000);
    m_central->setCurrentWidget(m_reportView);
    updateActions();
    // Stay on the page the user was on when it still applies, else the last page used (in this mode);
    // a first comparison opens on What changed, a first report on Summary.
    PageId next = m_pageAfterLoad;
    if (next.isNull() && !current.isNull() && m_registry.find(current)->isAvailable(*m_state))
        next = current;
    if (const PageInfo* last = m_registry.find(QSettings().value(lastPageKey()).toString());
        next.isNull() && last)
        next = last->id;
    if (next.isNull())
        next = target.isEmpty() ? page_ids::summary : page_ids::whatChanged;
    if (!showPage(next))
        showPage(page_ids::summary);
    m_pageAfterLoad = {};
    emit reportOpened(source);
}

void MainWindow::onFailed(const QString& path, const QString& message)
{
    hideProgress();
    statusBar()->showMessage(tr("Could not open %1").arg(ReportLocation::of(path).fileName), 8000);
    emit openFailed(path, message);
    if (!m_interactive)
        return;
    const QString located = showOpenErrorDialog(this, path, message, m_recent);
    if (!located.isEmpty())
        openFile(located);
}

void MainWindow::reload()
{
    if (!m_state->report())
        return;
    showProgress(tr("Reloading…"));
    m_session->reload();
}

void MainWindow::closeReport()
{
    m_session->cancel();
    m_state->clearSelection();
    m_state->setReport(nullptr);
    m_statusInfo->clear();
    m_central->setCurrentWidget(m_start);
    updateTitle();
    updateActions();
}

void MainWindow::swapReports()
{
    m_state->swapReports();
    updateTitle();
}

void MainWindow::leaveCompareMode()
{
    if (!m_state->isComparing())
        return;
    const PageId page = currentPage();
    m_state->setReport(m_state->report());
    updateTitle();
    updateActions();
    if (!showPage(page))
        showPage(page_ids::summary);
}

void MainWindow::updateTitle()
{
    const auto source = m_state->report(), target = m_state->comparedReport();
    if (!source) {
        setWindowTitle(QStringLiteral("popscope"));
        setWindowFilePath(QString());
        return;
    }
    setWindowFilePath(source->path);
    setWindowTitle(target ? tr("%1 → %2 — popscope").arg(source->fileName(), target->fileName())
                          : tr("%1 — popscope").arg(source->fileName()));
    m_sidebar->setFiles(source->fileName(), target ? target->fileName() : QString());
}

void MainWindow::onNavigation(const NavigationTarget& target)
{
    using Kind = NavigationTarget::Kind;
    if (target.kind == Kind::Tile)
        m_state->setSelectedTiles({ target.number });
    if (!showPage(target.page))
        return;
    ReportPage* page = this->page(target.page);
    if (!page || target.kind == Kind::Page || target.kind == Kind::Tile)
        return;
    if (page->isReady())
        page->showRow(target);
    else // the page reads its parts first: the row shows once it has them
        connect(
            page, &ReportPage::ready, page, [page, target] { page->showRow(target); },
            Qt::SingleShotConnection);
}

bool MainWindow::showPage(PageId id)
{
    const PageInfo* info = m_registry.find(id);
    if (!info || !info->create)
        return false;
    if (!m_state->report()) {
        m_pageAfterLoad = info->id; // shown once a report is open
        return false;
    }
    if (!info->isAvailable(*m_state))
        return false;
    const int i = int(info - m_registry.pages().data()); // m_pages holds a widget a page, in order
    if (auto* next = qobject_cast<ReportPage*>(m_pages->widget(i)))
        makeRoomFor(next);
    m_pages->setCurrentIndex(i);
    m_sidebar->setCurrent(info->id);
    m_central->setCurrentWidget(m_reportView);
    if (auto* shown = qobject_cast<ReportPage*>(m_pages->widget(i)))
        shown->activate(); // reads its parts now if it has not yet (also in a hidden window)
    QSettings().setValue(lastPageKey(), info->id.toString()); // the next opening starts here
    return true;
}

void MainWindow::makeRoomFor(ReportPage* next)
{
    m_memoryKeeper.setLimit(PreferencesDialog::storedPageMemoryLimit());
    if (m_memoryKeeper.makeRoomFor(next, reportPages(), { m_state->report(), m_state->comparedReport() }) > 0
        || m_memoryKeeper.partsReleased() > 0)
        returnFreedMemory();
}

void MainWindow::releaseUnshownParts()
{
    spill::releaseResidentPages(); // what the page's work read of the spilled arrays
    m_memoryKeeper.setLimit(PreferencesDialog::storedPageMemoryLimit());
    if (m_memoryKeeper.releaseUnshownParts(reportPages(), { m_state->report(), m_state->comparedReport() })
        > 0)
        returnFreedMemory();
}

std::vector<ReportPage*> MainWindow::reportPages() const
{
    std::vector<ReportPage*> pages;
    for (int i = 0; i < m_pages->count(); ++i)
        if (auto* page = qobject_cast<ReportPage*>(m_pages->widget(i)))
            pages.push_back(page);
    return pages;
}

ReportPage* MainWindow::page(PageId id) const
{
    const PageInfo* info = m_registry.find(id);
    return info ? qobject_cast<ReportPage*>(m_pages->widget(int(info - m_registry.pages().data()))) : nullptr;
}

MemoryPage* MainWindow::memoryPage() const
{
    return m_pages->findChild<MemoryPage*>();
}
SummaryPage* MainWindow::summaryPage() const
{
    return m_pages->findChild<SummaryPage*>();
}
InsightsPage* MainWindow::insightsPage() const
{
    auto* report = m_pages->findChild<InsightsReport*>();
    return report ? report->side(0) : nullptr;
}

QString MainWindow::lastPageKey() const
{
    return m_state->isComparing() ? SettingsKey::lastComparePage : SettingsKey::lastPage;
}

PageId MainWindow::currentPage() const
{
    const int i = m_pages->currentIndex();
    return i >= 0 && size_t(i) < m_registry.pages().size() ? m_registry.pages()[size_t(i)].id : PageId();
}

bool MainWindow::isShowingStartPage() const
{
    return m_central->currentWidget() == m_start;
}

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
    m_swapAction->setEnabled(m_state->isComparing());
    m_leaveAction->setEnabled(m_state->isComparing());
    m_simulateAgainAction->setEnabled(open && !m_state->report()->summary.info.simulationSpecJson.empty());
    for (const auto& [id, action] : m_pageActions)
        action->setEnabled(m_registry.find(id)->isAvailable(*m_state));
    for (const PageInfo& info : m_registry.pages())
        m_sidebar->setAvailable(info.id, info.isAvailable(*m_state),
            info.isAvailable(*m_state) || !open ? QString() : info.unavailableReason());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_session->cancel();
    QSettings().setValue(SettingsKey::windowGeometry, saveGeometry());
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
