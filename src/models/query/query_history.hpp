#pragma once
// The queries run in the window, newest first, kept in the settings between runs of popscope:
// the History ▾ menu and the query the Query page starts with.
#include <QStringList>

namespace popscope {

class QueryHistory {
public:
    static constexpr int kMaxQueries = 50;
    static QStringList queries();
    // Puts `sql` first (once: an earlier run of the same text moves up), dropping the oldest.
    static void add(const QString& sql);
    static void clear();
};

} // namespace popscope
