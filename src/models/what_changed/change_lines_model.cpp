#include "models/what_changed/change_lines_model.hpp"

#include "models/what_changed/change_target.hpp"

namespace popscope {

ChangeLinesModel::ChangeLinesModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("What changed"), Kind::Text, tr("The change in words; double-click to see its rows") },
        { tr("Measure"), Kind::Text, tr("What the line measures") },
        { tr("Subject"), Kind::Text, tr("The figure, variable, vertex type, … it is about") },
        { tr("Source"), Kind::Bytes, tr("In the source report") },
        { tr("Target"), Kind::Bytes, tr("In the target report") },
        { tr("Diff"), Kind::DiffBytes, tr("Target − source") },
        { tr("Diff %"), Kind::Percent, tr("(Target − source) ÷ source") } });
}

void ChangeLinesModel::setLines(std::vector<ChangeLine> lines)
{
    beginResetModel();
    m_lines = std::move(lines);
    endResetModel();
}

ReportTableModel::Kind ChangeLinesModel::cellKind(int row, int column) const
{
    const std::string& unit = m_lines[size_t(row)].unit;
    const bool bytes = unit == "bytes", share = unit == "percent";
    switch (column) {
    case Source:
    case Target:
        return bytes ? Kind::Bytes : share ? Kind::Share : Kind::Count;
    case Diff:
        return bytes ? Kind::DiffBytes : share ? Kind::DiffShare : Kind::DiffCount;
    default:
        return columnKind(column);
    }
}

int ChangeLinesModel::cellWorseDirection(int row, int) const
{
    return m_lines[size_t(row)].worse;
}

bool ChangeLinesModel::present(int row, int column) const
{
    const ChangeLine& l = m_lines[size_t(row)];
    if (column == DiffPercent && l.unit == "percent") // a share's change is in points (Diff)
        return false;
    if (column == Source || column == DiffPercent)
        return l.metric.rfind("new ", 0) != 0 && (column == Source || l.diff.fraction.has_value());
    if (column == Target)
        return l.metric.rfind("removed ", 0) != 0;
    return true;
}

QString ChangeLinesModel::absentText(int row, int column) const
{
    if (column == DiffPercent && m_lines[size_t(row)].targetValue > 0
        && m_lines[size_t(row)].unit != "percent")
        return m_lines[size_t(row)].metric.rfind("new ", 0) == 0 ? tr("new") : tr("from 0");
    return QStringLiteral("—");
}

QString ChangeLinesModel::text(int row, int column) const
{
    const ChangeLine& l = m_lines[size_t(row)];
    if (column == Sentence)
        return QString::fromStdString(describeChange(l, unit()));
    if (column == Change) {
        QString metric = QString::fromStdString(l.metric);
        return metric.isEmpty() ? metric : metric.left(1).toUpper() + metric.mid(1);
    }
    if (column == Subject)
        return QString::fromStdString(l.subject);
    return {};
}

uint64_t ChangeLinesModel::number(int row, int column) const
{
    const ChangeLine& l = m_lines[size_t(row)];
    const int64_t value = column == Source ? l.sourceValue : column == Target ? l.targetValue : 0;
    return value < 0 ? 0 : uint64_t(value);
}

int64_t ChangeLinesModel::signedNumber(int row, int) const
{
    return m_lines[size_t(row)].diff.absolute;
}

double ChangeLinesModel::fraction(int row, int) const
{
    return m_lines[size_t(row)].diff.fraction.value_or(0.0);
}

QString ChangeLinesModel::toolTip(int row, int column) const
{
    const ChangeLine& l = m_lines[size_t(row)];
    if ((column == Subject || column == Sentence) && !l.table.empty())
        return tr("%1 — double-click to see it in the %2 report")
            .arg(QString::fromStdString(l.subject), QString::fromStdString(l.page));
    return {};
}

NavigationTarget ChangeLinesModel::targetAt(int row) const
{
    return changeTarget(line(row));
}

} // namespace popscope
