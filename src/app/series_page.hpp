#pragma once
// The Sweep page: reports side by side in the order given (a sweep's values, or any reports from
// File ▸ Open Series…), one row each with memory, fits, peak liveness and cycles, the largest that
// fits in bold and the largest jump named; a chart of memory and cycles against the parameter with
// the capacity line. Any row opens its report; any two rows compare.
#include "popscope/series.hpp"

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace popscope {

class SeriesTableModel;
class SmallChart;

class SeriesPage : public QWidget {
    Q_OBJECT
public:
    explicit SeriesPage(QWidget* parent = nullptr);
    ~SeriesPage() override;

    // Reads the reports off the GUI thread; `labels` default to the files' names.
    void load(const QStringList& paths, const QStringList& labels = {}, const QString& parameter = {});
    bool isLoading() const;
    void waitForLoaded(); // tests and scripted screenshots
    const SeriesTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString errorText() const { return m_error; }

signals:
    void openRequested(const QString& path);
    void compareRequested(const QString& source, const QString& target);
    void loaded();

private:
    void buildTitleAndTable();
    void onLoaded();
    void updateChart();
    void fitTableHeight();
    void updateButtons();
    void exportCsv();
    QStringList selectedPaths() const;
    SeriesTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    SmallChart* m_chart;
    QLabel* m_title;
    QLabel* m_verdict;
    QPushButton* m_open;
    QPushButton* m_compare;
    QFutureWatcher<SeriesTable>* m_watcher;
    QString m_error;
};

} // namespace popscope
