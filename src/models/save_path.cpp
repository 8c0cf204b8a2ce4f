#include "models/save_path.hpp"

#include <QFileInfo>
#include <QRegularExpression>

namespace popscope {

QString filterSuffix(const QString& filter)
{
    static const QRegularExpression pattern(QStringLiteral("\\*(\\.[A-Za-z0-9]+)"));
    const QRegularExpressionMatch match = pattern.match(filter);
    return match.hasMatch() ? match.captured(1) : QString();
}

QString withFilterSuffix(const QString& path, const QString& filter)
{
    if (path.isEmpty() || !QFileInfo(path).suffix().isEmpty())
        return path;
    return path + filterSuffix(filter);
}

} // namespace popscope
