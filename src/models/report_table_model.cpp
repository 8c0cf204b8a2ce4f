#include "models/report_table_model.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"

#include <QBrush>

#include <cmath>
#include <limits>

namespace popscope {

ReportTableModel::ReportTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ReportTableModel::setUnit(MemoryUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(
            index(0, 0), index(rowCount() - 1, columnCount() - 1), { Qt::DisplayRole, Qt::ToolTipRole });
}

int ReportTableModel::rowOfKey(std::string_view key) const
{
    for (int r = 0; r < rows(); ++r)
        if (keyView(r) == key)
            return r;
    return -1;
}

int ReportTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows();
}

int ReportTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString ReportTableModel::text(int, int) const
{
    return {};
}
uint64_t ReportTableModel::number(int, int) const
{
    return 0;
}
QString ReportTableModel::toolTip(int, int) const
{
    return {};
}
int64_t ReportTableModel::signedNumber(int, int) const
{
    return 0;
}
double ReportTableModel::fraction(int, int) const
{
    return 0.0;
}
bool ReportTableModel::present(int, int) const
{
    return true;
}
QString ReportTableModel::absentText(int, int) const
{
    return QStringLiteral("—");
}
int ReportTableModel::worseDirection(int) const
{
    return 1;
}

double ReportTableModel::sortSigned(int row, int column) const
{
    if (!present(row, column))
        return -std::numeric_limits<double>::infinity();
    switch (cellKind(row, column)) {
    case Kind::DiffBytes:
    case Kind::DiffCount:
    case Kind::DiffRatio:
    case Kind::DiffShare:
        return double(signedNumber(row, column));
    case Kind::Percent:
        return fraction(row, column);
    default:
        return double(number(row, column));
    }
}

namespace {
// "+" or "−" and the magnitude written by `text`; zero as "0".
template <typename Text> QString withSign(int64_t value, Text text)
{
    if (value == 0)
        return QStringLiteral("0");
    const uint64_t magnitude = value < 0 ? uint64_t(0) - uint64_t(value) : uint64_t(value);
    return (value < 0 ? QStringLiteral("−") : QStringLiteral("+")) + text(magnitude);
}
} // namespace

QString signedBytesText(int64_t bytes, MemoryUnit unit)
{
    return withSign(bytes, [unit](uint64_t magnitude) { return bytesText(magnitude, unit); });
}

QString signedCountText(int64_t value)
{
    return withSign(value, [](uint64_t magnitude) { return countText(magnitude); });
}

namespace {
QString ratioText(uint64_t thousandths)
{
    return QString::number(double(thousandths) / 1000.0, 'f', 2);
}
QString pointsText(uint64_t basisPoints)
{
    return QString::number(double(basisPoints) / 100.0, 'f', 2);
}
} // namespace

QString signedPercentText(double fraction)
{
    if (fraction == 0.0)
        return QStringLiteral("0%");
    // Past +1,000% a factor reads better: 16 B -> 6 MiB is "×400,384", not "+40,038,300%".
    if (fraction >= 10.0)
        return QStringLiteral("×%1").arg(
            QString::fromStdString(formatCount(uint64_t(std::llround(1.0 + fraction)))));
    const QString digits = QString::fromStdString(formatPercent(std::abs(fraction)));
    return (fraction < 0 ? QStringLiteral("−") : QStringLiteral("+")) + digits;
}

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
    const Kind kind = cellKind(row, column);
    const bool numeric = kind != Kind::Text && kind != Kind::Flag;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, column, kind);
    case SortRole:
        return sortData(row, column, kind);
    case Qt::TextAlignmentRole:
        if (numeric)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    case Qt::ForegroundRole:
        return foregroundData(row, column, kind);
    case Qt::ToolTipRole:
        return toolTipData(row, column, kind);
    default:
        break;
    }
    return {};
}

QVariant ReportTableModel::displayData(int row, int column, Kind kind) const
{
    if (kind != Kind::Text && !present(row, column))
        return absentText(row, column);
    switch (kind) {
    case Kind::Text:
        return text(row, column);
    case Kind::Bytes:
        return bytesText(number(row, column), m_unit);
    case Kind::Count:
        return countText(number(row, column));
    case Kind::Flag:
        return number(row, column) ? tr("Yes") : tr("No");
    case Kind::DiffBytes:
        return signedBytesText(signedNumber(row, column), m_unit);
    case Kind::DiffCount:
        return signedCountText(signedNumber(row, column));
    case Kind::Percent:
        return signedPercentText(fraction(row, column));
    case Kind::Ratio:
        return ratioText(number(row, column));
    case Kind::DiffRatio:
        return withSign(signedNumber(row, column), ratioText);
    case Kind::Share:
        return pointsText(number(row, column)) + QLatin1Char('%');
    case Kind::DiffShare:
        return withSign(signedNumber(row, column), pointsText) + QStringLiteral(" pp");
    }
    return {};
}

QVariant ReportTableModel::sortData(int row, int column, Kind kind) const
{
    if (kind == Kind::Text)
        return text(row, column);
    if (kind == Kind::Percent)
        return present(row, column) ? QVariant(fraction(row, column)) : QVariant();
    if (kind == Kind::Ratio)
        return double(number(row, column)) / 1000.0;
    if (kind == Kind::DiffRatio)
        return present(row, column) ? QVariant(double(signedNumber(row, column)) / 1000.0) : QVariant();
    if (isSigned(kind))
        return present(row, column) ? QVariant::fromValue<qlonglong>(signedNumber(row, column)) : QVariant();
    return QVariant::fromValue<qulonglong>(number(row, column));
}

QVariant ReportTableModel::foregroundData(int row, int column, Kind kind) const
{
    const int worse = cellWorseDirection(row, column);
    if (!isSigned(kind) || !present(row, column) || worse == 0)
        return {};
    const double value = sortSigned(row, column);
    if (value == 0.0)
        return {};
    return QBrush(value * worse > 0 ? CompareColors::worse() : CompareColors::better());
}

QVariant ReportTableModel::toolTipData(int row, int column, Kind kind) const
{
    QString tip = toolTip(row, column);
    if (tip.isEmpty() && kind == Kind::Bytes && present(row, column))
        tip = tr("%1 bytes").arg(countText(number(row, column)));
    if (tip.isEmpty() && kind == Kind::DiffBytes && present(row, column))
        tip = tr("%1 bytes").arg(signedCountText(signedNumber(row, column)));
    if (tip.isEmpty() && kind == Kind::Text)
        tip = text(row, column);
    return tip.isEmpty() ? QVariant() : QVariant(tip);
}

QVariant ReportTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || size_t(section) >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column& c = m_columns[size_t(section)];
    switch (role) {
    case Qt::DisplayRole:
        return c.header;
    case CsvHeaderRole:
        return c.kind == Kind::Bytes || c.kind == Kind::DiffBytes ? tr("%1 (bytes)").arg(c.header) : c.header;
    case Qt::ToolTipRole:
        return c.toolTip.isEmpty() ? QVariant() : QVariant(c.toolTip);
    default:
        return {};
    }
}

} // namespace popscope
