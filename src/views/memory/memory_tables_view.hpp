#pragma once
// The Memory page's bottom half: a line saying which tiles the tables cover, and the tabs
// Details, Variables, Vertices, Exchanges and Compute Sets for those tiles (in compare mode each
// table joins both reports' rows: Source / Target / Diff).
#include "models/report_state.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QAbstractItemModel;
class QTabWidget;

namespace popscope {

class ComparedTable;
class ComputeSetsModel;
class DetailsModel;
class ExchangesModel;
class ReportTableModel;
class TablePanel;
class VariablesModel;
class VerticesModel;

class MemoryTablesView : public QWidget {
    Q_OBJECT
public:
    explicit MemoryTablesView(QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }
    TablePanel* panel(const QString& tabName) const;
    ComparedTable* comparedTable(const QString& tabName) const;
    DetailsModel* detailsModel() const { return m_details; }
    VariablesModel* variablesModel() const { return m_variables; }
    // Fills the tables for the state's reports and selected tiles; `formattedSelection` is the
    // selection as typed text ("0, 5, 100-120"), quoted in the scope line.
    void refresh(const ReportState& state, const QString& formattedSelection);
    void setUnit(MemoryUnit unit);
    // Empties every table, so nothing of the reports stays (the page was released).
    void forgetReports();

private:
    void showReports(const std::shared_ptr<const LoadedReport>& report,
        const std::shared_ptr<const LoadedReport>& target, const std::vector<uint32_t>& tiles,
        bool comparing);
    TablePanel* addPanel(QAbstractItemModel* model, const QString& name, const QString& empty);
    void addCompared(ReportTableModel* source, ReportTableModel* target, const QString& name,
        const QString& empty, int sortColumn);

    QLabel* m_scope;
    QTabWidget* m_tabs;
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
