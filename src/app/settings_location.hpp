#pragma once
// Where QSettings live for this run: the user's own settings, a throw-away folder
// (--fresh-settings, --screenshot: nothing of the user's is read or changed), or a given folder
// (--settings-dir, for scripts). Kept alive for the whole run; the throw-away folder goes with it.
#include "app/app_options.hpp"

#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace popscope {

class SettingsLocation {
public:
    explicit SettingsLocation(const AppOptions& options);
    ~SettingsLocation();
    SettingsLocation(const SettingsLocation&) = delete;
    SettingsLocation& operator=(const SettingsLocation&) = delete;

    // The folder QSettings now use, or empty when they are the user's own.
    QString folder() const { return m_folder; }

private:
    std::unique_ptr<QTemporaryDir> m_fresh;
    QString m_folder;
    QString m_previous; // restored on destruction, so tests can use this class in turn
};

} // namespace popscope
