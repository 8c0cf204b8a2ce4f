#include "views/programs/operation_details_view.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"
#include "models/report_state.hpp"
#include "popscope/program_types.hpp"
#include "popscope/report.hpp"
#include "popscope/row_match.hpp"
#include "views/programs/operation_charts.hpp"
#include "views/programs/operation_flops_view.hpp"
#include "views/widgets/small_chart.hpp"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QStackedLayout>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <optional>

namespace popscope {

namespace {

constexpr int kOperationStepRows = 2000; // steps listed; the rest are counted

// "Estimated cycles" for a report without execution, whose cycles are the compiler's estimates.
QString cyclesLabel(const Report& report)
{
    return report.operationAnalysis().cyclesEstimated
        ? QCoreApplication::translate("popscope::OperationDetailsView", "Estimated cycles")
        : QCoreApplication::translate("popscope::OperationDetailsView", "Cycles");
}

QTreeWidget* makeTree(const QStringList& headers, QWidget* parent)
{
    auto* tree = new QTreeWidget(parent);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setAlternatingRowColors(true);
    tree->setUniformRowHeights(true);
    tree->header()->setStretchLastSection(false);
    tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    return tree;
}

// The operations of `layer` ("" for every layer) counted, and their figures summed.
std::pair<uint64_t, OperationFigures> layerTotals(const Report& r, const std::string& layer)
{
    OperationFigures t;
    uint64_t count = 0;
    const auto& ops = r.operations();
    const auto& figures = r.operationAnalysis().figures;
    for (size_t i = 0; i < ops.size(); ++i)
        if (layer.empty() || ops[i].layer == layer) {
            ++count;
            t.cycles += figures[i].cycles;
            t.flops += figures[i].flops;
            t.codeBytes += figures[i].codeBytes;
            t.programs += figures[i].programs;
            t.steps += figures[i].steps;
        }
    return { count, t };
}

QString ratio(double value)
{
    return QString::number(value, 'f', 2);
}

// Attributes JSON as indented text (the file's own text when it is not JSON).
QString indentedDebugJson(const std::string& json)
{
    if (json.empty())
        return {};
    try {
        return toQString(
            nlohmann::json::parse(json).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    } catch (const std::exception&) {
        return toQString(json);
    }
}

// The FLOPs per cycle of one operation, or of both and their difference.
void addFlopsPerCycleRow(
    QTreeWidget* tree, const OperationFigures* sf, const OperationFigures* tf, bool comparing)
{
    const QString absent = QStringLiteral("—");
    QStringList cells { QCoreApplication::translate("popscope::OperationDetailsView", "FLOPs/cycle"),
        sf ? ratio(sf->flopsPerCycle()) : absent };
    if (comparing)
        cells << (tf ? ratio(tf->flopsPerCycle()) : absent)
              << (sf && tf ? QString::number(tf->flopsPerCycle() - sf->flopsPerCycle(), 'f', 2) : QString());
    auto* item = new QTreeWidgetItem(tree, cells);
    for (int c = 1; c < cells.size(); ++c)
        item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
}

// The Summary tab's rows of one operation (or of a source and a target one): a text figure, or a
// number with its difference in compare mode. A side without the operation shows "—".
class SummaryRows {
public:
    SummaryRows(QTreeWidget* tree, const OperationFigures* source, const OperationFigures* target,
        bool comparing, MemoryUnit unit)
        : m_tree(tree)
        , m_source(source)
        , m_target(target)
        , m_comparing(comparing)
        , m_unit(unit)
    {
    }

    void text(const QString& figure, const std::string_view* sv, const std::string_view* tv)
    {
        QStringList cells { figure, sv ? toQString(*sv) : m_absent };
        if (m_comparing)
            cells << (tv ? toQString(*tv) : m_absent) << QString();
        auto* item = new QTreeWidgetItem(m_tree, cells);
        item->setToolTip(1, cells[1]);
    }

    template <typename Value> void number(const QString& figure, Value value, bool bytes)
    {
        const auto shown = [&](const OperationFigures* f) {
            return f ? (bytes ? bytesText(value(*f), m_unit) : countText(value(*f))) : m_absent;
        };
        QStringList cells { figure, shown(m_source) };
        if (m_comparing) {
            cells << shown(m_target);
            if (m_source && m_target) {
                const SignedDiff d = signedDiff(value(*m_source), value(*m_target));
                cells << (bytes ? signedBytesText(d.absolute, m_unit) : signedCountText(d.absolute))
                        + (d.fraction
                                ? QStringLiteral(" (") + signedPercentText(*d.fraction) + QLatin1Char(')')
                                : QString());
            } else {
                cells << (m_source
                        ? QCoreApplication::translate("popscope::OperationDetailsView", "only in source")
                        : QCoreApplication::translate("popscope::OperationDetailsView", "only in target"));
            }
        }
        auto* item = new QTreeWidgetItem(m_tree, cells);
        for (int c = 1; c < cells.size(); ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    }

private:
    QTreeWidget* m_tree;
    const OperationFigures* m_source;
    const OperationFigures* m_target;
    bool m_comparing;
    MemoryUnit m_unit;
    const QString m_absent = QStringLiteral("—");
};

} // namespace

OperationDetailsView::OperationDetailsView(ReportState* state, QWidget* parent)
    : QTabWidget(parent)
    , m_state(state)
{
    setDocumentMode(true);
    m_summary = makeTree({ tr("Figure"), tr("Value") }, this);
    // Figures and values at their width; the last column takes what is left.
    m_summary->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_summary->header()->setStretchLastSection(true);
    m_programs = makeTree({ tr("Program"), tr("Type"), tr("Steps"), tr("Cycles") }, this);
    m_programs->setToolTip(tr("Double-click a program to show it in the Program Tree"));
    m_steps = makeTree({ tr("Step"), tr("Type"), tr("Program"), tr("Cycles") }, this);
    m_steps->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_steps->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_debug = makeTree({ tr("Debug context"), tr("Layer") }, this);
    m_debug->setRootIsDecorated(true);
    m_debug->setWordWrap(true);
    m_debug->setUniformRowHeights(false);
    m_code = new SmallChart(QStringLiteral("operation-code-by-tile"), this);
    m_code->setMinimumHeight(160);
    m_codeEmpty = new QLabel(this);
    m_codeEmpty->setAlignment(Qt::AlignCenter);
    m_codeEmpty->setWordWrap(true);
    m_codeEmpty->setForegroundRole(QPalette::PlaceholderText);
    m_codePage = new QWidget(this);
    auto* codeLayout = new QStackedLayout(m_codePage);
    codeLayout->addWidget(m_code);
    codeLayout->addWidget(m_codeEmpty);
    addTab(m_summary, tr("Summary"));
    addTab(m_programs, tr("Programs"));
    addTab(m_steps, tr("Steps"));
    addTab(m_codePage, tr("Code"));
    setTabToolTip(3, tr("Code size by tile: vertex code of its compute sets and exchange code"));
    m_flops = new OperationFlopsView(this);
    addTab(m_flops, tr("FLOPs"));
    setTabToolTip(4, tr("FLOPs: the operation's estimated FLOPs and FLOPs per cycle against its layer's"));
    addTab(m_debug, tr("Debug"));
    setTabToolTip(5, tr("Debug information: the debug-context chain with each layer's attributes"));

    connect(m_programs, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        bool ok = false;
        const uint32_t program = item->data(0, Qt::UserRole).toUInt(&ok);
        if (ok)
            emit programActivated(program);
    });
    connect(m_steps, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        bool ok = false;
        const uint32_t step = item->data(0, Qt::UserRole).toUInt(&ok);
        if (ok)
            emit stepActivated(step);
    });
}

void OperationDetailsView::setPlaceholders(const QString& message)
{
    for (QTreeWidget* tree : { m_programs, m_steps, m_debug }) {
        tree->clear();
        auto* item = new QTreeWidgetItem(tree, { message });
        item->setFlags(Qt::NoItemFlags);
        item->setFirstColumnSpanned(true);
    }
    m_flops->showMessage(message);
    m_codeEmpty->setText(message);
    static_cast<QStackedLayout*>(m_codePage->layout())->setCurrentWidget(m_codeEmpty);
}

void OperationDetailsView::showOperation(int64_t sourceOperation, int64_t targetOperation)
{
    const auto sourceReport = m_state->report();
    const auto targetReport = m_state->isComparing() ? m_state->comparedReport() : nullptr;
    const Report* source = sourceReport ? sourceReport->core.get() : nullptr;
    const Report* target = targetReport ? targetReport->core.get() : nullptr;
    if (!source)
        return;
    fillSummary(source, sourceOperation, target, targetOperation);
    // Programs, steps and debug information of the source's operation (the target's when only it has one).
    const Report* side = sourceOperation >= 0 ? source : target;
    const int64_t operation = sourceOperation >= 0 ? sourceOperation : targetOperation;
    if (!side || operation < 0) {
        setPlaceholders(
            tr("Select an operation to see its programs, steps, code, FLOPs and debug information."));
        return;
    }
    fillPrograms(*side, uint32_t(operation));
    fillSteps(*side, uint32_t(operation));
    fillDebug(*side, uint32_t(operation));
    fillCode(source, sourceOperation, target, targetOperation);
    m_flops->showOperation(source, sourceOperation, target, targetOperation);
}

void OperationDetailsView::showTotals(const std::string& layer)
{
    const auto sourceReport = m_state->report();
    if (!sourceReport)
        return;
    const auto targetReport = m_state->isComparing() ? m_state->comparedReport() : nullptr;
    m_summary->clear();
    const bool comparing = bool(targetReport);
    m_summary->setHeaderLabels(comparing
            ? QStringList { tr("Figure"), tr("Source"), tr("Target"), tr("Diff") }
            : QStringList { tr("Figure"), tr("Value") });
    const auto [sourceCount, s] = layerTotals(*sourceReport->core, layer);
    const auto [targetCount, t] = targetReport ? layerTotals(*targetReport->core, layer)
                                               : std::make_pair(uint64_t(0), OperationFigures {});
    const MemoryUnit unit = m_state->unit();
    const auto row = [&](const QString& figure, uint64_t sv, uint64_t tv, bool bytes) {
        QStringList cells { figure, bytes ? bytesText(sv, unit) : countText(sv) };
        if (comparing) {
            const SignedDiff d = signedDiff(sv, tv);
            cells << (bytes ? bytesText(tv, unit) : countText(tv))
                  << (bytes ? signedBytesText(d.absolute, unit) : signedCountText(d.absolute));
        }
        auto* item = new QTreeWidgetItem(m_summary, cells);
        for (int c = 1; c < cells.size(); ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    };
    auto* title = new QTreeWidgetItem(m_summary,
        { layer.empty()
                ? tr("Every layer (totals; select an operation for its details)")
                : tr("Layer %1 (totals; select an operation for its details)").arg(toQString(layer)) });
    title->setFirstColumnSpanned(true);
    QFont bold = title->font(0);
    bold.setBold(true);
    title->setFont(0, bold);
    row(tr("Operations"), sourceCount, targetCount, false);
    row(cyclesLabel(*sourceReport->core), s.cycles, t.cycles, false);
    row(tr("FLOPs"), s.flops, t.flops, false);
    auto* perCycle = new QTreeWidgetItem(m_summary, { tr("FLOPs/cycle"), ratio(s.flopsPerCycle()) });
    if (comparing) {
        perCycle->setText(2, ratio(t.flopsPerCycle()));
        perCycle->setText(3, QString::number(t.flopsPerCycle() - s.flopsPerCycle(), 'f', 2));
    }
    for (int c = 1; c < 4; ++c)
        perCycle->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    row(tr("Code size"), s.codeBytes, t.codeBytes, true);
    row(tr("Programs"), s.programs, t.programs, false);
    row(tr("Steps"), s.steps, t.steps, false);
    setPlaceholders(tr("Select an operation to see its programs, steps, code, FLOPs and debug information."));
}

void OperationDetailsView::fillSummary(const Report* source, int64_t so, const Report* target, int64_t to)
{
    m_summary->clear();
    const bool comparing = target != nullptr;
    m_summary->setHeaderLabels(comparing
            ? QStringList { tr("Figure"), tr("Source"), tr("Target"), tr("Diff") }
            : QStringList { tr("Figure"), tr("Value") });
    const std::optional<OperationRow> sop
        = so >= 0 ? std::optional(source->operations()[size_t(so)]) : std::nullopt;
    const std::optional<OperationRow> top
        = comparing && to >= 0 ? std::optional(target->operations()[size_t(to)]) : std::nullopt;
    const OperationFigures* sf = sop ? &source->operationAnalysis().figures[size_t(so)] : nullptr;
    const OperationFigures* tf = top ? &target->operationAnalysis().figures[size_t(to)] : nullptr;
    SummaryRows rows(m_summary, sf, tf, comparing, m_state->unit());
    rows.text(tr("Operation"), sop ? &sop->name : nullptr, top ? &top->name : nullptr);
    rows.text(tr("Layer"), sop ? &sop->layer : nullptr, top ? &top->layer : nullptr);
    rows.text(tr("Debug name"), sop ? &sop->debugName : nullptr, top ? &top->debugName : nullptr);
    rows.number(
        cyclesLabel(*(source ? source : target)), [](const OperationFigures& f) { return f.cycles; }, false);
    rows.number(
        tr("FLOPs"), [](const OperationFigures& f) { return f.flops; }, false);
    addFlopsPerCycleRow(m_summary, sf, tf, comparing);
    rows.number(
        tr("Code size"), [](const OperationFigures& f) { return f.codeBytes; }, true);
    rows.number(
        tr("Variable memory"), [](const OperationFigures& f) { return f.variableBytes; }, true);
    rows.number(
        tr("Variables"), [](const OperationFigures& f) { return uint64_t(f.variables); }, false);
    rows.number(
        tr("Programs"), [](const OperationFigures& f) { return uint64_t(f.programs); }, false);
    rows.number(
        tr("Steps"), [](const OperationFigures& f) { return uint64_t(f.steps); }, false);
}

void OperationDetailsView::fillPrograms(const Report& report, uint32_t operation)
{
    m_programs->clear();
    const auto& programs = report.programs();
    const ProgramIndex& index = report.programIndex();
    for (uint32_t p : report.operations()[operation].programs) {
        if (p >= programs.size())
            continue;
        auto* item = new QTreeWidgetItem(m_programs,
            { toQString(programs[p].name), toQString(programs[p].type), countText(index.stepsOf(p).size()),
                countText(index.ownCycles[p]) });
        item->setIcon(0, programTypeIcon(programs[p].type));
        item->setData(0, Qt::UserRole, p);
        item->setToolTip(0, toQString(programs[p].name) + tr("\nDouble-click: show it in the Program Tree"));
        item->setForeground(1, programTypeColor(programs[p].type).darker(115));
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
    }
}

void OperationDetailsView::fillSteps(const Report& report, uint32_t operation)
{
    m_steps->clear();
    const OperationDetails d = operationDetails(report, operation);
    const StepCycles& steps = report.stepCycles();
    const auto& programs = report.programs();
    QList<QTreeWidgetItem*> items;
    for (size_t i = 0; i < d.steps.size() && i < size_t(kOperationStepRows); ++i) {
        const uint32_t program = steps.program[d.steps[i]];
        // A step runs as its program: the same type (steps.type repeats programs.type).
        const std::string_view type = programs[program].type;
        auto* item = new QTreeWidgetItem({ countText(d.steps[i]), toQString(type),
            toQString(programs[program].name), countText(steps.cycles[d.steps[i]]) });
        item->setIcon(1, programTypeIcon(type));
        item->setData(0, Qt::UserRole, d.steps[i]);
        item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
        items << item;
    }
    m_steps->addTopLevelItems(items);
    if (d.steps.size() > size_t(kOperationStepRows)) {
        auto* more = new QTreeWidgetItem(
            m_steps, { tr("… and %1 more steps").arg(countText(d.steps.size() - kOperationStepRows)) });
        more->setFirstColumnSpanned(true);
        more->setFlags(Qt::NoItemFlags);
    }
    if (d.steps.empty()) {
        auto* none
            = new QTreeWidgetItem(m_steps, { tr("Its programs did not run in the profiled execution.") });
        none->setFirstColumnSpanned(true);
        none->setFlags(Qt::NoItemFlags);
    }
}

void OperationDetailsView::fillDebug(const Report& report, uint32_t operation)
{
    m_debug->clear();
    const OperationRow op = report.operations()[operation];
    const auto& contexts = report.debugContexts();
    QTreeWidgetItem* parent = nullptr;
    for (uint32_t c : debugContextChain(contexts, op.debugContext)) {
        const DebugContext& dc = contexts[c];
        auto* item = parent ? new QTreeWidgetItem(parent, { toQString(dc.name), toQString(dc.layer) })
                            : new QTreeWidgetItem(m_debug, { toQString(dc.name), toQString(dc.layer) });
        const QString json = indentedDebugJson(dc.json);
        if (!json.isEmpty()) {
            auto* attributes = new QTreeWidgetItem(item, { json });
            attributes->setFirstColumnSpanned(true);
            attributes->setToolTip(0, json);
        }
        parent = item;
    }
    if (!parent) {
        auto* none
            = new QTreeWidgetItem(m_debug, { tr("This operation has no debug context in the profile.") });
        none->setFirstColumnSpanned(true);
        none->setFlags(Qt::NoItemFlags);
    }
    m_debug->expandAll();
}

void OperationDetailsView::fillCode(const Report* source, int64_t so, const Report* target, int64_t to)
{
    std::vector<uint64_t> s, t;
    if (source && so >= 0)
        s = operationDetails(*source, uint32_t(so)).codeBytesByTile;
    if (target && to >= 0)
        t = operationDetails(*target, uint32_t(to)).codeBytesByTile;
    if (s.empty() && t.empty()) {
        m_codeEmpty->setText(tr("No code by tile for this operation."));
        static_cast<QStackedLayout*>(m_codePage->layout())->setCurrentWidget(m_codeEmpty);
        return;
    }
    if (s.empty() && target)
        s.assign(t.size(), 0);
    m_code->setChartContent(makeCodeByTileChart(s,
        target ? (t.empty() ? std::vector<uint64_t>(s.size(), 0) : t) : std::vector<uint64_t> {},
        m_state->unit()));
    static_cast<QStackedLayout*>(m_codePage->layout())->setCurrentWidget(m_code);
}

} // namespace popscope
