#pragma once
// The Memory report: toolbar (breakdown, order, IPU, options, tile selection, save), the
// memory-by-tile chart with its overview strip, and bottom tabs (Details, Variables, Vertices,
// Exchanges, Compute Sets) for the selected tiles or all tiles.
#include "models/report_state.hpp"

#include "views/widgets/report_page.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QAction;
class QSplitter;

namespace popscope {

class ComparedTable;
class ComputeSetsModel;
class DetailsModel;
class ExchangesModel;
class MemoryChart;
class OverviewStrip;
class TablePanel;
class VariablesModel;
class VerticesModel;

class MemoryPage : public ReportPage {
    Q_OBJECT
public:
    explicit MemoryPage(ReportState* state, QWidget* parent = nullptr);

    MemoryChart* chart() const { return m_chart; }
    QLineEdit* tileEdit() const { return m_tileEdit; }
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* breakdownBox() const { return m_breakdown; }
    QComboBox* compareViewBox() const { return m_compareView; }
    TablePanel* panel(const QString& tabName) const;
    DetailsModel* detailsModel() const { return m_details; }
    VariablesModel* variablesModel() const { return m_variables; }
    // Compare mode's tables ("Variables", "Vertices", "Exchanges", "Compute Sets").
    ComparedTable* comparedTable(const QString& tabName) const;
    // Links from What changed: table "variables", "vertices", "computeSets", "exchanges".
    bool showRow(const QString& table, const QString& rowKey) override;
    // Applies typed text as the selection; returns false and shows the error when invalid.
    bool applyTileText(const QString& text);
    QString tileError() const;

public slots:
    void saveChart();

protected:
    void showReports() override;

private:
    void refreshTables();
    QString scopeText(const QString& formattedSelection, uint32_t commonTiles) const;
    void refreshToolbar();
    void restoreOptions();
    void storeOptions();

    MemoryChart* m_chart;
    OverviewStrip* m_overview;
    QComboBox* m_breakdown;
    QComboBox* m_order;
    QComboBox* m_ipu;
    QComboBox* m_compareView;
    QLabel* m_compareLabel;
    QAction* m_gaps;
    QAction* m_capacity;
    QLineEdit* m_tileEdit;
    QLabel* m_tileError;
    QLabel* m_scope;
    QTabWidget* m_tabs;
    QSplitter* m_splitter;
    DetailsModel* m_details;
    VariablesModel* m_variables;
    VerticesModel* m_vertices;
    ExchangesModel* m_exchanges;
    ComputeSetsModel* m_computeSets;
    VariablesModel* m_variablesTarget;
    VerticesModel* m_verticesTarget;
    ExchangesModel* m_exchangesTarget;
    ComputeSetsModel* m_computeSetsTarget;
    std::vector<TablePanel*> m_panels;
    std::vector<ComparedTable*> m_compared;
};

} // namespace popscope
