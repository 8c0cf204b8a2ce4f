#include "views/query/query_schema_tree.hpp"

#include "popscope/query.hpp"

#include <QHeaderView>

namespace popscope {

namespace {
constexpr int kNameRole = Qt::UserRole; // what double-clicking inserts
}

QuerySchemaTree::QuerySchemaTree(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("querySchema"));
    setColumnCount(2);
    setHeaderLabels({ tr("Table"), tr("Type") });
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(0, QHeaderView::Stretch);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    setToolTip(tr("The tables a query can read (docs/query.md). Double-click a name to insert it."));
    setUniformRowHeights(true);
    connect(this, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        const QString name = item->data(0, kNameRole).toString();
        if (!name.isEmpty())
            emit nameChosen(name);
    });
    setComparing(false);
}

void QuerySchemaTree::setComparing(bool comparing)
{
    if (comparing == m_comparing)
        return;
    m_comparing = comparing;
    clear();
    if (!comparing) {
        fill(invisibleRootItem(), QString());
        return;
    }
    for (const QString& schema : { QStringLiteral("source"), QStringLiteral("target") }) {
        auto* group = new QTreeWidgetItem(this, { schema });
        group->setData(0, kNameRole, schema);
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        fill(group, schema);
        group->setExpanded(true);
    }
}

void QuerySchemaTree::fill(QTreeWidgetItem* parent, const QString& schema)
{
    for (const QueryTableInfo& table : QuerySession::tables()) {
        const QString name = QString::fromStdString(table.name);
        auto* item = new QTreeWidgetItem(parent, { name });
        item->setData(0, kNameRole, schema.isEmpty() ? name : schema + QLatin1Char('.') + name);
        for (const auto& [column, type] : table.columns) {
            auto* child
                = new QTreeWidgetItem(item, { QString::fromStdString(column), QString::fromStdString(type) });
            child->setData(0, kNameRole, QString::fromStdString(column));
            child->setForeground(1, palette().brush(QPalette::PlaceholderText));
        }
    }
}

} // namespace popscope
