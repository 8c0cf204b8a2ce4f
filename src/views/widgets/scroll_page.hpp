#pragma once

class QWidget;

namespace popscope {

// Report pages are taller than a small window: the page shows its content inside a frameless,
// resizable scroll area that fills the page.
void placeInScrollArea(QWidget* page, QWidget* content);

} // namespace popscope
