#pragma once
// Keeps a table's first (name) column as wide as the room left by the other columns: the other
// columns fit their contents, the name column takes the rest of the viewport (never less than a
// minimum; a horizontal scroll bar appears instead). Long names are elided in the middle so the
// leaf of a path stays visible. The user can still drag any column; once the name column has been
// dragged, it keeps the user's width until the model is reset.
#include <QObject>

class QAbstractItemView;
class QHeaderView;

namespace popscope {

class ColumnFitter : public QObject {
    Q_OBJECT
public:
    // `header` is the view's column header.
    ColumnFitter(QAbstractItemView* view, QHeaderView* header, int minimumNameWidth = 200);

    // Sizes the other columns to their contents, then gives the name column the remaining width.
    void fitAll();
    // Only recomputes the name column's width (after a resize or a column drag).
    void fitName();
    // The column that takes the room left (0 unless set: a query's result has its names anywhere).
    void setNameColumn(int column) { m_nameColumn = column; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QAbstractItemView* m_view;
    QHeaderView* m_header;
    QWidget* m_viewport; // kept: while the view is destroyed its viewport still sends events
    int m_minimum;
    int m_nameColumn = 0;
    bool m_fitting = false;
    bool m_userSized = false;
    bool m_fitPending = false; // asked while hidden: fits when the viewport is shown
};

} // namespace popscope
