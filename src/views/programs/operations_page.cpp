#include "views/programs/operations_page.hpp"

#include "models/compare_table_model.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/programs/operations_model.hpp"
#include "models/report_state.hpp"
#include "models/settings_keys.hpp"
#include "popscope/operations.hpp"
#include "popscope/report.hpp"
#include "views/page/page_parts.hpp"
#include "views/page/part_error.hpp"
#include "views/programs/operation_charts.hpp"
#include "views/programs/operation_columns_button.hpp"
#include "views/programs/operation_details_view.hpp"
#include "views/programs/operation_layer_box.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/small_chart.hpp"
#include "views/widgets/split_pair.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtCharts/QChart>

#include <algorithm>

namespace popscope {

namespace {
// Bars that fit the chart's height with readable labels: 3 to 10.
int barsFor(int height)
{
    return std::clamp((height - 110) / 24, 3, 10);
}
} // namespace

OperationsPage::OperationsPage(ReportState* state, QWidget* parent)
    : ReportPage(state, parent)
{
    buildTable();
    m_details = new OperationDetailsView(state, this);
    m_chart = new SmallChart(QStringLiteral("top-operations"), this);
    m_chart->setMinimumHeight(200);
    QLayout* toolbar = buildToolbar();
    m_split = splitPair(Qt::Vertical, splitPair(Qt::Horizontal, m_panel, m_details, this), m_chart, this);
    m_error = PageParts::errorLabel(this, Qt::AlignCenter);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_error, 1);

    m_chart->installEventFilter(this); // a resize may fit more or fewer bars
    followState();
    setParts({ ReportPart::ProgramTree, ReportPart::Operations });
    fillLayers(); // the empty state
    reload();
}

void OperationsPage::buildTable()
{
    m_model = new OperationsModel(this);
    m_targetModel = new OperationsModel(this);
    m_panel = new TablePanel(m_model, QStringLiteral("operations"), this);
    m_panel->setObjectName(tr("Operations"));
    m_panel->setFilterSettingsKey(SettingsKey::operationsFilter);
    m_panel->setEmptyText(tr("This profile has no operations. Operations come from the framework's "
                             "debug information (PopART, PopTorch); profile with debug information on."));
    m_panel->view()->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table = new ComparedTable(m_model, m_targetModel, m_panel, OperationsModel::Cycles, this);
}

QLayout* OperationsPage::buildToolbar()
{
    m_layer = new OperationLayerBox(this);
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("Cycles"), int(OperationMetric::Cycles));
    m_metric->addItem(tr("Code size"), int(OperationMetric::CodeSize));
    m_metric->addItem(tr("FLOPs"), int(OperationMetric::Flops));
    m_metric->setToolTip(tr("What the bar chart ranks the operations by"));
    m_metric->setCurrentIndex(
        std::clamp(QSettings().value(SettingsKey::operationsChartMetric, 0).toInt(), 0, 2));
    m_columns = new OperationColumnsButton(m_model, this);
    m_note = new QLabel(this);
    m_note->setVisible(false);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(new QLabel(tr("Layer:"), this));
    toolbar->addWidget(m_layer);
    toolbar->addWidget(m_columns);
    toolbar->addSpacing(8);
    toolbar->addWidget(m_note, 1);
    toolbar->addStretch(0);
    toolbar->addWidget(new QLabel(tr("Chart:"), this));
    toolbar->addWidget(m_metric);
    return toolbar;
}

void OperationsPage::followState()
{
    connect(m_state, &ReportState::unitChanged, this, [this] {
        m_model->setUnit(m_state->unit());
        m_targetModel->setUnit(m_state->unit());
        m_table->compare()->setUnit(m_state->unit());
        updateSelection();
        updateChart();
    });
    connect(m_layer, &OperationLayerBox::layerChanged, this, &OperationsPage::reload);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this](int index) {
        QSettings().setValue(SettingsKey::operationsChartMetric, index);
        updateChart();
    });
    connect(m_columns, &OperationColumnsButton::columnsChanged, this, &OperationsPage::applyColumns);
    connect(m_details, &OperationDetailsView::programActivated, this, [this](uint32_t program) {
        m_state->requestNavigation(
            NavigationTarget::numbered(page_ids::programTree, NavigationTarget::Kind::Program, program));
    });
    connect(m_details, &OperationDetailsView::stepActivated, this, [this](uint32_t step) {
        m_state->requestNavigation(
            NavigationTarget::numbered(page_ids::executionTrace, NavigationTarget::Kind::Step, step));
    });
}

void OperationsPage::showReports()
{
    fillLayers();
    reload();
}

QComboBox* OperationsPage::layerBox() const
{
    return m_layer;
}

std::string OperationsPage::layer() const
{
    return m_layer->layer();
}

void OperationsPage::fillLayers()
{
    m_problem = partError(*m_state, [](const Report& r) { r.operationAnalysis(); });
    m_layer->fill(*m_state, m_problem.isEmpty());
}

void OperationsPage::reload()
{
    // A damaged part: say so in place of the table; the other reports go on working.
    const bool damaged = !m_problem.isEmpty();
    m_error->setText(tr("The operations of this report cannot be shown:\n") + m_problem);
    m_error->setVisible(damaged);
    m_split->setVisible(!damaged);
    const auto source = damaged ? nullptr : m_state->report();
    const auto target = damaged || !m_state->isComparing() ? nullptr : m_state->comparedReport();
    const std::string l = layer();
    m_table->beginUpdate(bool(target));
    m_model->setUnit(m_state->unit());
    m_targetModel->setUnit(m_state->unit());
    m_model->setReport(source ? source->core : nullptr, l);
    m_targetModel->setReport(target ? target->core : nullptr, l);
    m_table->endUpdate(bool(target));
    applyColumns();
    connect(m_panel->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &OperationsPage::updateSelection, Qt::UniqueConnection);
    updateCompareNote();
    updateSelection();
    updateChart();
}

void OperationsPage::applyColumns()
{
    m_columns->applyTo(m_panel->header(), m_table->isComparing() ? m_table->compare() : nullptr);
}

void OperationsPage::setColumnVisible(int column, bool visible)
{
    m_columns->setColumnVisible(column, visible);
}

bool OperationsPage::isColumnVisible(int column) const
{
    return m_columns->isColumnVisible(column);
}

void OperationsPage::updateCompareNote()
{
    if (!m_table->isComparing()) {
        m_note->setVisible(false);
        return;
    }
    int onlySource = 0, onlyTarget = 0;
    const CompareTableModel* join = m_table->compare();
    for (int r = 0; r < join->rowCount(); ++r) {
        onlySource += join->targetRow(r) < 0;
        onlyTarget += join->sourceRow(r) < 0;
    }
    m_note->setText(onlySource + onlyTarget == 0
            ? tr("Every operation is in both reports.")
            : QStringLiteral(
                "%1 only in the source, %2 only in the target (Diff % shows “new”; hover a name)")
                  .arg(onlySource)
                  .arg(onlyTarget));
    m_note->setToolTip(m_note->text());
    m_note->setVisible(true);
}

void OperationsPage::selectRow(int row)
{
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_panel->view()->model());
    if (!proxy || row < 0 || row >= proxy->sourceModel()->rowCount())
        return;
    const QModelIndex index = proxy->mapFromSource(proxy->sourceModel()->index(row, 0));
    if (!index.isValid())
        return;
    m_panel->view()->setCurrentIndex(index);
    m_panel->view()->selectionModel()->select(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_panel->view()->scrollTo(index);
}

void OperationsPage::updateSelection()
{
    if (!m_problem.isEmpty())
        return;
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_panel->view()->model());
    const QModelIndexList rows = m_panel->view()->selectionModel()
        ? m_panel->view()->selectionModel()->selectedRows()
        : QModelIndexList {};
    if (!proxy || rows.isEmpty() || !m_state->report()) {
        m_details->showTotals(layer());
        return;
    }
    const int row = proxy->mapToSource(rows.first()).row();
    if (m_table->isComparing()) {
        const int s = m_table->compare()->sourceRow(row), t = m_table->compare()->targetRow(row);
        m_details->showOperation(
            s >= 0 ? int64_t(m_model->operation(s)) : -1, t >= 0 ? int64_t(m_targetModel->operation(t)) : -1);
    } else {
        m_details->showOperation(m_model->operation(row), -1);
    }
}

void OperationsPage::updateChart()
{
    const auto source = m_state->report();
    if (!source || !m_problem.isEmpty()) {
        m_chart->setChartContent(new QChart);
        return;
    }
    const auto metric = OperationMetric(m_metric->currentData().toInt());
    const bool comparing = m_table->isComparing();
    m_chartBars = barsFor(m_chart->height());
    const std::vector<OperationBar> bars = topOperationBars(
        *m_model, *m_targetModel, comparing ? m_table->compare() : nullptr, metric, size_t(m_chartBars));
    m_chart->setChartContent(makeTopOperationsChart(
        bars, metric, comparing, m_model->cyclesEstimated(), m_state->unit(), [this](const QString& key) {
            showRow(NavigationTarget::named(
                page_ids::operations, NavigationTarget::Kind::Operation, key.toStdString()));
        }));
}

bool OperationsPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_chart && event->type() == QEvent::Resize && barsFor(m_chart->height()) != m_chartBars)
        QMetaObject::invokeMethod(this, &OperationsPage::updateChart, Qt::QueuedConnection);
    return ReportPage::eventFilter(watched, event);
}

std::string OperationsPage::layerOf(const std::string& operationKey) const
{
    for (const OperationsModel* model : { m_model, m_targetModel })
        if (model->report())
            for (const OperationRow op : model->report()->operations())
                if (popscope::operationKey(op) == operationKey)
                    return std::string(op.layer);
    return {};
}

bool OperationsPage::showRank(uint32_t rank)
{
    QAbstractItemModel* shown = m_panel->view()->model();
    if (!shown || rank < 1 || rank > uint32_t(shown->rowCount()))
        return false;
    const QModelIndex index = shown->index(int(rank) - 1, 0);
    m_panel->view()->setCurrentIndex(index);
    m_panel->view()->scrollTo(index);
    return true;
}

bool OperationsPage::showRow(const NavigationTarget& target)
{
    using Kind = NavigationTarget::Kind;
    if (target.kind == Kind::Page)
        return true;
    if ((target.kind != Kind::Operation && target.kind != Kind::OperationRank) || !m_state->report()
        || !m_problem.isEmpty())
        return false;
    if (target.kind == Kind::OperationRank)
        return showRank(target.number);
    const auto findRow = [&] {
        return m_table->isComparing() ? m_table->compare()->rowOfKey(target.name)
                                      : m_model->rowOfKey(target.name);
    };
    // Not in the layer shown: switch to the operation's own layer, as the report records it.
    if (findRow() < 0) {
        const int layerIndex = m_layer->findData(QString::fromStdString(layerOf(target.name)));
        if (layerIndex >= 0 && layerIndex != m_layer->currentIndex())
            m_layer->setCurrentIndex(layerIndex); // reloads
    }
    const int row = findRow();
    if (row < 0)
        return false;
    m_panel->filterEdit()->clear();
    selectRow(row);
    return true;
}

} // namespace popscope
