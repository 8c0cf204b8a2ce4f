#include "views/page/page_load_panel.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace popscope {

PageLoadPanel::PageLoadPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_message(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_retry(new QPushButton(tr("Retry"), this))
{
    setAutoFillBackground(true); // covers the page's views, which still show the reports before
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setWordWrap(true);
    // Problems name files and quote servers: shown as text, never as markup.
    m_title->setTextFormat(Qt::PlainText);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bar->setTextVisible(false);
    m_bar->setFixedWidth(360);

    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_retry);
    buttons->addStretch();
    auto* column = new QVBoxLayout;
    column->setSpacing(10);
    column->addWidget(m_title);
    column->addWidget(m_message);
    column->addWidget(m_bar, 0, Qt::AlignHCenter);
    column->addLayout(buttons);
    auto* box = new QWidget(this);
    box->setMaximumWidth(640);
    box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    box->setLayout(column);
    // Centred by stretches, not by alignment: an aligned box gets its size hint's width while its
    // height is worked out for the whole width, which cut a wrapped title or message in half.
    auto* centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addWidget(box, 4);
    centred->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(2);
    layout->addLayout(centred);
    layout->addStretch(3);

    connect(m_cancel, &QPushButton::clicked, this, &PageLoadPanel::cancelRequested);
    connect(m_retry, &QPushButton::clicked, this, &PageLoadPanel::retryRequested);
}

void PageLoadPanel::showLoading(const QString& pageName)
{
    m_pageName = pageName;
    m_title->setText(tr("Reading what %1 shows…").arg(pageName));
    m_message->setText(QString());
    m_bar->setRange(0, 0); // busy until the first part's progress arrives
    m_bar->setVisible(true);
    m_cancel->setVisible(true);
    m_retry->setVisible(false);
}

void PageLoadPanel::setProgress(int done, int total, const QString& text)
{
    m_bar->setRange(0, std::max(total, 1));
    m_bar->setValue(done);
    m_message->setText(text);
}

void PageLoadPanel::showError(const QString& message)
{
    m_title->setText(tr("%1 could not read its part of the report").arg(m_pageName));
    m_message->setText(message);
    m_bar->setVisible(false);
    m_cancel->setVisible(false);
    m_retry->setText(tr("Retry"));
    m_retry->setVisible(true);
}

void PageLoadPanel::showCancelled()
{
    m_title->setText(tr("Loading %1 was cancelled").arg(m_pageName));
    m_message->setText(tr("The rest of the report is open. Load the page when you need it."));
    m_bar->setVisible(false);
    m_cancel->setVisible(false);
    m_retry->setText(tr("Load"));
    m_retry->setVisible(true);
}

QString PageLoadPanel::title() const
{
    return m_title->text();
}
QString PageLoadPanel::message() const
{
    return m_message->text();
}

} // namespace popscope
