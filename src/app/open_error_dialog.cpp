#include "app/open_error_dialog.hpp"
#include "models/report_location.hpp"

#include "app/recent_files.hpp"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QGridLayout>
#include <QMessageBox>
#include <QPushButton>

namespace popscope {

void showOpenErrorDialog(QWidget* parent, const QString& path, const QString& message, RecentFiles* recent)
{
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Critical);
    box.setTextFormat(Qt::PlainText); // a file's name or a server's error is shown, never rendered
    box.setWindowTitle(QCoreApplication::translate("popscope::OpenErrorDialog", "Cannot open report"));
    const ReportLocation location = ReportLocation::of(path);
    box.setText(QCoreApplication::translate("popscope::OpenErrorDialog", "popscope could not open “%1”.")
                    .arg(location.fileName));
    box.setInformativeText(message);
    box.setDetailedText(QCoreApplication::translate("popscope::OpenErrorDialog", "File: %1\nProblem: %2")
                            .arg(location.canonical, message));
    QPushButton* remove = nullptr;
    if (recent->reports().contains(location.canonical) && (location.missing || location.remote))
        remove = box.addButton(QCoreApplication::translate("popscope::OpenErrorDialog", "Remove from Recent"),
            QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Close);
    // QMessageBox sizes itself to its first line: give long problems room instead of a narrow column.
    if (auto* grid = qobject_cast<QGridLayout*>(box.layout()))
        grid->addItem(new QSpacerItem(520, 0, QSizePolicy::Minimum, QSizePolicy::Expanding), grid->rowCount(),
            0, 1, grid->columnCount());
    box.exec();
    if (remove && box.clickedButton() == static_cast<QAbstractButton*>(remove))
        recent->removeReport(location.canonical);
}

} // namespace popscope
