#include "views/programs/operation_columns_button.hpp"

#include "models/compare_table_model.hpp"
#include "models/programs/operations_model.hpp"
#include "models/settings_keys.hpp"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>

namespace popscope {

OperationColumnsButton::OperationColumnsButton(const OperationsModel* model, QWidget* parent)
    : QPushButton(tr("Columns"), parent)
    , m_model(model)
{
    m_hidden.assign(OperationsModel::ColumnCount, false);
    const QStringList hidden
        = QSettings()
              .value(SettingsKey::operationsHiddenColumns, QStringList { tr("Programs"), tr("Steps") })
              .toStringList();
    setToolTip(tr("Choose the columns shown (remembered)"));
    m_menu = new QMenu(this);
    for (int c = OperationsModel::DebugName; c < OperationsModel::ColumnCount; ++c) {
        const QString header = m_model->columns()[size_t(c)].header;
        m_hidden[size_t(c)] = hidden.contains(header);
        QAction* action = m_menu->addAction(header);
        action->setCheckable(true);
        action->setChecked(!m_hidden[size_t(c)]);
        connect(action, &QAction::toggled, this, [this, c](bool on) { setColumnVisible(c, on); });
    }
    setMenu(m_menu);
}

bool OperationColumnsButton::isColumnHidden(int column) const
{
    return column >= 0 && size_t(column) < m_hidden.size() && m_hidden[size_t(column)];
}

bool OperationColumnsButton::isColumnVisible(int column) const
{
    return column >= 0 && size_t(column) < m_hidden.size() && !m_hidden[size_t(column)];
}

void OperationColumnsButton::applyTo(QHeaderView* header, const CompareTableModel* join) const
{
    const int columns = header->count();
    for (int c = 0; c < columns; ++c)
        header->setSectionHidden(c, isColumnHidden(join ? join->baseColumn(c) : c));
}

void OperationColumnsButton::setColumnVisible(int column, bool visible)
{
    if (column <= OperationsModel::Name || column >= OperationsModel::ColumnCount)
        return;
    m_hidden[size_t(column)] = !visible;
    QStringList hidden;
    for (int c = 0; c < OperationsModel::ColumnCount; ++c)
        if (m_hidden[size_t(c)])
            hidden << m_model->columns()[size_t(c)].header;
    QSettings().setValue(SettingsKey::operationsHiddenColumns, hidden);
    const auto actions = m_menu->actions();
    if (column - 1 < actions.size() && actions[column - 1]->isChecked() != visible)
        actions[column - 1]->setChecked(visible);
    emit columnsChanged();
}

} // namespace popscope
