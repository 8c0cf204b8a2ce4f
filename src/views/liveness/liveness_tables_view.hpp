#pragma once
// The Liveness report's bottom tabs: Always Live Variables, Not Always Live Variables (a tree by
// name path with subtotals and a Total row), Vertices and Cycle Estimates. Each selected step is a
// column (two steps add a Difference); in compare mode each step has Source, Target and Diff.
#include "models/liveness/name_tree_model.hpp"
#include "popscope/liveness_report.hpp"
#include "popscope/units.hpp"

#include <QTabWidget>

namespace popscope {

class TablePanel;

// The tabs, in their order: the key --tab, links and code find a tab by (never its caption).
enum class LivenessTab { AlwaysLive, NotAlwaysLive, Vertices, CycleEstimates };

class LivenessTablesView : public QTabWidget {
    Q_OBJECT
public:
    static constexpr size_t kMaxStepColumns = 8;
    explicit LivenessTablesView(QWidget* parent = nullptr);

    // `steps` are source steps; `target` and `match` are set in compare mode.
    void update(const Report* source, const Report* target, const StepMatch* match,
        const std::vector<uint32_t>& steps, const LivenessScope& scope);
    void setUnit(MemoryUnit unit);
    // The reports changed (a new one may sit at a freed one's address): build everything again.
    void forgetReports();
    TablePanel* panel(LivenessTab tab) const { return m_tabs[size_t(tab)].panel; }
    NameTreeModel* model(LivenessTab tab) const { return m_tabs[size_t(tab)].model; }
    // Selects the row with full name `path` in the tab; false when absent.
    bool showRow(LivenessTab tab, const std::string& path);
    // Bytes of the source's always-live variables in the scope (the tab's Total, built or not).
    uint64_t alwaysLiveBytes() const { return m_alwaysBytes; }

signals:
    // A variable row was double-clicked or "Show lifetime" chosen: its full name.
    void lifetimeRequested(const QString& name);

private:
    struct Tab {
        NameTreeModel* model;
        TablePanel* panel;
    };
    Tab addTab(LivenessTab key, const QString& name, const QString& empty, bool variables);
    void show(Tab& tab);
    static void showEmptyTextIfEmpty(Tab& tab);
    void buildAlwaysLive(); // when its tab is shown (or a row in it is asked for), if not built
    std::vector<Tab> m_tabs;
    // The always-live tree does not depend on the step: rebuilt only when these change.
    std::vector<const Report*> m_alwaysReports;
    LivenessScope m_alwaysScope;
    std::vector<NameTreeModel::Column> m_alwaysLayout;
    bool m_alwaysBuilt = false;
    uint64_t m_alwaysBytes = 0;
};

} // namespace popscope
