#include "views/programs/operation_flops_view.hpp"

#include "models/memory/tile_scope.hpp"
#include "popscope/operation_flops.hpp"
#include "popscope/report.hpp"
#include "popscope/units.hpp"

#include <optional>

namespace popscope {

namespace {

std::optional<OperationFlops> flopsOf(const Report* report, int64_t operation)
{
    if (!report || operation < 0)
        return std::nullopt;
    return operationFlops(report->operations(), report->operationAnalysis(), uint32_t(operation));
}

QString percent(double share)
{
    return QString::fromStdString(formatPercent(share));
}

} // namespace

OperationFlopsView::OperationFlopsView(QWidget* parent)
    : QTreeWidget(parent)
{
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
}

void OperationFlopsView::showMessage(const QString& message)
{
    clear();
    setHeaderLabels({ tr("FLOPs") });
    auto* item = new QTreeWidgetItem(this, { message });
    item->setFlags(Qt::NoItemFlags);
    item->setFirstColumnSpanned(true);
}

void OperationFlopsView::showOperation(const Report* source, int64_t so, const Report* target, int64_t to)
{
    const std::optional<OperationFlops> s = flopsOf(source, so), t = flopsOf(target, to);
    if ((!s || !s->available) && (!t || !t->available)) {
        showMessage(tr("This report holds no FLOP estimates. Compile with the engine option "
                       "profiler.includeFlopEstimates=true to have them."));
        return;
    }
    clear();
    const bool comparing = target != nullptr;
    setHeaderLabels(comparing ? QStringList { tr("Figure"), tr("Source"), tr("Target") }
                              : QStringList { tr("Figure"), tr("Value") });
    using Cell = QString (*)(const OperationFlops&);
    auto row = [&](const QString& figure, Cell cell) {
        QStringList cells { figure, s ? cell(*s) : tr("—") };
        if (comparing)
            cells << (t ? cell(*t) : tr("—"));
        auto* item = new QTreeWidgetItem(this, cells);
        for (int c = 1; c < cells.size(); ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    };
    row(tr("FLOPs"), [](const OperationFlops& f) { return countText(f.flops); });
    row(tr("FLOPs per cycle"),
        [](const OperationFlops& f) { return QString::number(f.flopsPerCycle, 'f', 2); });
    row(tr("Share of its layer's FLOPs"), [](const OperationFlops& f) { return percent(f.shareOfLayer()); });
    row(tr("Share of all FLOPs"), [](const OperationFlops& f) { return percent(f.shareOfTotal()); });
    row(tr("Rank in its layer by FLOPs"), [](const OperationFlops& f) {
        return tr("%1 of %2").arg(countText(f.rankInLayer), countText(f.layerOperations));
    });
    row(tr("Its layer's FLOPs per cycle"),
        [](const OperationFlops& f) { return QString::number(f.layerFlopsPerCycle, 'f', 2); });
    row(tr("FLOPs per cycle against its layer's"), [](const OperationFlops& f) {
        return f.layerFlopsPerCycle > 0 ? tr("%1×").arg(f.flopsPerCycle / f.layerFlopsPerCycle, 0, 'f', 2)
                                        : tr("—");
    });
    for (int c = 0; c < columnCount(); ++c)
        resizeColumnToContents(c);
}

} // namespace popscope
