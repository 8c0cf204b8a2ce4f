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
    if (!spill::setDirectory(QFile::encodeName(cacheFolder(QStringLiteral("spill"))).toStdString()))
        return false;
    // Ten times a second: a scan of both reports' names then holds a few MiB of them, not 94.
    spill::startTrimming(std::chrono::milliseconds(100));
    return true;
}

} // namespace popscope
