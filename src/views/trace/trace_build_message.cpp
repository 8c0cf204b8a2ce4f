#include "views/trace/trace_build_message.hpp"

#include <QLabel>
#include <QProgressBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace popscope {

TraceBuildMessage::TraceBuildMessage(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    m_message = new QLabel(this);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(420);
    m_cancel = new QToolButton(this);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop building the trace; the other reports stay usable"));
    m_cancel->setAutoRaise(false);
    connect(m_cancel, &QToolButton::clicked, this, &TraceBuildMessage::cancelClicked);
    layout->addWidget(m_message);
    layout->addWidget(m_progress, 0, Qt::AlignHCenter);
    layout->addWidget(m_cancel, 0, Qt::AlignHCenter);
    layout->addStretch(1);
}

void TraceBuildMessage::showText(const QString& text, bool busy)
{
    m_message->setText(text);
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    m_progress->setValue(0);
}

void TraceBuildMessage::setProgress(int percent, const QString& text)
{
    m_progress->setValue(percent);
    m_message->setText(text);
}

QString TraceBuildMessage::text() const
{
    return m_message->text();
}

} // namespace popscope
