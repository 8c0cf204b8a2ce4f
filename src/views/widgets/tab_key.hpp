#pragma once
// Tabs carry a stable key (their page's tab enum as a number) in a property of the tab's widget,
// so code and the command line find a tab by its key, never by its caption.
class QTabWidget;
class QWidget;

namespace popscope {

void setTabKey(QWidget* tab, int key);
// The tab's key, or -1 for a tab without one.
int tabKeyAt(const QTabWidget* tabs, int index);
// The index of the tab with `key`, or -1.
int indexOfTabKey(const QTabWidget* tabs, int key);
// Makes the tab with `key` current; false when there is none.
bool showTabKey(QTabWidget* tabs, int key);

} // namespace popscope
