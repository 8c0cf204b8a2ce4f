#pragma once
// The one Save dialog of the views (charts, tables, the trace): it opens in the folder of the
// last export, suggests a file name, adds the chosen filter's suffix when none was typed, and
// remembers the folder for the next export.
#include <QStandardPaths>
#include <QString>

#include <functional>

class QWidget;

namespace popscope {

// Asks where to save; "" when the user cancels. `suggestedName` carries its suffix ("x.csv");
// `filters` is a QFileDialog filter list, the first one chosen at the start. Without a remembered
// export folder the dialog opens in `fallback`.
QString askSavePath(QWidget* parent, const QString& title, const QString& suggestedName,
    const QString& filters, QStandardPaths::StandardLocation fallback = QStandardPaths::DocumentsLocation);

// Asks where to save a chart (PNG or SVG, suggesting `baseName`.png) and calls `save`; shows its
// error in a message box titled "Save chart".
void askAndSaveChart(
    QWidget* parent, const QString& baseName, const std::function<bool(const QString&, QString*)>& save);

} // namespace popscope
