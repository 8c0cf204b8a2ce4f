#include "app/settings_location.hpp"

#include <QSettings>
#include <QStandardPaths>

namespace popscope {

SettingsLocation::SettingsLocation(const AppOptions& options)
{
    if (options.freshSettings) {
        m_fresh = std::make_unique<QTemporaryDir>();
        m_folder = m_fresh->path();
    } else if (!options.settingsDir.isEmpty()) {
        m_folder = options.settingsDir;
    }
    if (m_folder.isEmpty())
        return;
    // Qt keeps user-scope settings under the generic config location unless told otherwise.
    m_previous = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_folder);
}

SettingsLocation::~SettingsLocation()
{
    if (!m_folder.isEmpty())
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_previous);
}

} // namespace popscope
