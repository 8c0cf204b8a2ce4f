#include "views/widgets/table_panel.hpp"

#include "models/csv_exporter.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/table_filter_proxy.hpp"
#include "views/widgets/column_fitter.hpp"
#include "views/widgets/flat_table_view.hpp"
#include "views/widgets/save_dialog.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace popscope {

TablePanel::TablePanel(QAbstractItemModel* source, const QString& exportName, QWidget* parent, Shape shape)
    : QWidget(parent)
    , m_source(source)
    , m_shape(shape)
    , m_exportName(exportName)
{
    m_proxy = new TableFilterProxy(this);
    m_proxy->setSourceModel(source);

    QLayout* bar = buildBar();
    buildView();

    m_empty = new QLabel(this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_view);
    m_stack->addWidget(m_empty);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterText(text);
        if (!m_settingsKey.isEmpty())
            QSettings().setValue(m_settingsKey, text);
        updateState();
    });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] { updateState(); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &TablePanel::updateState);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &TablePanel::updateState);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &TablePanel::updateState);
    connectSource();
    updateState();
}

QLayout* TablePanel::buildBar()
{
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Show only rows containing this text in any column"));
    m_filter->setMaximumWidth(320);
    m_count = new QLabel(this);
    m_count->setForegroundRole(QPalette::PlaceholderText);
    auto* copy = new QPushButton(tr("Copy"), this);
    copy->setToolTip(tr("Copy the selected rows (or the whole table) as tab-separated text"));
    auto* exportButton = new QPushButton(tr("Export CSV…"), this);
    exportButton->setToolTip(tr("Save the rows shown as a CSV file (sizes in bytes)"));

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    bar->addStretch(1);
    bar->addWidget(copy);
    bar->addWidget(exportButton);
    connect(copy, &QPushButton::clicked, this, &TablePanel::copySelection);
    connect(exportButton, &QPushButton::clicked, this, &TablePanel::exportCsv);
    return bar;
}

QTreeView* TablePanel::tree() const
{
    return qobject_cast<QTreeView*>(m_view);
}

QHeaderView* TablePanel::header() const
{
    if (QTreeView* t = tree())
        return t->header();
    return static_cast<QTableView*>(m_view)->horizontalHeader();
}

void TablePanel::sortByColumn(int column, Qt::SortOrder order)
{
    if (QTreeView* t = tree())
        t->sortByColumn(column, order);
    else
        static_cast<QTableView*>(m_view)->sortByColumn(column, order);
}

void TablePanel::setSortingEnabled(bool enabled)
{
    if (QTreeView* t = tree())
        t->setSortingEnabled(enabled);
    else
        static_cast<QTableView*>(m_view)->setSortingEnabled(enabled);
}

bool TablePanel::isSortingEnabled() const
{
    if (const QTreeView* t = tree())
        return t->isSortingEnabled();
    return static_cast<const QTableView*>(m_view)->isSortingEnabled();
}

void TablePanel::buildView()
{
    if (m_shape == Shape::Tree) {
        auto* tree = new QTreeView(this);
        tree->setUniformRowHeights(true);
        m_view = tree;
    } else {
        m_view = new FlatTableView(this);
    }
    m_view->setModel(m_proxy);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    setSortingEnabled(true);
    header()->setSectionsMovable(true);
    header()->setDefaultSectionSize(120);
    header()->setMinimumSectionSize(60);
    // Numbers fit their contents; the name column takes the rest, elided in the middle.
    m_fitter = new ColumnFitter(m_view, header(), 220);
    sortByColumn(-1, Qt::AscendingOrder);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copyAction = new QAction(tr("Copy"), m_view);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetShortcut);
    connect(copyAction, &QAction::triggered, this, &TablePanel::copySelection);
    m_view->addAction(copyAction);
    auto* exportAction = new QAction(tr("Export CSV…"), m_view);
    connect(exportAction, &QAction::triggered, this, &TablePanel::exportCsv);
    m_view->addAction(exportAction);
    m_view->addActions(m_rowActions);
}

void TablePanel::addRowAction(QAction* action)
{
    m_rowActions << action;
    m_view->addAction(action);
}

std::vector<int> TablePanel::selectedSourceRows() const
{
    std::vector<int> rows;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows())
        rows.push_back(m_proxy->mapToSource(index).row());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

void TablePanel::renewView()
{
    QAbstractItemView* old = m_view;
    const QByteArray state = header()->saveState(); // widths, order, hidden, sort indicator
    const bool sorting = isSortingEnabled();
    const bool decorated = tree() && tree()->rootIsDecorated();
    buildView();
    if (QTreeView* t = tree())
        t->setRootIsDecorated(decorated);
    setSortingEnabled(sorting);
    m_view->setSelectionMode(old->selectionMode());
    m_view->setToolTip(old->toolTip());
    header()->restoreState(state);
    const bool shown = m_stack->currentWidget() == old;
    m_stack->insertWidget(m_stack->indexOf(old), m_view);
    if (shown)
        m_stack->setCurrentWidget(m_view);
    QWidget::setTabOrder(old, m_view); // where the old one was in the Tab chain, not last
    m_stack->removeWidget(old);
    old->deleteLater(); // its ColumnFitter and actions with it
    updateState();
}

void TablePanel::setSourceModel(QAbstractItemModel* source)
{
    if (source == m_source)
        return;
    m_source = source;
    m_proxy->setSourceModel(source);
    connectSource();
    updateState();
}

void TablePanel::connectSource()
{
    disconnect(m_sourceRowsInserted);
    if (!m_source)
        return;
    // After the proxy and the view took the rows in: whether more must be read, and the count's "+".
    m_sourceRowsInserted = connect(
        m_source, &QAbstractItemModel::rowsInserted, this,
        [this] {
            updateState();
            fetchMoreIfEndShown();
        },
        Qt::QueuedConnection);
}

bool TablePanel::showSourceRow(int row)
{
    if (!m_source || row < 0 || row >= m_source->rowCount())
        return false;
    auto find = [this, row] { return m_proxy->mapFromSource(m_source->index(row, 0)); };
    QModelIndex hit = find();
    if (!hit.isValid() && !m_filter->text().isEmpty()) {
        m_filter->clear();
        hit = find();
    }
    if (!hit.isValid())
        return false;
    m_view->selectionModel()->setCurrentIndex(
        hit, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(hit, QAbstractItemView::PositionAtCenter);
    return true;
}

void TablePanel::setEmptyText(const QString& text)
{
    m_emptyText = text;
    updateState();
}

// Trees (Details) have no filter, and their top-level row count would mislead: both go.
void TablePanel::setFilterVisible(bool visible)
{
    m_filter->setVisible(visible);
    m_count->setVisible(visible);
}

void TablePanel::setCountVisible(bool visible)
{
    m_count->setVisible(visible);
}

void TablePanel::setFilterSettingsKey(const QString& key)
{
    m_settingsKey = key;
    m_filter->setText(QSettings().value(key).toString());
}

int TablePanel::visibleRows() const
{
    return m_proxy->rowCount();
}

void TablePanel::updateState()
{
    const int total = m_source ? m_source->rowCount() : 0;
    const int shown = m_proxy->rowCount();
    // A source that reads its rows as they are shown (a query's result) may hold more than read.
    const bool more = m_source && m_source->canFetchMore({});
    const QString totalText = countText(uint64_t(total)) + (more ? QStringLiteral("+") : QString());
    if (total == 0 && !more) {
        m_empty->setText(m_emptyText.isEmpty() ? tr("Nothing to show.") : m_emptyText);
        m_stack->setCurrentWidget(m_empty);
    } else if (shown == 0 && !more) {
        m_empty->setText(tr("No rows contain “%1”. Clear the filter to see all %2 rows.")
                             .arg(m_filter->text(), totalText));
        m_stack->setCurrentWidget(m_empty);
    } else {
        m_stack->setCurrentWidget(m_view);
    }
    m_count->setText(shown == total ? tr("%1 rows").arg(totalText)
                                    : tr("%1 of %2 rows").arg(countText(uint64_t(shown)), totalText));
}

void TablePanel::fetchMoreIfEndShown()
{
    // The view asks for more when its last row shows, but only after rows were added to it: rows
    // the filter hides leave it waiting.
    if (!m_proxy->canFetchMore({}))
        return;
    const int last = m_proxy->rowCount() - 1;
    if (last < 0 || m_view->viewport()->rect().intersects(m_view->visualRect(m_proxy->index(last, 0))))
        m_proxy->fetchMore({});
}

void TablePanel::copySelection()
{
    QModelIndexList cells = m_view->selectionModel()->selectedIndexes();
    QString text;
    if (cells.isEmpty()) {
        text = CsvExporter::toCsv(*m_proxy);
    } else {
        QStringList header;
        for (int c = 0; c < m_proxy->columnCount(); ++c)
            header << m_proxy->headerData(c, Qt::Horizontal).toString();
        text = header.join(QLatin1Char('\t')) + QLatin1Char('\n') + CsvExporter::toTsv(*m_proxy, cells);
    }
    QApplication::clipboard()->setText(text);
}

void TablePanel::exportCsv()
{
    const QString path = askSavePath(this, tr("Export %1 as CSV").arg(m_exportName),
        m_exportName + QStringLiteral(".csv"), tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    if (m_exporter) {
        m_exporter(path);
        return;
    }
    QString error;
    if (!CsvExporter::writeFile(*m_proxy, path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace popscope
