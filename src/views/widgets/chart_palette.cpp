#include "views/widgets/chart_palette.hpp"

#include "models/compare_colors.hpp"

#include <QHash>

namespace popscope {

QColor ChartPalette::qualitative(int index)
{
    // Tableau 10 plus two extra hues, readable on light and dark backgrounds.
    static const QColor colors[]
        = { QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
              QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
              QColor(0x9c, 0x75, 0x5f), QColor(0xff, 0x9d, 0xa7), QColor(0x8c, 0xd1, 0x7d),
              QColor(0x86, 0xbc, 0xb6), QColor(0xd3, 0x72, 0x95), QColor(0xa0, 0xcb, 0xe8) };
    const int n = int(sizeof(colors) / sizeof(colors[0]));
    return colors[((index % n) + n) % n];
}

QColor ChartPalette::categoryColor(const QString& category)
{
    // One colour per known category, families kept together (variables blue, vertices green and
    // yellow, exchange code pink and orange, control purple and brown, other teal and grey).
    // Red is kept for "over max memory".
    static const QHash<QString, QColor> fixed = {
        { QStringLiteral("variable"), QColor(0x4e, 0x79, 0xa7) },
        { QStringLiteral("constant"), QColor(0x9d, 0x8f, 0xd6) }, // violet: light blue is the selection shade
        { QStringLiteral("vertexCode"), QColor(0x59, 0xa1, 0x4f) },
        { QStringLiteral("vertexInstanceState"), QColor(0x8c, 0xd1, 0x7d) },
        { QStringLiteral("vertexFieldData"), QColor(0xb6, 0x99, 0x2d) },
        { QStringLiteral("vectorListDescriptor"), QColor(0xf1, 0xce, 0x63) },
        { QStringLiteral("copyDescriptor"), QColor(0x49, 0x98, 0x94) },
        { QStringLiteral("internalExchangeCode"), QColor(0xff, 0x9d, 0x9a) },
        { QStringLiteral("hostExchangeCode"), QColor(0xf2, 0x8e, 0x2b) },
        { QStringLiteral("globalExchangeCode"), QColor(0xd3, 0x72, 0x95) },
        { QStringLiteral("hostExchangePacketHeader"), QColor(0xff, 0xbe, 0x7d) },
        { QStringLiteral("globalExchangePacketHeader"), QColor(0xfa, 0xbf, 0xd2) },
        { QStringLiteral("controlCode"), QColor(0xb0, 0x7a, 0xa1) },
        { QStringLiteral("controlId"), QColor(0xd4, 0xa6, 0xc8) },
        { QStringLiteral("controlTable"), QColor(0x9d, 0x76, 0x60) },
        { QStringLiteral("stack"), QColor(0x17, 0xbe, 0xcf) },
        { QStringLiteral("instrumentationResults"), QColor(0xba, 0xb0, 0xac) },
        { QStringLiteral("message"), QColor(0x79, 0x70, 0x6e) },
    };
    const auto it = fixed.constFind(category);
    if (it != fixed.constEnd())
        return *it;
    return qualitative(int(qHash(category) % 12));
}

QColor ChartPalette::seriesColor(const QString& key)
{
    if (key == QLatin1String("total"))
        return QColor(0x4e, 0x79, 0xa7);
    if (key == QLatin1String("gaps"))
        return QColor(0x6f, 0x6f, 0x6f);
    if (key == QLatin1String("diff:more"))
        return CompareColors::worse();
    if (key == QLatin1String("diff:less"))
        return CompareColors::better();
    if (key == QLatin1String("alwaysLive"))
        return QColor(0x4e, 0x79, 0xa7);
    if (key == QLatin1String("notAlwaysLive"))
        return QColor(0xf2, 0x8e, 0x2b);
    if (key == QLatin1String("region:0"))
        return QColor(0x59, 0xa1, 0x4f);
    if (key == QLatin1String("region:1"))
        return QColor(0xb0, 0x7a, 0xa1);
    if (key == QLatin1String("region:2"))
        return QColor(0xe1, 0x57, 0x59);
    if (key.startsWith(QLatin1String("variables:"))) // the Variables graph's series, in order
        return qualitative(key.mid(10).toInt());
    return categoryColor(key);
}

QColor ChartPalette::grid(const QPalette& palette)
{
    QColor c = palette.color(QPalette::WindowText);
    c.setAlpha(40);
    return c;
}

QColor ChartPalette::selection(const QPalette& palette)
{
    QColor c = palette.color(QPalette::Highlight);
    c.setAlpha(70);
    return c;
}

bool ChartPalette::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

} // namespace popscope
