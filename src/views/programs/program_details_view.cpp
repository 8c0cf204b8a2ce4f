#include "views/programs/program_details_view.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"
#include "models/report_state.hpp"
#include "popscope/program_types.hpp"
#include "popscope/report.hpp"
#include "popscope/row_match.hpp"

#include <QHeaderView>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace popscope {

namespace {

constexpr size_t kProgramStepRows = 200; // steps listed; the rest are counted
constexpr int kKeyRole = Qt::UserRole + 1;

QTreeWidgetItem* field(QTreeWidgetItem* parent, const QString& name, const QString& value)
{
    auto* item = new QTreeWidgetItem(parent, { name, value });
    item->setToolTip(1, value);
    return item;
}

} // namespace

ProgramDetailsView::ProgramDetailsView(ReportState* state, QWidget* parent)
    : QTreeWidget(parent)
    , m_state(state)
{
    setHeaderLabels({ tr("Detail"), tr("Value") });
    setAlternatingRowColors(true);
    setWordWrap(true);
    // Labels in a column of their own width, values take the rest (full text in tooltips).
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->resizeSection(0, 200);
    header()->setStretchLastSection(true);
    connect(this, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString key = item->data(0, kKeyRole).toString();
        if (!key.isEmpty())
            emit operationActivated(key);
    });
    showProgram(-1, -1);
}

QTreeWidgetItem* ProgramDetailsView::addSection(const QString& title)
{
    auto* item = new QTreeWidgetItem(this, { title });
    QFont font = item->font(0);
    font.setBold(true);
    item->setFont(0, font);
    item->setFirstColumnSpanned(true);
    return item;
}

QTreeWidgetItem* ProgramDetailsView::section(const QString& title) const
{
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->text(0) == title)
            return topLevelItem(i);
    return nullptr;
}

void ProgramDetailsView::showProgram(int64_t program, int64_t targetProgram)
{
    clear();
    const auto loaded = m_state->report();
    if (!loaded || program < 0 || size_t(program) >= loaded->core->programs().size()) {
        auto* hint = new QTreeWidgetItem(this,
            { tr("Select a program to see its type, compute set or exchange, "
                 "debug context, operations and execution steps.") });
        hint->setFirstColumnSpanned(true);
        hint->setFlags(Qt::NoItemFlags);
        return;
    }
    const Report& report = *loaded->core;
    const ProgramRow p = report.programs()[size_t(program)];
    const ProgramTypeInfo& info = programTypeInfo(p.type);
    QTreeWidgetItem* top = addSection(tr("Program"));
    field(top, tr("Name"), toQString(p.name));
    QTreeWidgetItem* type
        = field(top, tr("Type"), toQString(p.type) + QStringLiteral(" — ") + toQString(info.description));
    type->setIcon(1, programTypeIcon(p.type));
    if (p.type == "Repeat")
        field(top, tr("Repeat count"), countText(p.repeatCount));
    if (!p.children.empty())
        field(top, tr("Children"), countText(p.children.size()));
    field(top, tr("Program id"), QString::number(program));
    const ProgramIndex& index = report.programIndex();
    field(top, tr("Cycles (with children)"), countText(index.totalCycles[size_t(program)]));

    const auto target = m_state->isComparing() ? m_state->comparedReport() : nullptr;
    if (target && targetProgram >= 0)
        addComparison(report, uint32_t(program), *target->core, uint32_t(targetProgram));
    else if (target)
        field(addSection(tr("Compared with the target")), tr("Target"),
            tr("No program of this name in the target"));
    if (p.computeSet >= 0)
        addComputeSet(report, uint32_t(p.computeSet));
    if (p.exchange >= 0)
        addExchange(report, uint32_t(p.exchange));
    addDebugContext(report, p.debugContext);
    addOperations(report, uint32_t(program));
    addSteps(report, uint32_t(program));
    expandAll();
}

void ProgramDetailsView::addComparison(
    const Report& source, uint32_t program, const Report& target, uint32_t targetProgram)
{
    QTreeWidgetItem* s = addSection(tr("Compared with the target"));
    if (targetProgram >= target.programs().size())
        return;
    const ProgramIndex& si = source.programIndex();
    const ProgramIndex& ti = target.programIndex();
    const SignedDiff d = signedDiff(si.totalCycles[program], ti.totalCycles[targetProgram]);
    field(s, tr("Target program"), toQString(target.programs()[targetProgram].name));
    field(s, tr("Cycles · Source"), countText(si.totalCycles[program]));
    field(s, tr("Cycles · Target"), countText(ti.totalCycles[targetProgram]));
    field(s, tr("Cycles · Diff"),
        signedCountText(d.absolute)
            + (d.fraction ? QStringLiteral(" (") + signedPercentText(*d.fraction) + QLatin1Char(')')
                          : QString()));
    field(s, tr("Steps · Source → Target"),
        countText(si.stepsOf(program).size()) + QStringLiteral(" → ")
            + countText(ti.stepsOf(targetProgram).size()));
}

void ProgramDetailsView::addComputeSet(const Report& report, uint32_t computeSet)
{
    const auto& sets = report.computeSets();
    if (computeSet >= sets.size())
        return;
    const ComputeSet& cs = sets[computeSet];
    QTreeWidgetItem* s = addSection(tr("Compute set"));
    field(s, tr("Name"), toQString(cs.name));
    uint64_t instances = 0;
    QTreeWidgetItem* types = field(s, tr("Vertex types"), countText(cs.vertices.size()));
    for (const ComputeSetVertices& v : cs.vertices) {
        uint64_t n = 0;
        uint32_t lo = UINT32_MAX, hi = 0;
        for (const TileCount& tc : v.countByTile) {
            n += tc.count;
            lo = std::min(lo, tc.count);
            hi = std::max(hi, tc.count);
        }
        instances += n;
        const QString name = v.vertexType < report.vertexTypes().size()
            ? toQString(report.vertexTypes()[v.vertexType].name)
            : tr("(unknown vertex type)");
        const QString perTile = v.countByTile.empty() ? tr("on no tile")
            : lo == hi                                ? tr("%1 per tile").arg(countText(lo))
                       : tr("%1–%2 per tile").arg(countText(lo), countText(hi));
        QTreeWidgetItem* type = field(types, tr("Vertex type"), name);
        field(type, tr("Instances"),
            tr("%1 on %2 tiles (%3)").arg(countText(n), countText(v.countByTile.size()), perTile));
    }
    field(s, tr("Vertex instances"), countText(instances));
}

void ProgramDetailsView::addExchange(const Report& report, uint32_t exchange)
{
    const auto& exchanges = report.exchanges();
    if (exchange >= exchanges.size())
        return;
    const Exchange& e = exchanges[exchange];
    QTreeWidgetItem* s = addSection(tr("Exchange"));
    field(s, tr("Name"), toQString(e.name));
    field(s, tr("Kind"), toQString(e.kind));
    field(s, tr("Data moved"), bytesText(e.totalBytes, m_state->unit()));
    uint64_t code = 0;
    for (const TileBytes& tb : e.codeBytesByTile)
        code += tb.bytes;
    field(s, tr("Exchange code"),
        tr("%1 on %2 tiles").arg(bytesText(code, m_state->unit()), countText(e.codeBytesByTile.size())));
}

void ProgramDetailsView::addDebugContext(const Report& report, int64_t context)
{
    QTreeWidgetItem* s = addSection(tr("Debug context"));
    const auto& contexts = report.debugContexts();
    const auto chain = debugContextChain(contexts, context);
    if (chain.empty()) {
        field(s, tr("None"), tr("The profile gives this program no debug context"));
        return;
    }
    QTreeWidgetItem* parent = s;
    for (uint32_t c : chain) {
        const DebugContext& dc = contexts[c];
        QTreeWidgetItem* item = field(parent, toQString(dc.layer), toQString(dc.name));
        if (!dc.json.empty()) {
            QString json;
            try {
                json = toQString(nlohmann::json::parse(dc.json).dump(
                    -1, ' ', false, nlohmann::json::error_handler_t::replace));
            } catch (const std::exception&) {
                json = toQString(dc.json);
            }
            field(item, tr("Attributes"), json);
        }
        parent = item;
    }
}

void ProgramDetailsView::addOperations(const Report& report, uint32_t program)
{
    const auto ops = report.programIndex().operationsOf(program);
    if (ops.empty())
        return;
    QTreeWidgetItem* s = addSection(tr("Operations"));
    for (uint32_t o : ops) {
        const OperationRow op = report.operations()[o];
        QTreeWidgetItem* item = field(s, toQString(op.layer), toQString(op.name));
        item->setData(0, kKeyRole, toQString(operationKey(op)));
        item->setToolTip(1, tr("Double-click: show it in the Operations report"));
    }
}

void ProgramDetailsView::addSteps(const Report& report, uint32_t program)
{
    const ProgramIndex& index = report.programIndex();
    const auto steps = index.stepsOf(program);
    QTreeWidgetItem* s = addSection(tr("Execution steps"));
    if (steps.empty()) {
        const ProgramEstimates& estimates = report.programCycleEstimates();
        if (estimates.present && estimates.total[program] > 0)
            field(s, tr("Estimated"),
                (estimates.perExecution ? tr("%1 cycles for the steps below it, by the compiler")
                                        : tr("%1 cycles for one run, by the compiler"))
                    .arg(countText(estimates.total[program])));
        field(s, tr("None"),
            report.programs()[program].children.empty()
                ? tr("This program did not run in the profiled execution")
                : tr("Its children ran; see their steps"));
        return;
    }
    field(s, tr("Steps"), countText(steps.size()));
    field(s, tr("Cycles"), countText(index.ownCycles[program]));
    const ProgramEstimates& estimates = report.programCycleEstimates();
    if (estimates.present && estimates.own[program] > 0)
        field(s, tr("Estimated"),
            tr("%1 cycles (the compiler's, %2 a step)")
                .arg(countText(estimates.own[program] * steps.size()), countText(estimates.own[program])));
    const StepCycles& all = report.stepCycles();
    for (size_t i = 0; i < steps.size() && i < kProgramStepRows; ++i)
        field(s, tr("Step %1").arg(countText(steps[i])), countText(all.cycles[steps[i]]) + tr(" cycles"));
    if (steps.size() > kProgramStepRows)
        field(s, QStringLiteral("…"), tr("%1 more steps").arg(countText(steps.size() - kProgramStepRows)));
}

} // namespace popscope
