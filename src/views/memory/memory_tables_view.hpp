#pragma once
// The Memory page's bottom half: a line saying which tiles the tables cover, and the tabs
// Details, Variables, Vertices, Exchanges and Compute Sets for those tiles (in compare mode each
// table joins both reports' rows: Source / Target / Diff). Details needs only memory by tile; each
// other tab is a MemoryTablePage that reads its own parts when first shown.
#include "models/report_parts.hpp"
#include "models/report_state.hpp"
#include "views/widgets/table_panel.hpp"

#include <QWidget>

#include <array>
#include <string>
#include <vector>

class QLabel;
class QAbstractItemModel;
class QTabWidget;

namespace popscope {

class ComparedTable;
class ComputeSetsModel;
class DetailsModel;
class ExchangesModel;
class MemoryTablePage;
class ReportTableModel;
class VariablesModel;
class VerticesModel;

// The tabs, in their order: the key --tab, links and code find a tab by (never its caption).
enum class MemoryTab { Details, Variables, Vertices, Exchanges, ComputeSets };

class MemoryTablesView : public QWidget {
    Q_OBJECT
public:
    MemoryTablesView(ReportState* state, QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }
    TablePanel* panel(MemoryTab tab) const { return m_panelOf[size_t(tab)]; }
    // A table tab's join (compare mode), null for Details.
    ComparedTable* comparedTable(MemoryTab tab) const { return m_comparedOf[size_t(tab)]; }
    // The tab page of a table tab, null for Details.
    MemoryTablePage* tablePage(MemoryTab tab) const { return m_pageOf[size_t(tab)]; }
    // Shows the table tab and selects its row with keyView `key` (a variable's name, …) once its
    // parts are read; false for Details.
    bool showRow(MemoryTab tab, const std::string& key);
    DetailsModel* detailsModel() const { return m_details; }
    VariablesModel* variablesModel() const { return m_variables; }
    // Fills the tables for the state's reports and selected tiles; `formattedSelection` is the
    // selection as typed text ("0, 5, 100-120"), quoted in the scope line.
    void refresh(const ReportState& state, const QString& formattedSelection);
    void setUnit(MemoryUnit unit);
    // Empties the Details tab and the scope line (the table tabs are pages of their own).
    void forgetReports();

private:
    TablePanel* addPanel(QAbstractItemModel* model, MemoryTab key, const QString& name, const QString& empty,
        QWidget* tab, TablePanel::Shape shape = TablePanel::Shape::Table);
    template <class Model>
    void addTable(Model* source, Model* target, MemoryTab key, const QString& name, const QString& empty,
        int sortColumn, std::vector<ReportPart> parts);

    ReportState* m_state;
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
    std::vector<MemoryTablePage*> m_tablePages;
    static constexpr size_t kTabs = size_t(MemoryTab::ComputeSets) + 1;
    std::array<TablePanel*, kTabs> m_panelOf {};
    std::array<ComparedTable*, kTabs> m_comparedOf {};
    std::array<MemoryTablePage*, kTabs> m_pageOf {};
};

} // namespace popscope
