#pragma once
// The dialog for a report that cannot be opened: the file, the problem, its details, and — for a
// recent entry whose file has gone — Remove from Recent.
#include <QString>

class QWidget;

namespace popscope {

class RecentFiles;

void showOpenErrorDialog(QWidget* parent, const QString& path, const QString& message, RecentFiles* recent);

} // namespace popscope
