#include "app/compare_bar.hpp"

#include "models/compare_colors.hpp"
#include "models/report_state.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace popscope {

namespace {
QLabel* fileLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}
} // namespace

CompareBar::CompareBar(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 6, 12, 6);
    layout->setSpacing(10);
    auto* title = new QLabel(tr("<b>Comparing</b>"), this);
    m_source = fileLabel(this);
    auto* arrow = new QLabel(QStringLiteral("→"), this);
    m_target = fileLabel(this);
    m_swap = new QPushButton(tr("⇄ Swap"), this);
    m_swap->setToolTip(tr("Make the target the source and the source the target (Ctrl+Shift+S)"));
    m_leave = new QPushButton(tr("Leave Compare Mode"), this);
    m_leave->setToolTip(tr("Keep only the source report open"));
    layout->addWidget(title);
    layout->addWidget(m_source);
    layout->addWidget(arrow);
    layout->addWidget(m_target);
    layout->addStretch(1);
    layout->addWidget(m_swap);
    layout->addWidget(m_leave);
    connect(m_swap, &QPushButton::clicked, this, &CompareBar::swapRequested);
    connect(m_leave, &QPushButton::clicked, this, &CompareBar::leaveRequested);
    connect(state, &ReportState::reportChanged, this, &CompareBar::follow);
    follow();
}

void CompareBar::follow()
{
    setVisible(m_state->isComparing());
    if (!m_state->isComparing())
        return;
    const auto source = m_state->report(), target = m_state->comparedReport();
    const auto chip
        = [](const QString& role, const QColor& colour, const QString& file, const QString& path) {
              return QStringLiteral("<span style='color:%1'>■</span> %2: <b title='%4'>%3</b>")
                  .arg(colour.name(), role, file.toHtmlEscaped(), path.toHtmlEscaped());
          };
    m_source->setText(chip(tr("Source"), CompareColors::source(), source->fileName(), source->path));
    m_target->setText(chip(tr("Target"), CompareColors::target(), target->fileName(), target->path));
    m_source->setToolTip(source->path);
    m_target->setToolTip(target->path);
}

QString CompareBar::text() const
{
    if (!m_state->isComparing())
        return {};
    return QStringLiteral("%1 → %2").arg(
        m_state->report()->fileName(), m_state->comparedReport()->fileName());
}

} // namespace popscope
