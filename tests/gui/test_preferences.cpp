// Preferences: the remote reports' timeout and disk cache reach the settings new connections use
// (and the stored settings), and turning the disk cache off also stops opening from it.
#include "app/preferences_dialog.hpp"
#include "models/settings_keys.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QCheckBox>
#include <QSettings>
#include <QSpinBox>

#include <catch2/catch.hpp>

using namespace popscope;

TEST_CASE("preferences: the SSH timeout and the disk cache apply to new connections", "[polish][prefs]")
{
    remote::RemoteSettings before;
    before.timeoutSeconds = 15;
    before.diskCache = true;
    before.openFromCache = true;
    remote::setRemoteSettings(before);

    PreferencesDialog dialog(MemoryUnit::Binary);
    auto* timeout = dialog.findChild<QSpinBox*>(QStringLiteral("sshTimeout"));
    auto* diskCache = dialog.findChild<QCheckBox*>(QStringLiteral("sshDiskCache"));
    REQUIRE(timeout);
    REQUIRE(diskCache);
    CHECK(timeout->value() == 15);
    CHECK(diskCache->isChecked());
    if (const QString shot = qEnvironmentVariable("POPSCOPE_PREFERENCES_SHOT"); !shot.isEmpty()) {
        dialog.show();
        dialog.grab().save(shot);
    }

    timeout->setValue(40);
    diskCache->setChecked(false);
    dialog.accept();
    const remote::RemoteSettings after = remote::remoteSettings();
    CHECK(after.timeoutSeconds == 40);
    CHECK_FALSE(after.diskCache);
    CHECK_FALSE(after.openFromCache); // nothing on disk to open from
    CHECK(QSettings().value(SettingsKey::sshTimeoutSeconds).toInt() == 40);
    CHECK_FALSE(QSettings().value(SettingsKey::sshDiskCache).toBool());
    remote::setRemoteSettings({});
}
