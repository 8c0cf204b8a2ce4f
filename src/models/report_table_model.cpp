#include "models/report_table_model.hpp"

#include "models/tile_scope.hpp"

namespace popscope {

ReportTableModel::ReportTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ReportTableModel::setUnit(MemoryUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole, Qt::ToolTipRole});
}

int ReportTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rows(); }

int ReportTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString ReportTableModel::text(int, int) const { return {}; }
uint64_t ReportTableModel::number(int, int) const { return 0; }
QString ReportTableModel::toolTip(int, int) const { return {}; }

void ReportTableModel::setHeader(int column, const QString& header)
{
    if (column < 0 || size_t(column) >= m_columns.size() || m_columns[size_t(column)].header == header)
        return;
    m_columns[size_t(column)].header = header;
    emit headerDataChanged(Qt::Horizontal, column, column);
}

QVariant ReportTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row(), column = index.column();
    const Kind kind = m_columns[size_t(column)].kind;
    switch (role) {
    case Qt::DisplayRole:
        switch (kind) {
        case Kind::Text: return text(row, column);
        case Kind::Bytes: return bytesText(number(row, column), m_unit);
        case Kind::Count: return countText(number(row, column));
        case Kind::Flag: return number(row, column) ? QStringLiteral("Yes") : QStringLiteral("No");
        }
        break;
    case SortRole:
        if (kind == Kind::Text)
            return text(row, column);
        return QVariant::fromValue<qulonglong>(number(row, column));
    case Qt::TextAlignmentRole:
        if (kind == Kind::Bytes || kind == Kind::Count)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case Qt::ToolTipRole: {
        QString tip = toolTip(row, column);
        if (tip.isEmpty() && kind == Kind::Bytes)
            tip = countText(number(row, column)) + QStringLiteral(" bytes");
        if (tip.isEmpty() && kind == Kind::Text)
            tip = text(row, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default: break;
    }
    return {};
}

QVariant ReportTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || size_t(section) >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column& c = m_columns[size_t(section)];
    switch (role) {
    case Qt::DisplayRole: return c.header;
    case CsvHeaderRole: return c.kind == Kind::Bytes ? c.header + QStringLiteral(" (bytes)") : c.header;
    case Qt::ToolTipRole: return c.toolTip.isEmpty() ? QVariant() : QVariant(c.toolTip);
    default: return {};
    }
}

} // namespace popscope
