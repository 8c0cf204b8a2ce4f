#pragma once
// The popscope window: start page, report sidebar and pages, menus, settings, drag and drop,
// asynchronous opening with progress and cancel, and readable error dialogs.
#include "models/report_state.hpp"

#include <QMainWindow>
#include <QStringList>

class QAction;
class QLabel;
class QMenu;
class QProgressDialog;
class QStackedWidget;

namespace popscope {

class InsightsPage;
class MemoryPage;
class RecentFiles;
class ReportLoader;
class ReportSidebar;
class StartPage;
class SummaryPage;
class UserGuideDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    static QStringList reportNames(); // sidebar order
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ReportState* state() const { return m_state; }
    ReportLoader* loader() const { return m_loader; }
    MemoryPage* memoryPage() const { return m_memory; }
    SummaryPage* summaryPage() const { return m_summary; }
    InsightsPage* insightsPage() const { return m_insights; }
    StartPage* startPage() const { return m_start; }
    ReportSidebar* sidebar() const { return m_sidebar; }
    QString currentPage() const;
    bool isShowingStartPage() const;
    // When false, errors are reported through the openFailed signal only (tests, screenshots).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    static QString demoProfilePath();

public slots:
    void openFile(const QString& path);
    void openDemo();
    void showOpenDialog();
    void showCompareDialog();
    void compareFiles(const QString& source, const QString& target);
    void reload();
    void closeReport();
    bool showPage(const QString& name);
    void showPreferences();
    // Help ▸ User Guide: the guide compiled into the program, in a non-modal window.
    UserGuideDialog* showUserGuide();

signals:
    void reportOpened(const QString& path);
    void openFailed(const QString& path, const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void rebuildRecentMenu();
    void onLoaded(std::shared_ptr<LoadedReport> report);
    void onFailed(const QString& path, const QString& message);
    void onProgress(int stage, int stageCount, const QString& message);
    void updateActions();
    QString lastFolder() const;

    ReportState* m_state;
    ReportLoader* m_loader;
    RecentFiles* m_recent;
    QStackedWidget* m_central;
    StartPage* m_start;
    QWidget* m_reportView;
    ReportSidebar* m_sidebar;
    QStackedWidget* m_pages;
    QLabel* m_banner;
    SummaryPage* m_summary;
    InsightsPage* m_insights;
    MemoryPage* m_memory;
    QProgressDialog* m_progress = nullptr;
    UserGuideDialog* m_guide = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QList<QAction*> m_pageActions;
    QLabel* m_statusInfo;
    QString m_pendingCompareTarget;
    QString m_pageAfterLoad;
    bool m_interactive = true;
};

} // namespace popscope
