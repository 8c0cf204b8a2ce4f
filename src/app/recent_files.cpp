#include "app/recent_files.hpp"
#include "models/report_location.hpp"

#include "models/settings_keys.hpp"

#include <QSettings>

namespace popscope {

namespace {
const QChar kSeparator = QChar('\n');
} // namespace

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
}

QStringList RecentFiles::reports() const
{
    return QSettings().value(SettingsKey::recentReports).toStringList();
}

void RecentFiles::addReport(const QString& path)
{
    const QString absolute = ReportLocation::of(path).canonical;
    QStringList list = reports();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxEntries)
        list.removeLast();
    QSettings().setValue(SettingsKey::recentReports, list);
    emit changed();
}

void RecentFiles::removeReport(const QString& path)
{
    QStringList list = reports();
    list.removeAll(path);
    QSettings().setValue(SettingsKey::recentReports, list);
    emit changed();
}

void RecentFiles::replaceReport(const QString& path, const QString& replacement)
{
    const QString absolute = ReportLocation::of(replacement).canonical;
    QStringList list = reports();
    list.removeAll(absolute);
    const qsizetype at = list.indexOf(path);
    if (at < 0)
        list.prepend(absolute);
    else
        list[at] = absolute;
    QSettings().setValue(SettingsKey::recentReports, list);
    emit changed();
}

void RecentFiles::clearReports()
{
    QSettings().setValue(SettingsKey::recentReports, QStringList());
    emit changed();
}

std::vector<RecentFiles::Pair> RecentFiles::comparisons() const
{
    std::vector<Pair> pairs;
    for (const QString& entry : QSettings().value(SettingsKey::recentComparisons).toStringList()) {
        const QStringList parts = entry.split(kSeparator);
        if (parts.size() == 2)
            pairs.emplace_back(parts[0], parts[1]);
    }
    return pairs;
}

void RecentFiles::addComparison(const QString& source, const QString& target)
{
    const QString entry
        = ReportLocation::of(source).canonical + kSeparator + ReportLocation::of(target).canonical;
    QStringList list = QSettings().value(SettingsKey::recentComparisons).toStringList();
    list.removeAll(entry);
    list.prepend(entry);
    while (list.size() > kMaxEntries)
        list.removeLast();
    QSettings().setValue(SettingsKey::recentComparisons, list);
    emit changed();
}

void RecentFiles::removeComparison(const QString& source, const QString& target)
{
    QStringList list = QSettings().value(SettingsKey::recentComparisons).toStringList();
    list.removeAll(source + kSeparator + target);
    QSettings().setValue(SettingsKey::recentComparisons, list);
    emit changed();
}

} // namespace popscope
