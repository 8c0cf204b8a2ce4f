#pragma once
// The page shown when no report is open: open, compare, demo, and the recent lists (each entry
// removable).
#include <QWidget>

#include <functional>

class QLayout;
class QListWidget;
class QPushButton;
class QTabWidget;

namespace popscope {

class RecentFiles;

class StartPage : public QWidget {
    Q_OBJECT
public:
    StartPage(RecentFiles* recent, const QString& demoPath, QWidget* parent = nullptr);
    QListWidget* recentReports() const { return m_reports; }
    QListWidget* recentComparisons() const { return m_comparisons; }

signals:
    void openRequested();
    void openRemoteRequested();
    void compareRequested();
    void demoRequested();
    void simulateRequested();
    void openPath(const QString& path);
    void comparePaths(const QString& source, const QString& target);

private:
    QLayout* buildTitle(); // the logo, the name and what popscope is
    QLayout* buildActions(); // the title, Open, Compare, the demo and the drop hint
    void buildRecentLists(); // the recent reports' and comparisons' tabs
    void refresh();
    QWidget* entryWidget(
        const QString& title, const QString& subtitle, bool missing, std::function<void()> remove);
    RecentFiles* m_recent;
    QString m_demoPath;
    QListWidget* m_reports;
    QListWidget* m_comparisons;
    QTabWidget* m_tabs;
    QPushButton* m_demo;
};

} // namespace popscope
