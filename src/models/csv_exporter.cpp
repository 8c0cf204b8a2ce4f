#include "models/csv_exporter.hpp"

#include "models/item_roles.hpp"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>

namespace popscope {

QString CsvExporter::escape(const QString& field)
{
    if (field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"'))
        || field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'))) {
        QString quoted = field;
        quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        return QLatin1Char('"') + quoted + QLatin1Char('"');
    }
    return field;
}

namespace {

QString cellText(const QAbstractItemModel& model, const QModelIndex& index)
{
    const QVariant raw = model.data(index, SortRole);
    if (raw.isValid() && !raw.isNull()) {
        switch (raw.typeId()) {
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::LongLong:
        case QMetaType::ULongLong:
        case QMetaType::Double:
        case QMetaType::Long:
        case QMetaType::ULong:
            return raw.toString();
        default:
            break;
        }
    }
    return model.data(index, Qt::DisplayRole).toString();
}

void writeRows(
    const QAbstractItemModel& model, const QModelIndex& parent, const QString& prefix, QStringList& lines)
{
    const int rows = model.rowCount(parent);
    const int columns = model.columnCount(parent);
    for (int r = 0; r < rows; ++r) {
        QStringList fields;
        QString first;
        for (int c = 0; c < columns; ++c) {
            const QModelIndex index = model.index(r, c, parent);
            QString text = cellText(model, index);
            if (c == 0) {
                first = prefix.isEmpty() ? text : prefix + QStringLiteral(" > ") + text;
                text = first;
            }
            fields << CsvExporter::escape(text);
        }
        lines << fields.join(QLatin1Char(','));
        const QModelIndex child = model.index(r, 0, parent);
        if (model.hasChildren(child))
            writeRows(model, child, first, lines);
    }
}

} // namespace

QString CsvExporter::toCsv(const QAbstractItemModel& model)
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c) {
        QVariant h = model.headerData(c, Qt::Horizontal, CsvHeaderRole);
        if (!h.isValid())
            h = model.headerData(c, Qt::Horizontal, Qt::DisplayRole);
        header << escape(h.toString());
    }
    lines << header.join(QLatin1Char(','));
    writeRows(model, QModelIndex(), QString(), lines);
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

QString CsvExporter::toTsv(const QAbstractItemModel& model, const QList<QModelIndex>& cells)
{
    if (cells.isEmpty())
        return {};
    QList<QModelIndex> sorted = cells;
    std::sort(sorted.begin(), sorted.end(), [](const QModelIndex& a, const QModelIndex& b) {
        return a.row() != b.row() ? a.row() < b.row() : a.column() < b.column();
    });
    QString out;
    int row = sorted.first().row();
    bool firstInRow = true;
    for (const QModelIndex& index : sorted) {
        if (index.row() != row) {
            out += QLatin1Char('\n');
            row = index.row();
            firstInRow = true;
        }
        if (!firstInRow)
            out += QLatin1Char('\t');
        out += model.data(index, Qt::DisplayRole).toString();
        firstInRow = false;
    }
    return out + QLatin1Char('\n');
}

bool CsvExporter::writeFile(const QAbstractItemModel& model, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QCoreApplication::translate("popscope::CsvExporter", "%1: cannot write the file (%2)")
                         .arg(path, file.errorString());
        return false;
    }
    // QSaveFile does not always notice a short write (a full disk can take part of a buffer):
    // count the bytes, and never commit a file cut short.
    const QByteArray bytes = toCsv(model).toUtf8();
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        if (error)
            *error = QCoreApplication::translate("popscope::CsvExporter", "%1: cannot write the file (%2)")
                         .arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = QCoreApplication::translate("popscope::CsvExporter", "%1: cannot write the file (%2)")
                         .arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace popscope
