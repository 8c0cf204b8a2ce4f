#include "views/query/query_page.hpp"

#include "models/loaded_report.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/query/query_examples.hpp"
#include "models/query/query_history.hpp"
#include "models/query/query_links.hpp"
#include "models/query/query_result_model.hpp"
#include "models/report_state.hpp"
#include "models/table_filter_proxy.hpp"
#include "views/page/page_parts.hpp"
#include "views/query/query_schema_tree.hpp"
#include "views/widgets/column_fitter.hpp"
#include "views/widgets/table_panel.hpp"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

QueryPage::QueryPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
    , m_result(new QueryResultModel(this))
{
    m_schema = new QuerySchemaTree(this);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(buildEditorPane());
    right->addWidget(buildResultPane());
    right->setStretchFactor(1, 1);
    right->setSizes({ 200, 500 });
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_schema);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({ 260, 900 });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addWidget(split);

    connect(m_schema, &QuerySchemaTree::nameChosen, this, &QueryPage::insertName);
    for (const auto& keys :
        { QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter) }) {
        auto* shortcut = new QShortcut(keys, this, this, &QueryPage::run);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    }
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &QueryPage::cancel);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connectRunner();
    fillExamples();
    updateButtons();
}

QWidget* QueryPage::buildEditorPane()
{
    auto* pane = new QWidget(this);
    m_editor = new QPlainTextEdit(pane);
    m_editor->setObjectName(QStringLiteral("queryEditor"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(tr("SELECT name, bytes FROM variables ORDER BY bytes DESC LIMIT 20\n\n"
                                    "Ctrl+Enter runs the query; Examples has more to start from."));
    m_editor->setTabChangesFocus(true);
    m_run = new QPushButton(tr("Run"), pane);
    m_run->setToolTip(tr("Run the query (Ctrl+Enter)"));
    m_run->setDefault(false);
    m_cancel = new QPushButton(tr("Cancel"), pane);
    m_cancel->setToolTip(tr("Stop the query (Esc)"));
    auto* examples = new QToolButton(pane);
    examples->setText(tr("Examples"));
    examples->setPopupMode(QToolButton::InstantPopup);
    m_examples = new QMenu(examples);
    examples->setMenu(m_examples);
    auto* history = new QToolButton(pane);
    history->setText(tr("History"));
    history->setToolTip(tr("The queries run before, newest first"));
    history->setPopupMode(QToolButton::InstantPopup);
    m_history = new QMenu(history);
    history->setMenu(m_history);
    connect(m_history, &QMenu::aboutToShow, this, &QueryPage::fillHistory);
    m_compareNote = new QLabel(pane);
    m_compareNote->setTextFormat(Qt::PlainText);
    m_compareNote->setForegroundRole(QPalette::PlaceholderText);
    m_compareNote->setVisible(false);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    bar->addWidget(examples);
    bar->addWidget(history);
    bar->addSpacing(8);
    bar->addWidget(m_compareNote);
    bar->addStretch(1);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(m_editor, 1);
    connect(m_run, &QPushButton::clicked, this, &QueryPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &QueryPage::cancel);
    return pane;
}

QWidget* QueryPage::buildResultPane()
{
    auto* pane = new QWidget(this);
    m_status = new QLabel(pane);
    m_status->setObjectName(QStringLiteral("queryStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    // The page's red error label, in a fixed font so a syntax error's caret points at its place.
    m_error = PageParts::errorLabel(pane);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_showIn = new QToolButton(pane);
    m_showIn->setText(tr("Show in"));
    m_showIn->setToolTip(
        tr("Show what the current row names (a tile, step, variable or program) in its page"));
    m_showIn->setPopupMode(QToolButton::InstantPopup);
    m_showIn->setMenu(new QMenu(m_showIn));
    m_table = new TablePanel(m_result, tr("query"), pane);
    m_table->proxy()->setSortsInSource(true);
    m_table->setEmptyText(tr("Run a query (Ctrl+Enter) to see its rows here.\nExamples has some to "
                             "start from; the tables and their columns are listed on the left."));
    m_table->setExporter([this](const QString& path) { exportCsv(path); });
    connect(m_table->view()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &QueryPage::updateShowIn);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_error, 1);
    bar->addWidget(m_showIn);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    return pane;
}

void QueryPage::connectRunner()
{
    QueryRunner* runner = m_result->runner();
    connect(runner, &QueryRunner::busyChanged, this, &QueryPage::updateButtons);
    // A run, or a sort that runs the query again ordered.
    connect(m_result, &QueryResultModel::queryStarted, this, [this] {
        m_problem.clear();
        m_firstRowsMs = -1;
        m_clock.start();
        setStatus(tr("Running…"));
        updateButtons();
    });
    connect(runner, &QueryRunner::started, this, [this] { m_firstRowsMs = m_clock.elapsed(); });
    // The first column of text takes the room the others leave (a name, a type), else the last.
    connect(runner, &QueryRunner::rowsFetched, this, [this] {
        if (m_result->rowCount() == 0 || m_result->rowCount() > int(QueryRunner::kFirstBatch))
            return;
        int nameColumn = m_result->columnCount() - 1;
        for (int c = 0; c < m_result->columnCount(); ++c)
            if (std::holds_alternative<std::string>(m_result->value(0, c))) {
                nameColumn = c;
                break;
            }
        m_table->columnFitter()->setNameColumn(std::max(nameColumn, 0));
    });
    // After the model's own handlers (connected when it was made): the rows are in it.
    connect(runner, &QueryRunner::rowsFetched, this, &QueryPage::onRowsShown);
    connect(runner, &QueryRunner::failed, this, &QueryPage::onFailed);
    connect(runner, &QueryRunner::exported, this, [this](qint64 rows, const QString& path) {
        m_exporting = false;
        setStatus(tr("Exported %1 rows to %2").arg(countText(uint64_t(rows)), path));
        emit exportFinished();
    });
}

void QueryPage::fillExamples()
{
    m_examples->clear();
    for (const QueryExample& example : queryExamples()) {
        QAction* action = m_examples->addAction(example.title, this, [this, sql = example.sql] {
            m_editor->setPlainText(sql);
            m_editor->setFocus();
        });
        const bool available = !example.comparison || state()->isComparing();
        action->setEnabled(available);
        if (example.comparison)
            action->setToolTip(tr("Compares two reports: open a comparison to run it"));
    }
    m_examples->setToolTipsVisible(true);
}

void QueryPage::fillHistory()
{
    m_history->clear();
    const QStringList queries = QueryHistory::queries();
    for (const QString& sql : queries) {
        QString title = sql.simplified();
        if (title.size() > 90)
            title = title.left(90) + QChar(0x2026);
        m_history->addAction(title, this, [this, sql] { m_editor->setPlainText(sql); });
    }
    if (queries.isEmpty()) {
        m_history->addAction(tr("No queries run yet"))->setEnabled(false);
        return;
    }
    m_history->addSeparator();
    m_history->addAction(tr("Clear History"), this, [] { QueryHistory::clear(); });
}

void QueryPage::insertName(const QString& name)
{
    m_editor->insertPlainText(name);
    m_editor->setFocus();
}

void QueryPage::showReports()
{
    const auto report = state()->report();
    const auto compared = state()->comparedReport();
    m_result->runner()->setReports(report ? report->path : QString(), compared ? compared->path : QString());
    m_schema->setComparing(bool(compared));
    m_compareNote->setVisible(bool(compared));
    if (report && compared)
        m_compareNote->setText(tr("source = %1, target = %2 (a table named alone is the source's)")
                                   .arg(report->fileName(), compared->fileName()));
    fillExamples();
    if (m_editor->toPlainText().trimmed().isEmpty()) {
        const QStringList history = QueryHistory::queries();
        m_editor->setPlainText(history.isEmpty() ? queryExamples().front().sql : history.front());
    }
    updateButtons();
}

void QueryPage::forgetReports()
{
    m_result->clear();
    m_result->runner()->setReports({});
    m_problem.clear();
    setStatus({});
    updateShowIn();
}

void QueryPage::runQuery(const QString& sql)
{
    m_editor->setPlainText(sql);
    run();
}

void QueryPage::run()
{
    const QString sql = m_editor->toPlainText();
    if (sql.trimmed().isEmpty() || !state()->report())
        return;
    QueryHistory::add(sql);
    m_table->setEmptyText(tr("Running the query…"));
    // A new query starts unsorted: the header's arrow would name a column of the last one.
    m_table->header()->setSortIndicator(-1, Qt::AscendingOrder);
    m_result->run(sql);
}

void QueryPage::cancel()
{
    if (isRunning())
        m_result->runner()->cancel();
}

bool QueryPage::isRunning() const
{
    return m_result->runner()->isBusy();
}

QString QueryPage::statusText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : m_status->text();
}

void QueryPage::onRowsShown()
{
    const int rows = m_result->rowCount();
    const QString time = tr("%1 ms").arg(countText(uint64_t(std::max<qint64>(m_firstRowsMs, 0))));
    if (m_result->isComplete())
        setStatus(rows == 0
                ? tr("The query returned no rows (%1).").arg(time)
                : tr("%1 rows, %2 columns in %3")
                      .arg(countText(uint64_t(rows)), countText(uint64_t(m_result->columnCount())), time));
    else
        setStatus(tr("The first %1 rows in %2; more are read as you scroll down.")
                      .arg(countText(uint64_t(rows)), time));
    if (m_result->columnCount() > 0 && rows == 0)
        m_table->setEmptyText(tr("The query returned no rows."));
    updateShowIn();
    emit queryFinished();
}

void QueryPage::onFailed(const QString& message)
{
    if (m_exporting) {
        m_exporting = false;
        setStatus(tr("Export failed: %1").arg(message), true);
        emit exportFinished();
        return;
    }
    m_problem = message;
    setStatus(message, true);
    if (m_firstRowsMs < 0) // the query itself failed: the rows shown are the last query's
        m_result->clear();
    if (m_result->columnCount() == 0)
        m_table->setEmptyText(tr("The query failed: its error is above. Fix the query and run it again."));
    emit queryFinished();
}

void QueryPage::setStatus(const QString& text, bool error)
{
    (error ? m_error : m_status)->setText(text);
    m_error->setVisible(error);
    m_status->setVisible(!error);
}

void QueryPage::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(bool(state()->report()));
    m_cancel->setEnabled(running);
}

void QueryPage::updateShowIn()
{
    QMenu* menu = m_showIn->menu();
    menu->clear();
    const QModelIndex current = m_table->view()->currentIndex();
    const QModelIndex source = current.isValid() ? m_table->proxy()->mapToSource(current) : QModelIndex();
    if (source.isValid())
        for (const QueryLink& link : queryRowLinks(m_result->origins(), m_result->row(source.row())))
            menu->addAction(
                link.text, this, [this, target = link.target] { state()->requestNavigation(target); });
    m_showIn->setEnabled(!menu->isEmpty());
}

void QueryPage::exportCsv(const QString& path)
{
    if (m_result->sql().isEmpty())
        return;
    m_exporting = true;
    setStatus(tr("Exporting every row to %1…").arg(path));
    m_result->runner()->exportCsv(m_result->sqlShown(), m_table->filterEdit()->text().trimmed(), path);
}

} // namespace popscope
