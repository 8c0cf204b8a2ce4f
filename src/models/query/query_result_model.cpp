#include "models/query/query_result_model.hpp"

#include "models/item_roles.hpp"

namespace popscope {

namespace {

constexpr int kLongText = 200; // cells longer than this show their start, the tooltip the rest

QVariant rawValue(const QueryValue& value)
{
    if (const auto* integer = std::get_if<int64_t>(&value))
        return qlonglong(*integer);
    if (const auto* real = std::get_if<double>(&value))
        return *real;
    return {};
}

} // namespace

QueryResultModel::QueryResultModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_runner(new QueryRunner(this))
{
    connect(m_runner, &QueryRunner::started, this, &QueryResultModel::start);
    connect(m_runner, &QueryRunner::rowsFetched, this, &QueryResultModel::append);
}

void QueryResultModel::run(const QString& sql)
{
    m_sql = sql;
    m_sortColumn = -1;
    m_runner->run(sql);
    emit queryStarted();
}

void QueryResultModel::clear()
{
    m_runner->discard();
    beginResetModel();
    m_sql.clear();
    m_columns.clear();
    m_origins.clear();
    m_rows = {};
    m_sortColumn = -1;
    endResetModel();
}

QString QueryResultModel::sqlShown() const
{
    if (m_sortColumn < 0)
        return m_sql;
    return QString::fromStdString(
        orderedQuery(m_sql.toStdString(), m_sortColumn, m_sortOrder == Qt::DescendingOrder));
}

void QueryResultModel::start(const QStringList& columns, const QStringList& origins)
{
    beginResetModel();
    m_columns = columns;
    m_origins = origins;
    m_rows = {};
    endResetModel();
}

void QueryResultModel::append(const std::shared_ptr<const QueryRows>& rows)
{
    if (rows->empty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows->size() - 1));
    m_rows.insert(m_rows.end(), rows->begin(), rows->end());
    endInsertRows();
}

int QueryResultModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int QueryResultModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant QueryResultModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size() || index.column() >= m_columns.size())
        return {};
    const QueryValue& value = m_rows[size_t(index.row())][size_t(index.column())];
    const bool number = std::holds_alternative<int64_t>(value) || std::holds_alternative<double>(value);
    switch (role) {
    case Qt::DisplayRole: {
        QString text = QString::fromStdString(queryValueText(value));
        if (text.size() > kLongText)
            text = text.left(kLongText) + QChar(0x2026);
        return text;
    }
    case Qt::ToolTipRole: {
        const QString text = QString::fromStdString(queryValueText(value));
        return text.size() > kLongText ? text : QVariant();
    }
    case Qt::TextAlignmentRole:
        return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case SortRole:
        return rawValue(value);
    default:
        return {};
    }
}

QVariant QueryResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0
        && section < m_columns.size())
        return m_columns[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

bool QueryResultModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_runner->hasMore();
}

void QueryResultModel::fetchMore(const QModelIndex& parent)
{
    if (!parent.isValid())
        m_runner->fetchMore();
}

void QueryResultModel::sort(int column, Qt::SortOrder order)
{
    if (m_sql.isEmpty() || (column == m_sortColumn && order == m_sortOrder))
        return;
    if (column < 0 && m_sortColumn < 0)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    m_runner->run(sqlShown());
    emit queryStarted();
}

} // namespace popscope
