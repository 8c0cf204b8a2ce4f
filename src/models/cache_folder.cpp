#include "models/cache_folder.hpp"

#include "popscope/spilled_array.hpp"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace popscope {

QString cacheFolder(const QString& name)
{
    const QByteArray override = qgetenv("POPSCOPE_CACHE_DIR");
    const QString base = override.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation)
                                            : QString::fromLocal8Bit(override);
    return QDir(base).filePath(name);
}

bool startSpilling()
{
    return spill::setDirectory(QFile::encodeName(cacheFolder(QStringLiteral("spill"))).toStdString());
}

} // namespace popscope
