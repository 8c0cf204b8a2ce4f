#pragma once
// The Operations report: one row per operation of a software layer (core's OperationAnalysis),
// a column chooser (remembered), filter, sort and CSV; the selected operation's details (totals
// when none is); a bar chart of the top operations by cycles, code size or FLOPs. Compare mode
// joins the two reports' operations by layer, name and debug name.
#include "views/page/report_page.hpp"

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLayout;
class QSplitter;

namespace popscope {

class ComparedTable;
class OperationColumnsButton;
class OperationDetailsView;
class OperationLayerBox;
class OperationsModel;
class SmallChart;
class TablePanel;

class OperationsPage : public ReportPage {
    Q_OBJECT
public:
    explicit OperationsPage(ReportState* state, QWidget* parent = nullptr);
    // An Operation (core's operationKey): switches to its layer when the one shown lacks it, and
    // selects it; an OperationRank: the n-th row as the table is sorted.
    bool showRow(const NavigationTarget& target) override;

    TablePanel* panel() const { return m_panel; }
    OperationsModel* model() const { return m_model; }
    OperationDetailsView* details() const { return m_details; }
    SmallChart* chart() const { return m_chart; }
    QComboBox* layerBox() const;
    QComboBox* chartMetricBox() const { return m_metric; }
    std::string layer() const;
    // The error that keeps the page from showing the report ("" when there is none).
    QString problem() const { return loadError().isEmpty() ? m_problem : loadError(); }
    // Selects the row of the current table (single: model row; compare: join row); tests and --select.
    void selectRow(int row);
    // Hides or shows a column (OperationsModel::Column) and remembers it.
    void setColumnVisible(int column, bool visible);
    bool isColumnVisible(int column) const;

protected:
    void showReports() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildTable(); // the models, the table panel and its compare join
    QLayout* buildToolbar(); // layer, columns, the compare note, the chart's metric
    void followState(); // the unit, the boxes, the columns and the details' links
    void reload();
    void fillLayers();
    void applyColumns();
    void updateSelection();
    void updateChart();
    void updateCompareNote();
    bool showRank(uint32_t rank);
    std::string layerOf(const std::string& operationKey) const; // in either report, or ""

    OperationsModel* m_model;
    OperationsModel* m_targetModel;
    ComparedTable* m_table;
    TablePanel* m_panel;
    OperationDetailsView* m_details;
    SmallChart* m_chart;
    OperationLayerBox* m_layer;
    QComboBox* m_metric;
    OperationColumnsButton* m_columns;
    QLabel* m_note;
    QLabel* m_error; // a damaged part's message, in place of the views
    QSplitter* m_split;
    QString m_problem; // "" when the operations could be read
    int m_chartBars = 0; // bars the chart shows, for its height
};

} // namespace popscope
