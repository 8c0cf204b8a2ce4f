#pragma once
// The Operations table's column chooser: a "Columns" button whose menu checks every column but
// the name. The hidden columns are remembered in the settings by their headers.
#include <QPushButton>

#include <vector>

class QMenu;
class QHeaderView;

namespace popscope {

class CompareTableModel;
class OperationsModel;

class OperationColumnsButton : public QPushButton {
    Q_OBJECT
public:
    OperationColumnsButton(const OperationsModel* model, QWidget* parent);
    // Column: an OperationsModel::Column; one out of range is neither hidden nor visible.
    bool isColumnHidden(int column) const;
    bool isColumnVisible(int column) const;
    // Hides or shows a column, remembers it and ticks its menu entry; the name stays shown.
    void setColumnVisible(int column, bool visible);
    // Hides the view's sections of the hidden columns; `join` maps them in compare mode (null: single).
    void applyTo(QHeaderView* header, const CompareTableModel* join) const;

signals:
    void columnsChanged();

private:
    const OperationsModel* m_model;
    QMenu* m_menu;
    std::vector<bool> m_hidden;
};

} // namespace popscope
