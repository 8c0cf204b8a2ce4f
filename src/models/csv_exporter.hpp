#pragma once
// CSV (RFC 4180) export of any QAbstractItemModel. Numbers are written raw (the SortRole value,
// e.g. bytes) when a cell has one, otherwise the displayed text; tree models are flattened
// depth-first with the path of the first column joined by " > ".
#include <QList>
#include <QModelIndex>
#include <QString>

class QAbstractItemModel;

namespace popscope {

class CsvExporter {
public:
    static QString toCsv(const QAbstractItemModel& model);
    // Tab-separated displayed text of the given cells (for Copy / clipboard).
    static QString toTsv(const QAbstractItemModel& model, const QList<QModelIndex>& cells);
    // Writes toCsv(model) to `path`; on failure returns false and sets `error` to a readable message.
    static bool writeFile(const QAbstractItemModel& model, const QString& path, QString* error);
    static QString escape(const QString& field);
};

} // namespace popscope
