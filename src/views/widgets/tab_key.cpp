#include "views/widgets/tab_key.hpp"

#include <QTabWidget>
#include <QVariant>

namespace popscope {

namespace {
constexpr const char* kTabKey = "popscopeTabKey";
}

void setTabKey(QWidget* tab, int key)
{
    tab->setProperty(kTabKey, key);
}

int tabKeyAt(const QTabWidget* tabs, int index)
{
    const QWidget* tab = tabs->widget(index);
    const QVariant key = tab ? tab->property(kTabKey) : QVariant();
    return key.isValid() ? key.toInt() : -1;
}

int indexOfTabKey(const QTabWidget* tabs, int key)
{
    if (key < 0)
        return -1;
    for (int i = 0; i < tabs->count(); ++i)
        if (tabKeyAt(tabs, i) == key)
            return i;
    return -1;
}

bool showTabKey(QTabWidget* tabs, int key)
{
    const int index = indexOfTabKey(tabs, key);
    if (index >= 0)
        tabs->setCurrentIndex(index);
    return index >= 0;
}

} // namespace popscope
