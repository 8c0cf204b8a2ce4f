#include "models/liveness/name_tree_model.hpp"

#include "models/compare_colors.hpp"
#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"

#include <QBrush>
#include <QFont>

namespace popscope {

NameTreeModel::NameTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    clear();
}

void NameTreeModel::setCountNoun(const QString& singular, const QString& plural)
{
    m_singular = singular;
    m_plural = plural;
}

void NameTreeModel::clear()
{
    setTree(NameTreeBuilder(0).build(), {});
}

void NameTreeModel::setTree(NameTree tree, std::vector<Column> columns, Unit unit)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_columns = std::move(columns);
    m_valueUnit = unit;
    endResetModel();
}

void NameTreeModel::setUnit(MemoryUnit unit)
{
    if (unit == m_unit)
        return;
    beginResetModel(); // a tree: every cell's text changes, expansion is restored by the views
    m_unit = unit;
    endResetModel();
}

QModelIndex NameTreeModel::indexOfPath(const QString& path) const
{
    const int64_t node = m_tree.find(path.toStdString());
    if (node < 0 || m_tree.nodes.empty() || (node == 0 && m_columns.empty()))
        return {};
    return createIndex(int(m_tree.rowInParent(size_t(node))), 0, quintptr(node));
}

QString NameTreeModel::pathAt(const QModelIndex& index) const
{
    return index.isValid() ? QString::fromStdString(m_tree.path(nodeOf(index))) : QString();
}

int64_t NameTreeModel::sortNumber(const QModelIndex& index) const
{
    if (!index.isValid() || index.column() == 0)
        return 0;
    const Column& column = m_columns[size_t(index.column() - 1)];
    const uint32_t node = nodeOf(index);
    if (column.missing)
        return 0;
    const auto value = int64_t(m_tree.value(node, size_t(column.value)));
    if (column.minus >= 0)
        return value - int64_t(m_tree.value(node, size_t(column.minus)));
    return m_tree.has(node, size_t(column.value)) ? value : 0;
}

QModelIndex NameTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount())
        return {};
    if (!parent.isValid())
        return row == 0 && !m_columns.empty() ? createIndex(0, column, quintptr(0)) : QModelIndex();
    const NameTree::Node& node = m_tree.nodes[nodeOf(parent)];
    if (size_t(row) >= node.childCount)
        return {};
    return createIndex(row, column, quintptr(node.firstChild + uint32_t(row)));
}

QModelIndex NameTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int32_t parent = m_tree.nodes[nodeOf(child)].parent;
    if (parent < 0)
        return {};
    return createIndex(int(m_tree.rowInParent(size_t(parent))), 0, quintptr(parent));
}

int NameTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return m_columns.empty() ? 0 : 1; // the Total row
    if (parent.column() != 0)
        return 0;
    return int(m_tree.nodes[nodeOf(parent)].childCount);
}

int NameTreeModel::columnCount(const QModelIndex&) const
{
    return 1 + int(m_columns.size());
}

QString NameTreeModel::valueText(uint64_t value) const
{
    return m_valueUnit == Unit::Bytes ? bytesText(value, m_unit) : countText(value);
}

QVariant NameTreeModel::cell(uint32_t node, const Column& column, int role) const
{
    const size_t a = size_t(column.value);
    const bool isDiff = column.minus >= 0;
    const uint64_t value = m_tree.value(node, a);
    const bool present
        = !column.missing && (m_tree.has(node, a) || (isDiff && m_tree.has(node, size_t(column.minus))));
    const int64_t diff = isDiff ? int64_t(value) - int64_t(m_tree.value(node, size_t(column.minus))) : 0;
    switch (role) {
    case Qt::DisplayRole:
        if (!present)
            return QStringLiteral("—");
        if (!isDiff)
            return valueText(value);
        if (m_valueUnit == Unit::Bytes)
            return signedBytesText(diff, m_unit);
        return signedCountText(diff);
    case SortRole: // a row a column lacks sorts as 0, below every row it has
        return isDiff ? QVariant::fromValue<qlonglong>(diff)
                      : QVariant::fromValue<qulonglong>(present ? value : 0);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::ForegroundRole:
        if (isDiff && present && diff != 0)
            return QBrush(diff > 0 ? CompareColors::worse() : CompareColors::better());
        return {};
    case Qt::ToolTipRole: {
        if (!present)
            return tr("None in %1").arg(column.header);
        const QString unit = m_valueUnit == Unit::Bytes ? tr(" bytes") : tr(" cycles");
        if (isDiff)
            return signedCountText(diff) + unit;
        const uint64_t count = m_tree.count(node, a);
        return countText(value) + unit + QStringLiteral(" · ") + countText(count) + QLatin1Char(' ')
            + (count == 1 ? m_singular : m_plural);
    }
    default:
        return {};
    }
}

QVariant NameTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const NameTree::Node& node = m_tree.nodes[nodeOf(index)];
    if (index.column() > 0)
        return cell(nodeOf(index), m_columns[size_t(index.column() - 1)], role);
    switch (role) {
    case Qt::DisplayRole:
    case SortRole: {
        const std::string_view label = m_tree.label(nodeOf(index));
        return toQString(label);
    }
    case Qt::ToolTipRole:
        return node.parent < 0 ? tr("Total of every row")
                               : QString::fromStdString(m_tree.path(nodeOf(index)));
    case Qt::FontRole:
        if (node.parent < 0) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant NameTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    const bool bytes = m_valueUnit == Unit::Bytes;
    if (section == 0) {
        if (role == Qt::DisplayRole || role == CsvHeaderRole)
            return tr("Name");
        return {};
    }
    const Column& c = m_columns[size_t(section - 1)];
    switch (role) {
    case Qt::DisplayRole:
        return c.header;
    case CsvHeaderRole:
        return c.header + (bytes ? tr(" (bytes)") : tr(" (cycles)"));
    case Qt::ToolTipRole:
        return c.toolTip.isEmpty() ? QVariant() : QVariant(c.toolTip);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

} // namespace popscope
