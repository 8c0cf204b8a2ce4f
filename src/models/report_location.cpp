#include "models/report_location.hpp"

#include "popscope/remote/remote_address.hpp"

#include <QFileInfo>

namespace popscope {

ReportLocation ReportLocation::of(const QString& path)
{
    ReportLocation location;
    if (const auto address = remote::isRemoteAddress(path.toStdString())
            ? remote::parseRemoteAddress(path.toStdString())
            : std::nullopt) {
        location.remote = true;
        location.canonical = QString::fromStdString(address->toString());
        const QString remotePath = QString::fromStdString(address->path);
        const qsizetype slash = remotePath.lastIndexOf(QLatin1Char('/'));
        location.fileName = remotePath.mid(slash + 1);
        location.folder = QString::fromStdString(address->host) + QLatin1Char(':')
            + (slash > 0         ? remotePath.left(slash)
                    : slash == 0 ? QStringLiteral("/")
                                 : QStringLiteral("~"));
        return location;
    }
    const QFileInfo info(path);
    location.canonical = info.absoluteFilePath();
    location.fileName = info.fileName();
    location.folder = info.absolutePath();
    location.missing = !info.exists();
    return location;
}

} // namespace popscope
