#include "models/programs/program_type_style.hpp"

#include "models/qt_text.hpp"
#include "popscope/program_types.hpp"

#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace popscope {

QColor programTypeColor(std::string_view type)
{
    return QColor::fromRgb(QRgb(programTypeInfo(type).rgb));
}

QIcon programTypeIcon(std::string_view type)
{
    static QHash<QString, QIcon> cache; // GUI thread only
    const ProgramTypeInfo& info = programTypeInfo(type);
    const QString key = QString::fromLatin1(info.type.data(), qsizetype(info.type.size()));
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return *it;
    QIcon icon;
    for (int size : { 16, 32 }) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor colour = programTypeColor(type);
        p.setPen(colour.darker(130));
        p.setBrush(colour);
        const qreal inset = size / 16.0;
        p.drawRoundedRect(QRectF(inset, inset, size - 2 * inset, size - 2 * inset), size / 5.0, size / 5.0);
        QFont font = p.font();
        font.setBold(true);
        font.setPixelSize(int(size * 0.7));
        p.setFont(font);
        p.setPen(Qt::white);
        p.drawText(QRectF(0, 0, size, size), Qt::AlignCenter, QString(QChar::fromLatin1(info.symbol)));
        p.end();
        icon.addPixmap(pixmap);
    }
    cache.insert(key, icon);
    return icon;
}

QString programTypeToolTip(std::string_view type)
{
    const ProgramTypeInfo& info = programTypeInfo(type);
    return toQString(type) + QStringLiteral(" — ") + toQString(info.description) + QStringLiteral(" (")
        + QString::fromLatin1(programFamilyName(info.family)) + QLatin1Char(')');
}

} // namespace popscope
