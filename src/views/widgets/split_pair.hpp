#pragma once
// Two panes side by side (or stacked) that never collapse, the first taking 3/5 of the room:
// a report's table or tree and its details, or its upper half and chart.
#include <QSplitter>

namespace popscope {

inline QSplitter* splitPair(Qt::Orientation orientation, QWidget* first, QWidget* second, QWidget* parent)
{
    auto* split = new QSplitter(orientation, parent);
    split->addWidget(first);
    split->addWidget(second);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    return split;
}

} // namespace popscope
