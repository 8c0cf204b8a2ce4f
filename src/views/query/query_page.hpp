#pragma once
// The Query page: SQL over the open report through the query schema (docs/query.md). An editor
// with the schema's tables beside it, Run (Ctrl+Enter) off the GUI thread with Cancel, the result
// in a table that reads its rows as they are shown, sorted by running the query again ordered and
// filtered by text; Copy, Export CSV (every row, not only those read), example queries and the
// history of runs; a row that names a tile, step, variable or program shows it in its page. In
// compare mode the two reports are the schemas `source` and `target`.
#include "views/page/report_page.hpp"

#include <QElapsedTimer>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

namespace popscope {

class QueryResultModel;
class QuerySchemaTree;
class TablePanel;

class QueryPage : public ReportPage {
    Q_OBJECT
public:
    explicit QueryPage(ReportState* state, QWidget* parent = nullptr);

    // Puts `sql` in the editor and runs it (--query, tests).
    void runQuery(const QString& sql);
    void run(); // the editor's query
    void cancel();
    bool isRunning() const;
    // Writes every row of the query shown, as sorted and filtered, to `path` (Export CSV…).
    void exportCsv(const QString& path);
    // Why the last query failed, naming the problem (and for a syntax error, where), or "".
    QString problem() const { return loadError().isEmpty() ? m_problem : loadError(); }
    QString statusText() const;

    QPlainTextEdit* editor() const { return m_editor; }
    QuerySchemaTree* schema() const { return m_schema; }
    QueryResultModel* result() const { return m_result; }
    TablePanel* table() const { return m_table; }
    QToolButton* showInButton() const { return m_showIn; }
    QMenu* examplesMenu() const { return m_examples; }

signals:
    // The query run has shown its first rows, or failed, or was cancelled.
    void queryFinished();
    // An Export CSV has written its file, or failed.
    void exportFinished();

protected:
    void showReports() override;
    void forgetReports() override;

private:
    QWidget* buildEditorPane();
    QWidget* buildResultPane();
    void connectRunner();
    void fillExamples();
    void fillHistory();
    void insertName(const QString& name);
    void onRowsShown();
    void onFailed(const QString& message);
    void setStatus(const QString& text, bool error = false); // in m_error when `error`
    void updateButtons();
    void updateShowIn();

    QuerySchemaTree* m_schema;
    QPlainTextEdit* m_editor;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QMenu* m_examples;
    QMenu* m_history;
    QLabel* m_compareNote;
    QLabel* m_status;
    QLabel* m_error; // in place of m_status while it says why a query or export failed
    QToolButton* m_showIn;
    QueryResultModel* m_result;
    TablePanel* m_table;
    QElapsedTimer m_clock; // since Run
    qint64 m_firstRowsMs = -1; // -1 until the query run shows its first rows
    QString m_problem;
    bool m_exporting = false;
};

} // namespace popscope
