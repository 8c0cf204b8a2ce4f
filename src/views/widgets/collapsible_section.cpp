#include "views/widgets/collapsible_section.hpp"

#include <QFrame>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

CollapsibleSection::CollapsibleSection(
    const QString& title, QWidget* body, const QString& settingsKey, QWidget* parent)
    : QWidget(parent)
    , m_body(body)
    , m_settingsKey(settingsKey)
{
    m_header = new QToolButton(this);
    m_header->setText(title);
    m_header->setCheckable(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setAutoRaise(true);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont f = m_header->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    m_header->setFont(f);
    auto* line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 6);
    layout->setSpacing(2);
    layout->addWidget(m_header);
    layout->addWidget(line);
    layout->addWidget(body);
    body->setContentsMargins(18, 4, 0, 4);
    connect(m_header, &QToolButton::toggled, this, [this](bool on) {
        m_header->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        m_body->setVisible(on);
        if (!m_settingsKey.isEmpty())
            QSettings().setValue(m_settingsKey, on);
    });
    const bool expanded = settingsKey.isEmpty() || QSettings().value(settingsKey, true).toBool();
    m_header->setChecked(expanded);
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

bool CollapsibleSection::isExpanded() const
{
    return m_header->isChecked();
}
void CollapsibleSection::setExpanded(bool expanded)
{
    m_header->setChecked(expanded);
}

} // namespace popscope
