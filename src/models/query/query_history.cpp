#include "models/query/query_history.hpp"

#include <QSettings>

namespace popscope {

namespace {
const QString kKey = QStringLiteral("query/history");
}

QStringList QueryHistory::queries()
{
    return QSettings().value(kKey).toStringList();
}

void QueryHistory::add(const QString& sql)
{
    const QString text = sql.trimmed();
    if (text.isEmpty())
        return;
    QStringList list = queries();
    list.removeAll(text);
    list.prepend(text);
    while (list.size() > kMaxQueries)
        list.removeLast();
    QSettings().setValue(kKey, list);
}

void QueryHistory::clear()
{
    QSettings().remove(kKey);
}

} // namespace popscope
