#include "views/liveness/liveness_tables_view.hpp"

#include "models/liveness/name_tree_model.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "models/table_filter_proxy.hpp"
#include "popscope/liveness.hpp"
#include "popscope/liveness_tables.hpp"
#include "popscope/report.hpp"
#include "views/liveness/cycle_estimate_columns.hpp"
#include "views/widgets/tab_key.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QTreeView>

namespace popscope {

namespace {

constexpr size_t AlwaysLive = size_t(LivenessTab::AlwaysLive);
constexpr size_t NotAlwaysLive = size_t(LivenessTab::NotAlwaysLive);
constexpr size_t Vertices = size_t(LivenessTab::Vertices);
constexpr size_t Cycles = size_t(LivenessTab::CycleEstimates);

QString stepHeader(const Report* report, int64_t step)
{
    if (!report || step < 0)
        return QCoreApplication::translate("popscope::LivenessTablesView", "no matching step");
    return QCoreApplication::translate("popscope::LivenessTablesView", "Step %1")
        .arg(countText(uint64_t(step)));
}

QString stepToolTip(const Report* report, int64_t step, const QString& side)
{
    if (!report || step < 0)
        return QCoreApplication::translate(
            "popscope::LivenessTablesView", "%1: the report has no step matching this one")
            .arg(side);
    const LivenessCurve& c = report->liveness();
    return QCoreApplication::translate("popscope::LivenessTablesView", "%1step %2: %3 (%4)")
        .arg(side.isEmpty() ? QString() : side + QStringLiteral(" "), countText(uint64_t(step)),
            toQString(c.stepName(size_t(step))), QString::fromStdString(c.stepType(size_t(step))));
}

// The step columns of the selected steps and how the trees show them; the reports the
// always-live tree reads and how it shows them.
struct TableColumns {
    std::vector<StepColumn> columns;
    std::vector<NameTreeModel::Column> layout;
    std::vector<const Report*> reports;
    std::vector<NameTreeModel::Column> reportLayout;
};

// One report: a column a step, and their difference when two steps are selected.
TableColumns singleColumns(const Report* source, const std::vector<uint32_t>& steps)
{
    TableColumns c;
    for (size_t i = 0; i < steps.size(); ++i) {
        c.columns.push_back({ source, steps[i] });
        c.layout.push_back({ stepHeader(source, steps[i]), stepToolTip(source, steps[i], {}), int(i), -1 });
    }
    if (steps.size() == 2)
        c.layout.push_back({ QCoreApplication::translate("popscope::LivenessTablesView", "Difference"),
            QCoreApplication::translate("popscope::LivenessTablesView", "Step %1 − step %2")
                .arg(countText(steps[1]), countText(steps[0])),
            1, 0 });
    c.reports = { source };
    c.reportLayout = { { QCoreApplication::translate("popscope::LivenessTablesView", "Size"),
        QCoreApplication::translate(
            "popscope::LivenessTablesView", "Bytes in the scope; the same at every step"),
        0, -1 } };
    return c;
}

// Compare mode: a step's source, its matched target step and their difference.
TableColumns compareColumns(
    const Report* source, const Report* target, const StepMatch* match, const std::vector<uint32_t>& steps)
{
    TableColumns c;
    for (size_t i = 0; i < steps.size(); ++i) {
        const int64_t t = match && steps[i] < match->targetOf.size() ? match->targetOf[steps[i]] : -1;
        c.columns.push_back({ source, steps[i] });
        c.columns.push_back({ target, t });
        const int s = int(2 * i);
        c.layout.push_back({ QCoreApplication::translate("popscope::LivenessTablesView", "Source · %1")
                                 .arg(stepHeader(source, steps[i])),
            stepToolTip(
                source, steps[i], QCoreApplication::translate("popscope::LivenessTablesView", "Source")),
            s, -1 });
        c.layout.push_back({ QCoreApplication::translate("popscope::LivenessTablesView", "Target · %1")
                                 .arg(stepHeader(target, t)),
            stepToolTip(target, t, QCoreApplication::translate("popscope::LivenessTablesView", "Target")),
            s + 1, -1, t < 0 });
        c.layout.push_back({ QCoreApplication::translate("popscope::LivenessTablesView", "Diff"),
            QCoreApplication::translate("popscope::LivenessTablesView", "Target − source"), s + 1, s,
            t < 0 });
    }
    c.reports = { source, target };
    c.reportLayout = { { QCoreApplication::translate("popscope::LivenessTablesView", "Source"), {}, 0, -1 },
        { QCoreApplication::translate("popscope::LivenessTablesView", "Target"), {}, 1, -1 },
        { QCoreApplication::translate("popscope::LivenessTablesView", "Diff"),
            QCoreApplication::translate("popscope::LivenessTablesView", "Target − source"), 1, 0 } };
    return c;
}

} // namespace

LivenessTablesView::LivenessTablesView(QWidget* parent)
    : QTabWidget(parent)
{
    setDocumentMode(true);
    addTab(LivenessTab::AlwaysLive, tr("Always Live Variables"),
        tr("No always-live variables in this scope."), true);
    addTab(LivenessTab::NotAlwaysLive, tr("Not Always Live Variables"),
        tr("No not-always-live variables are live at the selected steps in this scope. "
           "Click the plot to choose a step, or Find peak."),
        true);
    Tab vertices = addTab(LivenessTab::Vertices, tr("Vertices"),
        tr("The selected steps run no compute set (vertices live only while their compute "
           "set runs): pick an OnTileExecute step."),
        false);
    vertices.model->setCountNoun(tr("instance"), tr("instances"));
    Tab cycles = addTab(LivenessTab::CycleEstimates, tr("Cycle Estimates"),
        tr("No cycle figures for the selected steps' programs: the profile holds neither "
           "execution cycles nor the compiler's estimates for them (estimates come with format "
           "1.2, from the simulator or a converted Poplar report)."),
        false);
    cycles.model->setCountNoun(tr("execution"), tr("executions"));
    setCurrentWidget(
        panel(LivenessTab::NotAlwaysLive)); // what is live at the step: what a user opens the report for
    // The always-live tree is built when its tab is first shown: on bench-huge it names 1.4 M
    // variables, a second and a half and 60 MB a report that a user who never opens the tab saves.
    connect(this, &QTabWidget::currentChanged, this, [this](int index) {
        if (tabKeyAt(this, index) == int(LivenessTab::AlwaysLive))
            buildAlwaysLive();
    });
}

LivenessTablesView::Tab LivenessTablesView::addTab(
    LivenessTab key, const QString& name, const QString& empty, bool variables)
{
    auto* model = new NameTreeModel(this);
    auto* panel = new TablePanel(
        model, name.toLower().replace(QLatin1Char(' '), QLatin1Char('-')), this, TablePanel::Shape::Tree);
    setTabKey(panel, int(key));
    panel->setEmptyText(empty);
    panel->setCountVisible(false);
    // No proxy sort at first: the trees come largest first from core, and sorting 250,000
    // always-live rows through the proxy would cost a second; a header click sorts.
    if (variables) {
        auto* lifetime = new QAction(tr("Show lifetime"), panel->view());
        lifetime->setToolTip(tr("Draw the selected variables' live ranges under the plot"));
        connect(lifetime, &QAction::triggered, this, [this, panel, model] {
            const auto rows = panel->view()->selectionModel()->selectedRows();
            for (const QModelIndex& row : rows)
                if (!panel->view()->model()->hasChildren(row))
                    emit lifetimeRequested(model->pathAt(panel->proxy()->mapToSource(row)));
        });
        panel->view()->insertAction(panel->view()->actions().value(0), lifetime);
        connect(panel->view(), &QAbstractItemView::doubleClicked, this,
            [this, panel, model](const QModelIndex& index) {
                if (!panel->view()->model()->hasChildren(index))
                    emit lifetimeRequested(model->pathAt(panel->proxy()->mapToSource(index)));
            });
    }
    QTabWidget::addTab(panel, name);
    m_tabs.push_back({ model, panel });
    return m_tabs.back();
}

void LivenessTablesView::setUnit(MemoryUnit unit)
{
    for (Tab& t : m_tabs) {
        t.model->setUnit(unit);
        show(t);
    }
}

void LivenessTablesView::show(Tab& tab)
{
    // Small trees open fully (the variables at a step of a pipeline); large ones to their groups.
    if (tab.model->tree().nodes.size() <= 400)
        tab.panel->tree()->expandAll();
    else
        tab.panel->tree()->expandToDepth(1);
}

void LivenessTablesView::update(const Report* source, const Report* target, const StepMatch* match,
    const std::vector<uint32_t>& selected, const LivenessScope& scope)
{
    std::vector<uint32_t> steps(
        selected.begin(), selected.begin() + long(std::min(selected.size(), kMaxStepColumns)));
    TableColumns c;
    if (source)
        c = target ? compareColumns(source, target, match, steps) : singleColumns(source, steps);
    auto& [columns, layout, reports, reportLayout] = c;
    if (columns.empty())
        layout.clear();
    if (!m_alwaysBuilt || reports != m_alwaysReports || !(scope == m_alwaysScope)) {
        m_alwaysReports = reports;
        m_alwaysScope = scope;
        m_alwaysLayout = reports.empty() ? decltype(reportLayout) {} : reportLayout;
        m_alwaysBuilt = false;
        // The page's info line shows it: summed here, without the names.
        m_alwaysBytes
            = !reports.empty() && reports.front() ? popscope::alwaysLiveBytes(*reports.front(), scope) : 0;
        m_tabs[AlwaysLive].model->setTree(NameTreeBuilder(0).build(), {});
        if (currentWidget() == m_tabs[AlwaysLive].panel)
            buildAlwaysLive();
    }
    m_tabs[NotAlwaysLive].model->setTree(liveVariablesTree(columns, scope), layout);
    m_tabs[Vertices].model->setTree(stepVerticesTree(columns, scope), layout);
    m_tabs[Cycles].model->setTree(stepCyclesTree(columns, scope),
        columns.empty() ? decltype(layout) {} : cycleEstimateColumns(columns, target != nullptr),
        NameTreeModel::Unit::Cycles);
    for (size_t i = NotAlwaysLive; i < m_tabs.size(); ++i) {
        showEmptyTextIfEmpty(m_tabs[i]);
        show(m_tabs[i]);
    }
}

void LivenessTablesView::showEmptyTextIfEmpty(Tab& tab)
{
    // An empty tree shows the tab's empty text rather than a lone Total of nothing.
    if (tab.model->tree().nodes.size() <= 1 && tab.model->columnCount() > 1)
        tab.model->setTree(NameTreeBuilder(0).build(), {});
}

void LivenessTablesView::buildAlwaysLive()
{
    if (m_alwaysBuilt)
        return;
    Tab& tab = m_tabs[AlwaysLive];
    tab.model->setTree(alwaysLiveTree(m_alwaysReports, m_alwaysScope), m_alwaysLayout);
    showEmptyTextIfEmpty(tab);
    m_alwaysBuilt = true;
    show(tab);
}

void LivenessTablesView::forgetReports()
{
    m_alwaysBuilt = false;
    m_alwaysReports.clear();
    m_alwaysLayout.clear();
    m_alwaysBytes = 0;
    for (Tab& t : m_tabs) // the name trees go with the reports
        t.model->setTree(NameTreeBuilder(0).build(), {});
}

bool LivenessTablesView::showRow(LivenessTab tab, const std::string& path)
{
    NameTreeModel* m = model(tab);
    TablePanel* p = panel(tab);
    if (tab == LivenessTab::AlwaysLive)
        buildAlwaysLive();
    const QModelIndex source = m->indexOfPath(QString::fromStdString(path));
    if (!source.isValid())
        return false;
    setCurrentWidget(p);
    p->filterEdit()->clear();
    const QModelIndex index = p->proxy()->mapFromSource(source);
    p->view()->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    p->view()->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return true;
}

} // namespace popscope
