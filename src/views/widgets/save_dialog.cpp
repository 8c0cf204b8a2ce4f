#include "views/widgets/save_dialog.hpp"

#include "models/save_path.hpp"
#include "models/settings_keys.hpp"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

namespace popscope {

QString askSavePath(QWidget* parent, const QString& title, const QString& suggestedName,
    const QString& filters, QStandardPaths::StandardLocation fallback)
{
    QSettings settings;
    const QString folder
        = settings.value(SettingsKey::exportFolder, QStandardPaths::writableLocation(fallback)).toString();
    QString chosenFilter;
    const QString typed = QFileDialog::getSaveFileName(
        parent, title, folder + QLatin1Char('/') + suggestedName, filters, &chosenFilter);
    if (typed.isEmpty())
        return {};
    // No filter reported (some platforms' dialogs): the first of the list.
    const QString path = withFilterSuffix(typed, chosenFilter.isEmpty() ? filters : chosenFilter);
    settings.setValue(SettingsKey::exportFolder, QFileInfo(path).absolutePath());
    return path;
}

void askAndSaveChart(
    QWidget* parent, const QString& baseName, const std::function<bool(const QString&, QString*)>& save)
{
    const QString path = askSavePath(parent,
        QCoreApplication::translate("popscope::SaveDialog", "Save chart"), baseName + QStringLiteral(".png"),
        QCoreApplication::translate("popscope::SaveDialog", "PNG image (*.png);;SVG image (*.svg)"),
        QStandardPaths::PicturesLocation);
    if (path.isEmpty())
        return;
    QString error;
    if (!save(path, &error))
        QMessageBox::warning(
            parent, QCoreApplication::translate("popscope::SaveDialog", "Save chart"), error);
}

} // namespace popscope
