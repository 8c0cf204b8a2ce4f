#include "views/page/page_parts.hpp"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

namespace popscope::PageParts {

QLabel* errorLabel(QWidget* parent, Qt::Alignment alignment)
{
    auto* label = new QLabel(parent);
    label->setVisible(false);
    label->setWordWrap(true);
    label->setAlignment(alignment);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, QColor(214, 39, 40));
    label->setPalette(palette);
    return label;
}

QLabel* hintLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QVBoxLayout* chartColumn(QWidget* column)
{
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    return layout;
}

QSplitter* chartAndTables(QWidget* chart, QWidget* tables, QWidget* parent)
{
    auto* splitter = new QSplitter(Qt::Vertical, parent);
    splitter->addWidget(chart);
    splitter->addWidget(tables);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({ 560, 380 });
    splitter->setChildrenCollapsible(false);
    return splitter;
}

} // namespace popscope::PageParts
