#include "app/demo_profile.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace popscope {

QString demoProfilePath()
{
    const QByteArray env = qgetenv("POPSCOPE_DEMO_PROFILE");
    if (!env.isEmpty())
        return QString::fromLocal8Bit(env);
        // Installed first, wherever the prefix is, so a package never reads a build folder's file.
#ifdef POPSCOPE_INSTALLED_DEMO_PROFILE
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .absoluteFilePath(QStringLiteral(POPSCOPE_INSTALLED_DEMO_PROFILE));
    if (QFileInfo::exists(installed))
        return QDir::cleanPath(installed);
#endif
#ifdef POPSCOPE_DEMO_PROFILE
    return QStringLiteral(POPSCOPE_DEMO_PROFILE);
#else
    return {};
#endif
}

} // namespace popscope
