#pragma once
// The popscope window: start page, report sidebar and pages, menus, settings, drag and drop,
// asynchronous opening with progress and cancel, and readable error dialogs.
#include "app/page_memory_keeper.hpp"
#include "app/page_registry.hpp"
#include "models/report_state.hpp"

#include <QMainWindow>
#include <QStringList>

class QAction;
class QLabel;
class QMenu;
class QProgressDialog;
class QStackedWidget;

namespace popscope {

class CompareBar;
class FileChangedBar;
class InsightsPage;
class MemoryPage;
class RecentFiles;
class ReportPage;
class SeriesPage;
class SimulationDialog;
class ReportSession;
class ReportSidebar;
class StartPage;
class SummaryPage;
class UserGuideDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ReportState* state() const { return m_state; }
    ReportSession* session() const { return m_session; }
    const PageRegistry& pages() const { return m_registry; }
    // The page registered as `id`, or null when it is planned or unknown.
    ReportPage* page(PageId id) const;
    // Convenience for tests and scripts (found by type, not wired by name).
    MemoryPage* memoryPage() const;
    SummaryPage* summaryPage() const;
    InsightsPage* insightsPage() const; // the source side
    StartPage* startPage() const { return m_start; }
    ReportSidebar* sidebar() const { return m_sidebar; }
    CompareBar* compareBar() const { return m_compareBar; }
    FileChangedBar* fileChangedBar() const { return m_fileChangedBar; }
    PageId currentPage() const; // the page the report view shows (page_ids::memory)
    bool isShowingStartPage() const;
    // When false, errors are reported through the openFailed signal only (tests, screenshots).
    void setInteractive(bool interactive) { m_interactive = interactive; }

public slots:
    void openFile(const QString& path);
    void openDemo();
    void showOpenDialog();
    void showOpenRemoteDialog();
    void showCompareDialog();
    void compareFiles(const QString& source, const QString& target);
    void reload();
    void closeReport();
    void swapReports();
    void leaveCompareMode();
    // False when unknown or not available now (with no report open: shown once one is).
    bool showPage(PageId id);
    void showPreferences();
    // Help ▸ User Guide: the guide compiled into the program, in a non-modal window.
    UserGuideDialog* showUserGuide();
    RecentFiles* recentFiles() const { return m_recent; }
    QMenu* recentMenu() const { return m_recentMenu; } // File ▸ Open Recent
    // File ▸ New Simulation…: the dialog, window-modal; it opens or compares what it wrote.
    SimulationDialog* showSimulationDialog();
    // File ▸ Simulate Again With…: the same, filled in from the spec the shown report stores; null
    // when the report was not simulated.
    SimulationDialog* simulateAgain();
    // The Sweep page over `paths` in that order (a sweep's reports, or File ▸ Open Series…).
    SeriesPage* showSeries(
        const QStringList& paths, const QStringList& labels = {}, const QString& parameter = {});
    void showOpenSeriesDialog();
    SeriesPage* seriesPage() const { return m_series; }

signals:
    void reportOpened(const QString& path); // the source's path, once every slot has loaded
    void openFailed(const QString& path, const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildPages();
    void buildReportView(); // the sidebar, the compare and file-changed bars over the pages
    void buildMenus(); // main_window_menus.cpp
    void buildFileMenu();
    void buildViewMenu();
    void buildCompareAndHelpMenus();
    void followState(); // the sidebar, the start page, the bars, the session and the shared state
    void rebuildRecentMenu();
    void onSimulationDialogClosed(SimulationDialog* dialog); // main_window_simulation.cpp
    void onOpened(const QString& source, const QString& target);
    void onFailed(const QString& path, const QString& message);
    void onProgress(int done, int total, const QString& text);
    void onNavigation(const NavigationTarget& target);
    void updateTitle();
    void updateActions();
    void showProgress(const QString& text);
    void hideProgress();
    void makeRoomFor(ReportPage* next); // lets go of pages shown long ago (PageMemoryKeeper)
    void releaseUnshownParts(); // over the keeper's limit, the parts no page shows
    std::vector<ReportPage*> reportPages() const;
    QString lastFolder() const;
    QString lastPageKey() const; // the settings key of the last page used, one per mode

    PageRegistry m_registry;
    ReportState* m_state;
    ReportSession* m_session;
    RecentFiles* m_recent;
    QStackedWidget* m_central;
    StartPage* m_start;
    QWidget* m_reportView;
    ReportSidebar* m_sidebar;
    CompareBar* m_compareBar;
    FileChangedBar* m_fileChangedBar;
    QStackedWidget* m_pages;
    PageMemoryKeeper m_memoryKeeper;
    QProgressDialog* m_progress = nullptr;
    UserGuideDialog* m_guide = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_swapAction = nullptr;
    QAction* m_leaveAction = nullptr;
    QAction* m_simulateAgainAction = nullptr;
    QAction* m_seriesAction = nullptr;
    SeriesPage* m_series = nullptr;
    std::vector<std::pair<PageId, QAction*>> m_pageActions; // View menu, one per page, in registry order
    QLabel* m_statusInfo;
    PageId m_pageAfterLoad;
    bool m_interactive = true;
};

} // namespace popscope
