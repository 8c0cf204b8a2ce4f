// The Query page in the real window: a query runs off the GUI thread and shows its first rows; a
// million-row result is read only as it is scrolled; sorting runs the query again ordered; Cancel
// stops a runaway query; a syntax error says where; Export CSV writes every row; a row that names
// a step or a program shows it in its page; compare mode attaches source and target.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "models/query/query_examples.hpp"
#include "models/query/query_history.hpp"
#include "models/query/query_result_model.hpp"
#include "popscope/query.hpp"
#include "views/query/query_page.hpp"
#include "views/query/query_schema_tree.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

constexpr const char* kMillionRows = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT "
                                     "1000000) SELECT x, x * 2 AS twice FROM n";

struct QueryWindow {
    MainWindow window;
    QueryPage* page = nullptr;

    explicit QueryWindow(const QString& source, const QString& target = {})
    {
        REQUIRE(std::filesystem::exists(source.toStdString()));
        window.setInteractive(false);
        window.resize(1400, 900);
        window.show();
        REQUIRE(openReports(window, source, target));
        REQUIRE(showPageAndWait(window, page_ids::query));
        page = qobject_cast<QueryPage*>(window.page(page_ids::query));
        REQUIRE(page);
    }

    // Runs `sql` from the page and waits for its first rows or its error.
    void run(const QString& sql)
    {
        QSignalSpy finished(page, &QueryPage::queryFinished);
        page->runQuery(sql);
        REQUIRE(finished.wait(20000));
    }
    int64_t integer(int row, int column) const
    {
        const auto* value = std::get_if<int64_t>(&page->result()->value(row, column));
        REQUIRE(value);
        return *value;
    }
};

} // namespace

TEST_CASE("the Query page shows a query's rows as core reads them", "[query][gui]")
{
    QueryWindow w(QString::fromUtf8(POPSCOPE_DEMO_PROFILE));
    QAbstractItemModelTester tester(
        w.page->result(), QAbstractItemModelTester::FailureReportingMode::Warning);
    const QString sql = QStringLiteral("SELECT id, name, bytes FROM variables ORDER BY bytes DESC, id");
    w.run(sql);
    CHECK(w.page->problem().isEmpty());
    const QueryResult expected = QuerySession(POPSCOPE_DEMO_PROFILE).run(sql.toStdString());
    REQUIRE(w.page->result()->columns() == QStringList({ "id", "name", "bytes" }));
    const int shown = w.page->result()->rowCount();
    CHECK(size_t(shown) == std::min(expected.rows.size(), QueryRunner::kFirstBatch));
    for (int row = 0; row < std::min(shown, 5); ++row)
        CHECK(w.page->result()->row(row) == expected.rows[size_t(row)]);
    CHECK(QueryHistory::queries().value(0) == sql);
    // Sorting by a column runs the query again ordered by it.
    QSignalSpy finished(w.page, &QueryPage::queryFinished);
    w.page->table()->sortByColumn(0, Qt::AscendingOrder);
    REQUIRE(finished.wait(20000));
    CHECK(w.integer(0, 0) == 0);
    CHECK(w.page->result()->sqlShown().contains(QStringLiteral("ORDER BY 1 ASC")));
}

TEST_CASE("the Query page reads a million-row result only as far as it is scrolled", "[query][gui]")
{
    QueryWindow w(QString::fromUtf8(POPSCOPE_DEMO_PROFILE));
    w.run(QString::fromLatin1(kMillionRows));
    QueryResultModel* result = w.page->result();
    CHECK(size_t(result->rowCount()) == QueryRunner::kFirstBatch);
    CHECK_FALSE(result->isComplete());
    CHECK(w.page->statusText().contains(QStringLiteral("more are read as you scroll")));
    // Scrolling to the end reads the next batch, not the rest.
    QSignalSpy fetched(result->runner(), &QueryRunner::rowsFetched);
    w.page->table()->view()->scrollToBottom();
    REQUIRE(fetched.wait(20000));
    CHECK(size_t(result->rowCount()) == QueryRunner::kFirstBatch + QueryRunner::kBatch);
    // Sorted descending by the second column: its largest value first, the whole result ordered.
    QSignalSpy finished(w.page, &QueryPage::queryFinished);
    w.page->table()->sortByColumn(1, Qt::DescendingOrder);
    REQUIRE(finished.wait(30000));
    CHECK(w.integer(0, 1) == 2000000);
    CHECK(w.integer(1, 1) == 1999998);
}

TEST_CASE("the Query page cancels a runaway query and says where a syntax error is", "[query][gui]")
{
    QueryWindow w(QString::fromUtf8(POPSCOPE_DEMO_PROFILE));
    QSignalSpy finished(w.page, &QueryPage::queryFinished);
    w.page->runQuery(QStringLiteral(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"));
    CHECK(w.page->isRunning());
    QTest::qWait(200);
    w.page->cancel();
    REQUIRE(finished.wait(20000));
    CHECK(w.page->problem() == QStringLiteral("the query was cancelled"));
    CHECK_FALSE(w.page->isRunning());
    w.run(QStringLiteral("SELECT name\nFORM variables"));
    CHECK(
        w.page->problem().startsWith(QStringLiteral("near \"variables\": syntax error at line 2, column 6")));
    CHECK(w.page->statusText().contains(QStringLiteral("  FORM variables\n       ^")));
    w.run(QStringLiteral("DELETE FROM variables"));
    CHECK(w.page->problem().contains(QStringLiteral("read-only")));
}

TEST_CASE("the Query page exports every row of its result, filtered, as CSV", "[query][gui]")
{
    QueryWindow w(QString::fromUtf8(POPSCOPE_DEMO_PROFILE));
    w.run(QStringLiteral("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 5000) "
                         "SELECT x, 'row ' || x AS label FROM n"));
    CHECK_FALSE(w.page->result()->isComplete());
    w.page->table()->filterEdit()->setText(QStringLiteral("ROW 49")); // 49 and 490-499 and 4900-4999
    popscope::test::TempDir dir;
    const QString path = QString::fromStdString(dir.file("result.csv"));
    QSignalSpy exported(w.page, &QueryPage::exportFinished);
    w.page->exportCsv(path);
    REQUIRE(exported.wait(20000));
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    REQUIRE(lines.size() == 1 + 1 + 10 + 100);
    CHECK(lines[0] == QStringLiteral("x,label"));
    CHECK(lines[1] == QStringLiteral("49,row 49"));
    CHECK(lines.last() == QStringLiteral("4999,row 4999"));
    CHECK(w.page->statusText().startsWith(QStringLiteral("Exported 111 rows")));
}

TEST_CASE("a Query row that names a step or a program shows it in its page", "[query][gui]")
{
    QueryWindow w(QString::fromUtf8(POPSCOPE_DEMO_PROFILE));
    w.run(QStringLiteral("SELECT id AS n, program FROM steps WHERE type = 'OnTileExecute' LIMIT 3"));
    REQUIRE(w.page->result()->rowCount() == 3);
    QAbstractItemView* view = w.page->table()->view();
    view->setCurrentIndex(view->model()->index(1, 0));
    QToolButton* showIn = w.page->showInButton();
    REQUIRE(showIn->isEnabled());
    const QList<QAction*> actions = showIn->menu()->actions();
    REQUIRE(actions.size() == 2);
    CHECK(actions[0]->text() == QStringLiteral("Step %1 in Execution Trace").arg(w.integer(1, 0)));
    CHECK(actions[1]->text() == QStringLiteral("Program %1 in Program Tree").arg(w.integer(1, 1)));
    actions[1]->trigger();
    CHECK(w.window.currentPage() == page_ids::programTree);
}

TEST_CASE("the Query page of a comparison queries source and target", "[query][gui][compare]")
{
    const QString a = sampleProfile("batch-4.pop");
    const QString b = sampleProfile("batch-8.pop");
    QueryWindow w(a, b);
    CHECK(w.page->schema()->topLevelItemCount() == 2);
    CHECK(w.page->schema()->topLevelItem(0)->text(0) == QStringLiteral("source"));
    const QString sql = QStringLiteral("SELECT count(*), sum(t.bytes - s.bytes) FROM source.variables s "
                                       "JOIN target.variables t USING (name)");
    w.run(sql);
    REQUIRE(w.page->problem().isEmpty());
    const QueryResult expected = QuerySession(a.toStdString(), b.toStdString()).run(sql.toStdString());
    REQUIRE(w.page->result()->rowCount() == 1);
    CHECK(w.page->result()->row(0) == expected.rows.at(0));
    CHECK(w.integer(0, 0) > 0);
}

TEST_CASE("every example the Query page offers runs on the sample profiles", "[query][gui]")
{
    QuerySession single(POPSCOPE_DEMO_PROFILE);
    QuerySession pair(sampleProfile("batch-4.pop").toStdString(), sampleProfile("batch-8.pop").toStdString());
    for (const QueryExample& example : queryExamples()) {
        INFO(example.title.toStdString());
        const QueryResult result = (example.comparison ? pair : single).run(example.sql.toStdString());
        CHECK_FALSE(result.columns.empty());
        CHECK_FALSE(result.rows.empty());
    }
}
