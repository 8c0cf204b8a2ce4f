#include "app/open_error_dialog.hpp"
#include "models/report_location.hpp"

#include "app/recent_files.hpp"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QMessageBox>
#include <QPushButton>

namespace popscope {

namespace {

QString translated(const char* text)
{
    return QCoreApplication::translate("popscope::OpenErrorDialog", text);
}

// The file dialog, in the folder the report was in (or the nearest one that still exists).
QString pickReport(QWidget* parent, const QString& missingPath)
{
    QDir folder = QFileInfo(missingPath).dir();
    while (!folder.exists() && folder.cdUp()) { }
    return QFileDialog::getOpenFileName(parent,
        translated("Locate %1").arg(QFileInfo(missingPath).fileName()),
        folder.exists() ? folder.path() : QDir::homePath(),
        translated("IPU profiles (*.pop);;All files (*)"));
}

} // namespace

QString showOpenErrorDialog(QWidget* parent, const QString& path, const QString& message, RecentFiles* recent,
    const LocateReport& locate)
{
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Critical);
    box.setTextFormat(Qt::PlainText); // a file's name or a server's error is shown, never rendered
    box.setWindowTitle(translated("Cannot open report"));
    const ReportLocation location = ReportLocation::of(path);
    box.setText(translated("popscope could not open “%1”.").arg(location.fileName));
    box.setInformativeText(message);
    box.setDetailedText(translated("File: %1\nProblem: %2").arg(location.canonical, message));
    const bool inRecent = recent->reports().contains(location.canonical);
    QPushButton* find = nullptr;
    QPushButton* remove = nullptr;
    if (inRecent && location.missing)
        find = box.addButton(translated("Locate…"), QMessageBox::AcceptRole);
    if (inRecent && (location.missing || location.remote))
        remove = box.addButton(translated("Remove from Recent"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Close);
    // QMessageBox sizes itself to its first line: give long problems room instead of a narrow column.
    if (auto* grid = qobject_cast<QGridLayout*>(box.layout()))
        grid->addItem(new QSpacerItem(520, 0, QSizePolicy::Minimum, QSizePolicy::Expanding), grid->rowCount(),
            0, 1, grid->columnCount());
    box.exec();
    const QAbstractButton* clicked = box.clickedButton();
    if (remove && clicked == remove)
        recent->removeReport(location.canonical);
    if (!find || clicked != find)
        return {};
    const QString located = locate ? locate(location.canonical) : pickReport(parent, location.canonical);
    if (!located.isEmpty())
        recent->replaceReport(location.canonical, located);
    return located;
}

} // namespace popscope
