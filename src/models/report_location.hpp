#pragma once
// Where a report lives, for the window's lists and titles: a local file (made absolute) or a
// remote address (ssh://user@host:port/path, kept as typed in its canonical form). Nothing here
// touches the network; a remote report is taken to be there until opening it says otherwise.
#include <QString>

namespace popscope {

struct ReportLocation {
    bool remote = false;
    QString canonical; // the absolute path, or ssh://…
    QString fileName; // demo.pop
    QString folder; // /data/reports, or host:/data/reports
    bool missing = false; // a local file that is not there (remote: never known without connecting)

    static ReportLocation of(const QString& path);
};

} // namespace popscope
