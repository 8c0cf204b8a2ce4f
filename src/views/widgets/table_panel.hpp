#pragma once
// A table (or tree) with a filter box, a row count, Copy and Export CSV…; sorting by clicking
// the headers; an empty-state message that says what to do. A flat table is a FlatTableView (a
// QTableView: a QTreeView kept a layout of every row, 82 MiB for bench-huge's 1.4 M variables), a
// tree a QTreeView.
#include <QWidget>

#include <functional>
#include <vector>

class QAbstractItemModel;
class QAbstractItemView;
class QHeaderView;
class QLabel;
class QLayout;
class QLineEdit;
class QStackedWidget;
class QTreeView;

namespace popscope {

class ColumnFitter;
class TableFilterProxy;

class TablePanel : public QWidget {
    Q_OBJECT
public:
    enum class Shape { Table, Tree };
    explicit TablePanel(QAbstractItemModel* source, const QString& exportName, QWidget* parent = nullptr,
        Shape shape = Shape::Table);

    QAbstractItemView* view() const { return m_view; }
    QTreeView* tree() const; // a Tree panel's view; null for a table
    QHeaderView* header() const; // the column header
    void sortByColumn(int column, Qt::SortOrder order);
    void setSortingEnabled(bool enabled); // header clicks sort (on unless turned off)
    bool isSortingEnabled() const;
    QAbstractItemModel* sourceModel() const { return m_source; }
    // Shows another model (compare mode's join of two tables); the filter text stays.
    void setSourceModel(QAbstractItemModel* source);
    // Selects and scrolls to row `row` of the source model (found by the caller from its data, not
    // its text); clears a filter that hides it. False when there is no such row.
    bool showSourceRow(int row);
    ColumnFitter* columnFitter() const { return m_fitter; }
    TableFilterProxy* proxy() const { return m_proxy; }
    QLineEdit* filterEdit() const { return m_filter; }
    void setEmptyText(const QString& text);
    void setFilterVisible(bool visible);
    // Trees whose top level is one Total row: the row count would mislead.
    void setCountVisible(bool visible);
    // Export CSV… writes the file with `exporter` (the path chosen) in place of the rows shown: a
    // query's result, whose rows are not all read.
    void setExporter(std::function<void(const QString& path)> exporter) { m_exporter = std::move(exporter); }
    // An action of the rows' context menu beside Copy and Export CSV, kept when the view is renewed.
    void addRowAction(QAction* action);
    // The source model's rows selected in the view, ascending, each once.
    std::vector<int> selectedSourceRows() const;
    // Persists the filter text under this QSettings key.
    void setFilterSettingsKey(const QString& key);
    // The rows shown (after filtering), for tests.
    int visibleRows() const;
    // Replaces the view by a new one with the same columns, sorting and actions. A view keeps its
    // rows' memory after its model empties (Qt 6's QList::clear keeps the capacity: a QTableView's
    // row header sections, a QTreeView's row layout), for the window's life. A table let go of
    // calls this; its owner must not keep the old view's signals or pointer.
    void renewView();

public slots:
    void copySelection();
    void exportCsv();

private:
    QLayout* buildBar(); // filter, row count, Copy and Export CSV
    void buildView(); // the sortable table or tree over the filter, its columns fitted, its context menu
    void updateState();
    void connectSource(); // to the source's rows added
    void fetchMoreIfEndShown(); // reads more of a source that can, while its last row shows
    QAbstractItemModel* m_source;
    TableFilterProxy* m_proxy;
    Shape m_shape;
    QAbstractItemView* m_view;
    ColumnFitter* m_fitter;
    QLineEdit* m_filter;
    QLabel* m_count;
    QLabel* m_empty;
    QStackedWidget* m_stack;
    QString m_exportName;
    QString m_emptyText;
    QString m_settingsKey;
    std::function<void(const QString& path)> m_exporter;
    QList<QAction*> m_rowActions;
    QMetaObject::Connection m_sourceRowsInserted;
};

} // namespace popscope
