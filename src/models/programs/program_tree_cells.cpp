#include "models/programs/program_tree_cells.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/programs/program_tree_model.hpp"
#include "models/programs/program_type_style.hpp"
#include "models/qt_text.hpp"

#include <QBrush>
#include <QCoreApplication>

namespace popscope {

namespace {

using Column = ProgramTreeModel::Column;

QString signedCycles(int64_t value)
{
    if (value == 0)
        return QStringLiteral("0");
    return (value > 0 ? QStringLiteral("+") : QStringLiteral("−"))
        + countText(uint64_t(value > 0 ? value : -value));
}

QString diffPercentText(const ProgramRowFigures& f)
{
    if (!f.inTarget)
        return QCoreApplication::translate("ProgramTreeModel", "only in source");
    if (!f.diff.fraction)
        return f.diff.absolute ? QCoreApplication::translate("ProgramTreeModel", "from 0")
                               : QStringLiteral("—");
    return (*f.diff.fraction > 0 ? QStringLiteral("+") : QString())
        + QString::number(100.0 * *f.diff.fraction, 'f', 1) + QLatin1Char('%');
}

int64_t estimateDiff(const ProgramRowFigures& f)
{
    return signedDiff(f.estimated, f.cycles).absolute; // measured − estimated
}

QString headerText(int section, bool comparing, CycleBasis basis)
{
    const bool estimated = basis == CycleBasis::Estimated;
    switch (section) {
    case Column::Name:
        return QCoreApplication::translate("ProgramTreeModel", "Program");
    case Column::Type:
        return QCoreApplication::translate("ProgramTreeModel", "Type");
    case Column::Steps:
        return QCoreApplication::translate("ProgramTreeModel", "Steps");
    case Column::Cycles:
        if (comparing)
            return estimated ? QCoreApplication::translate("ProgramTreeModel", "Est. cycles · Source")
                             : QCoreApplication::translate("ProgramTreeModel", "Cycles · Source");
        return estimated ? QCoreApplication::translate("ProgramTreeModel", "Est. cycles")
                         : QCoreApplication::translate("ProgramTreeModel", "Cycles");
    case Column::Estimated:
        return QCoreApplication::translate("ProgramTreeModel", "Estimated");
    case Column::EstimateDiff:
        return QCoreApplication::translate("ProgramTreeModel", "Measured − est.");
    case Column::Share:
        return QCoreApplication::translate("ProgramTreeModel", "% of run");
    case Column::TargetCycles:
        return estimated ? QCoreApplication::translate("ProgramTreeModel", "Est. cycles · Target")
                         : QCoreApplication::translate("ProgramTreeModel", "Cycles · Target");
    case Column::Diff:
        return estimated ? QCoreApplication::translate("ProgramTreeModel", "Est. cycles · Diff")
                         : QCoreApplication::translate("ProgramTreeModel", "Cycles · Diff");
    case Column::DiffPercent:
        return estimated ? QCoreApplication::translate("ProgramTreeModel", "Est. cycles · Diff %")
                         : QCoreApplication::translate("ProgramTreeModel", "Cycles · Diff %");
    }
    return {};
}

QString headerToolTip(int section, CycleBasis basis)
{
    switch (section) {
    case Column::Steps:
        return QCoreApplication::translate("ProgramTreeModel",
            "Execution steps of the program and its children (a Repeat's body runs once per count)");
    case Column::Cycles:
        return basis == CycleBasis::Estimated
            ? QCoreApplication::translate("ProgramTreeModel",
                "The compiler's estimate (the report holds no execution): each compute set and exchange "
                "at its slowest tile, once per place in the tree, a Repeat's body once per count")
            : QCoreApplication::translate("ProgramTreeModel",
                "Cycles of the program's steps and its children's, each step at its slowest IPU");
    case Column::Estimated:
        return QCoreApplication::translate("ProgramTreeModel",
            "The compiler's estimate of the same steps: each compute set and exchange at its slowest "
            "tile, once per execution");
    case Column::EstimateDiff:
        return QCoreApplication::translate(
            "ProgramTreeModel", "Measured cycles − the compiler's estimate (red: slower than estimated)");
    case Column::Share:
        return QCoreApplication::translate("ProgramTreeModel", "Share of the control programs' cycles");
    case Column::TargetCycles:
        return QCoreApplication::translate(
            "ProgramTreeModel", "The target's program of the same name (the k-th of that name)");
    default:
        return {};
    }
}

} // namespace

QVariant programCellText(const ProgramRow& p, int column, const ProgramRowFigures& f, uint64_t rootCycles)
{
    switch (column) {
    case Column::Name:
        return p.name.empty() ? QCoreApplication::translate("ProgramTreeModel", "(unnamed)")
                              : toQString(p.name);
    case Column::Type:
        return p.type == "Repeat"
            ? QCoreApplication::translate("ProgramTreeModel", "Repeat ×%1").arg(countText(p.repeatCount))
            : toQString(p.type);
    case Column::Steps:
        return countText(f.steps);
    case Column::Cycles:
        return countText(f.cycles);
    case Column::Estimated:
        return f.hasEstimate ? countText(f.estimated) : QStringLiteral("—");
    case Column::EstimateDiff:
        return f.hasEstimate ? signedCycles(estimateDiff(f)) : QStringLiteral("—");
    case Column::Share:
        return rootCycles
            ? QString::number(100.0 * double(f.cycles) / double(rootCycles), 'f', 1) + QLatin1Char('%')
            : QStringLiteral("—");
    case Column::TargetCycles:
        return f.inTarget ? countText(f.target) : QStringLiteral("—");
    case Column::Diff:
        return f.inTarget ? signedCycles(f.diff.absolute) : QStringLiteral("—");
    case Column::DiffPercent:
        return diffPercentText(f);
    }
    return {};
}

QVariant programCellSortNumber(int column, const ProgramRowFigures& f)
{
    switch (column) {
    case Column::Steps:
        return qulonglong(f.steps);
    case Column::Cycles:
        return qulonglong(f.cycles);
    case Column::Estimated:
        return qulonglong(f.estimated);
    case Column::EstimateDiff:
        return qlonglong(f.hasEstimate ? estimateDiff(f) : 0);
    case Column::TargetCycles:
        return qulonglong(f.target);
    case Column::Diff:
        return qlonglong(f.diff.absolute);
    default:
        return {};
    }
}

QVariant programCellToolTip(const ProgramRow& p, int column, const ProgramRowFigures& f, CycleBasis basis)
{
    if (column == Column::Name || column == Column::Type)
        return toQString(p.name) + QCoreApplication::translate("popscope::ProgramTreeCells", "\n")
            + programTypeToolTip(p.type);
    if (column == Column::Cycles || column == Column::Estimated || column == Column::EstimateDiff)
        return headerToolTip(column, basis);
    if (column == Column::DiffPercent && !f.inTarget)
        return QCoreApplication::translate("ProgramTreeModel", "No program of this name in the target");
    return {};
}

QVariant programCellForeground(const ProgramRow& p, int column, const ProgramRowFigures& f)
{
    if (column == Column::Diff || column == Column::DiffPercent) {
        if (f.inTarget && f.diff.absolute != 0)
            return QBrush(f.diff.absolute > 0 ? CompareColors::worse() : CompareColors::better());
    }
    if (column == Column::EstimateDiff && f.hasEstimate && estimateDiff(f) != 0)
        return QBrush(estimateDiff(f) > 0 ? CompareColors::worse() : CompareColors::better());
    if (column == Column::Type)
        return QBrush(programTypeColor(p.type).darker(115));
    return {};
}

QVariant programColumnHeader(int section, int role, bool comparing, CycleBasis basis)
{
    if (role == Qt::DisplayRole)
        return headerText(section, comparing, basis);
    if (role == Qt::ToolTipRole) {
        const QString tip = headerToolTip(section, basis);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    return {};
}

} // namespace popscope
