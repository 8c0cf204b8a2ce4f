#pragma once
// The window benches run with settings of their own, in a folder that goes with the run: what
// the window remembers (the last page used, which it opens on) never carries from one run to the
// next, and the user's settings are left alone.
#include <QSettings>
#include <QTemporaryDir>

namespace popscope::bench {

class FreshWindowSettings {
public:
    FreshWindowSettings()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_folder.path());
    }

private:
    QTemporaryDir m_folder;
};

} // namespace popscope::bench
