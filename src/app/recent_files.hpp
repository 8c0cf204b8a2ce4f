#pragma once
// Recent reports and recent comparisons, kept in QSettings (newest first, capped).
#include <QObject>
#include <QStringList>

#include <utility>
#include <vector>

namespace popscope {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 64;
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList reports() const;
    void addReport(const QString& path);
    void removeReport(const QString& path);
    // A report found elsewhere (Locate…): `replacement` takes `path`'s place in the list.
    void replaceReport(const QString& path, const QString& replacement);
    void clearReports();

    using Pair = std::pair<QString, QString>; // source, target
    std::vector<Pair> comparisons() const;
    void addComparison(const QString& source, const QString& target);
    void removeComparison(const QString& source, const QString& target);

signals:
    void changed();
};

} // namespace popscope
