#pragma once
// The dialog for a report that cannot be opened: the file, the problem, its details, and — for a
// recent entry whose file has gone — Locate… (pick where it is now: it takes the entry's place in
// Recent) or Remove from Recent.
#include <QString>

#include <functional>

class QWidget;

namespace popscope {

class RecentFiles;

// Asks where a missing report is now (a file dialog); "" when the user gives up.
using LocateReport = std::function<QString(const QString& missingPath)>;

// Shows the dialog; returns the report the user located (to open), or "".
QString showOpenErrorDialog(QWidget* parent, const QString& path, const QString& message, RecentFiles* recent,
    const LocateReport& locate = {});

} // namespace popscope
