#pragma once
// The view of a flat table (TablePanel::Shape::Table): a QTableView that looks and moves like the
// trees beside it. A QTreeView lays out every row of a flat model and kept that layout, about 60
// bytes a row (82 MiB for bench-huge's 1.4 M variables); a QTableView keeps its row header's
// sections, 8 bytes a row. No grid, no row numbers, left-aligned headers, rows of a tree's height,
// sideways scrolling by pixels; Home and End go to the first and last row, Left and Right scroll
// sideways, and Tab leaves the table, as in a tree.
#include <QTableView>

namespace popscope {

class FlatTableView : public QTableView {
    Q_OBJECT
public:
    explicit FlatTableView(QWidget* parent = nullptr);

protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;
    void changeEvent(QEvent* event) override;

private:
    // Rows as high as a tree's item of one line of text (the style's item size, as the delegate
    // asks it), for the font and style in use.
    void fitRowHeight();
};

} // namespace popscope
