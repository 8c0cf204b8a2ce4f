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
    // Arrays of 64 KiB and more: the trace's LOD is a few hundred arrays a report (four for each
    // level of each IPU's lane), most under a MiB, 21 MiB together on bench-huge. A mapping costs
    // a few hundred bytes of the kernel's and at most a page of slack.
    constexpr size_t kSpillMinimum = size_t(64) << 10;
    if (!spill::setDirectory(
            QFile::encodeName(cacheFolder(QStringLiteral("spill"))).toStdString(), kSpillMinimum))
        return false;
    // Ten times a second, and whenever 4 MiB more of them are mapped: a scan of both reports' names
    // then holds a few MiB of them, not 94, even one that maps them at gigabytes a second.
    spill::startTrimming(std::chrono::milliseconds(100), size_t(4) << 20);
    return true;
}

} // namespace popscope
