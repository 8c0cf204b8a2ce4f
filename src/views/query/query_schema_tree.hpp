#pragma once
// The query schema beside the editor: each table with its columns and their types; double-click
// inserts a name into the query. In compare mode the tables are listed twice, under `source` and
// `target`, and a table's name is inserted with its schema.
#include <QTreeWidget>

namespace popscope {

class QuerySchemaTree : public QTreeWidget {
    Q_OBJECT
public:
    explicit QuerySchemaTree(QWidget* parent = nullptr);
    void setComparing(bool comparing);

signals:
    void nameChosen(const QString& name);

private:
    void fill(QTreeWidgetItem* parent, const QString& schema);
    bool m_comparing = true; // so that the first setComparing(false) fills the tree
};

} // namespace popscope
