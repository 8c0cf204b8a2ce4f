#pragma once
// The Memory report: toolbar (breakdown, order, IPU, options, tile selection, save), the
// memory-by-tile chart with its overview strip, and bottom tabs (Details, Variables, Vertices,
// Exchanges, Compute Sets) for the selected tiles or all tiles.
#include "models/report_state.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QAction;
class QSplitter;

namespace popscope {

class ComputeSetsModel;
class DetailsModel;
class ExchangesModel;
class MemoryChart;
class OverviewStrip;
class TablePanel;
class VariablesModel;
class VerticesModel;

class MemoryPage : public QWidget {
    Q_OBJECT
public:
    explicit MemoryPage(ReportState* state, QWidget* parent = nullptr);

    MemoryChart* chart() const { return m_chart; }
    QLineEdit* tileEdit() const { return m_tileEdit; }
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* breakdownBox() const { return m_breakdown; }
    TablePanel* panel(const QString& tabName) const;
    DetailsModel* detailsModel() const { return m_details; }
    VariablesModel* variablesModel() const { return m_variables; }
    // Applies typed text as the selection; returns false and shows the error when invalid.
    bool applyTileText(const QString& text);
    QString tileError() const;

public slots:
    void saveChart();

private:
    void refreshTables();
    void refreshToolbar();
    void restoreOptions();
    void storeOptions();

    ReportState* m_state;
    MemoryChart* m_chart;
    OverviewStrip* m_overview;
    QComboBox* m_breakdown;
    QComboBox* m_order;
    QComboBox* m_ipu;
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
    std::vector<TablePanel*> m_panels;
};

} // namespace popscope
