#include "views/liveness/cycle_estimate_columns.hpp"

#include "models/memory/tile_scope.hpp"
#include "popscope/liveness.hpp"
#include "popscope/report.hpp"

#include <QCoreApplication>

namespace popscope {

namespace {

QString stepName(const StepColumn& column)
{
    return column.step < 0 ? QCoreApplication::translate("CycleEstimateColumns", "no matching step")
                           : QCoreApplication::translate("CycleEstimateColumns", "Step %1")
                                 .arg(countText(uint64_t(column.step)));
}

QString estimatedToolTip()
{
    return QCoreApplication::translate("CycleEstimateColumns",
        "The compiler's estimate of one execution: on each IPU, the slowest tile of the step's compute "
        "set or exchange");
}

QString measuredToolTip()
{
    return QCoreApplication::translate(
        "CycleEstimateColumns", "Measured cycles of one execution: the mean over the step's executions");
}

// One step of one report: Estimated, Measured and, alone (in compare mode the columns would crowd
// out the comparison), Measured − Estimated, where it has them.
void addStep(std::vector<NameTreeModel::Column>& out, const StepColumn& column, int index,
    const QString& prefix, bool withDifference)
{
    const CycleSources has = cycleSources(column.report);
    const int estimated = int(estimatedValue(size_t(index))), measured = int(measuredValue(size_t(index)));
    const bool missing = column.step < 0;
    if (has.estimated)
        out.push_back({ QCoreApplication::translate("CycleEstimateColumns", "%1 · Estimated").arg(prefix),
            estimatedToolTip(), estimated, -1, missing });
    if (has.measured)
        out.push_back(
            { has.estimated ? QCoreApplication::translate("CycleEstimateColumns", "%1 · Measured").arg(prefix)
                            : prefix,
                measuredToolTip(), measured, -1, missing });
    if (withDifference && has.estimated && has.measured)
        out.push_back({ QCoreApplication::translate("CycleEstimateColumns", "%1 · Difference").arg(prefix),
            QCoreApplication::translate(
                "CycleEstimateColumns", "Measured − estimated cycles of one execution"),
            measured, estimated, missing });
}

// Compare mode: the difference on what both reports hold, measured cycles first.
void addCompareDiff(std::vector<NameTreeModel::Column>& out, const StepColumn& source,
    const StepColumn& target, int sourceIndex)
{
    const CycleSources s = cycleSources(source.report), t = cycleSources(target.report);
    const size_t a = size_t(sourceIndex), b = size_t(sourceIndex + 1);
    if (s.measured && t.measured)
        out.push_back({ QCoreApplication::translate("CycleEstimateColumns", "Diff · Measured"),
            QCoreApplication::translate(
                "CycleEstimateColumns", "Target − source, measured cycles of one execution"),
            int(measuredValue(b)), int(measuredValue(a)), target.step < 0 });
    else if (s.estimated && t.estimated)
        out.push_back({ QCoreApplication::translate("CycleEstimateColumns", "Diff · Estimated"),
            QCoreApplication::translate(
                "CycleEstimateColumns", "Target − source, estimated cycles of one execution"),
            int(estimatedValue(b)), int(estimatedValue(a)), target.step < 0 });
}

} // namespace

CycleSources cycleSources(const Report* report)
{
    if (!report)
        return {};
    return { report->profileHasEstimates(), report->programCycles().hasExecution };
}

std::vector<NameTreeModel::Column> cycleEstimateColumns(
    const std::vector<StepColumn>& columns, bool comparing)
{
    std::vector<NameTreeModel::Column> out;
    if (!comparing) {
        for (size_t i = 0; i < columns.size(); ++i)
            addStep(out, columns[i], int(i), stepName(columns[i]), true);
        return out;
    }
    // One step compared: the info line names it, and the headers stay short enough for five columns.
    const bool oneStep = columns.size() == 2;
    const auto prefix = [oneStep](const char* side, const StepColumn& column) {
        const QString name = QCoreApplication::translate("CycleEstimateColumns", side);
        return oneStep ? name : QStringLiteral("%1 · %2").arg(name, stepName(column));
    };
    for (size_t i = 0; i + 1 < columns.size(); i += 2) {
        addStep(out, columns[i], int(i),
            prefix(QT_TRANSLATE_NOOP("CycleEstimateColumns", "Source"), columns[i]), false);
        addStep(out, columns[i + 1], int(i + 1),
            prefix(QT_TRANSLATE_NOOP("CycleEstimateColumns", "Target"), columns[i + 1]), false);
        addCompareDiff(out, columns[i], columns[i + 1], int(i));
    }
    return out;
}

} // namespace popscope
