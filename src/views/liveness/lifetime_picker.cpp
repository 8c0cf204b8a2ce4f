#include "views/liveness/lifetime_picker.hpp"

#include <QCompleter>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QStringListModel>

namespace popscope {

LifetimePicker::LifetimePicker(QWidget* parent)
    : QWidget(parent)
{
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("Variable lifetime: type a name, or double-click a variable below"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setCompleter(new QCompleter(new QStringListModel(this), this));
    m_edit->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_edit->completer()->setFilterMode(Qt::MatchContains);
    auto* clear = new QPushButton(tr("Clear lifetimes"), this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2); // as the chart column it sits in
    layout->addWidget(m_edit, 1);
    layout->addWidget(clear);
    connect(m_edit, &QLineEdit::returnPressed, this, [this] { emit picked(m_edit->text().trimmed()); });
    connect(clear, &QPushButton::clicked, this, &LifetimePicker::cleared);
}

void LifetimePicker::setNames(const QStringList& names)
{
    static_cast<QStringListModel*>(m_edit->completer()->model())->setStringList(names);
}

} // namespace popscope
