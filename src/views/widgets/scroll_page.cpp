#include "views/widgets/scroll_page.hpp"

#include <QScrollArea>
#include <QVBoxLayout>

namespace popscope {

void placeInScrollArea(QWidget* page, QWidget* content)
{
    auto* scroll = new QScrollArea(page);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(page);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

} // namespace popscope
