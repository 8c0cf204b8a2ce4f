#pragma once
// Fixed colours (DESIGN §8): one qualitative palette for memory categories, the same colour for a
// category in every chart; region, liveness and gap colours; text/grid colours from the system
// palette so light and dark themes both read well.
#include <QColor>
#include <QPalette>
#include <QString>

namespace popscope {

class ChartPalette {
public:
    // Colour for a memory series key: a category name ("variable"), "region:N", "alwaysLive",
    // "notAlwaysLive", "gaps" or "total".
    static QColor seriesColor(const QString& key);
    static QColor categoryColor(const QString& category);
    static QColor qualitative(int index); // 12 distinguishable colours
    static QColor overCapacity() { return QColor(214, 39, 40); }
    static QColor text(const QPalette& palette) { return palette.color(QPalette::WindowText); }
    static QColor background(const QPalette& palette) { return palette.color(QPalette::Base); }
    static QColor grid(const QPalette& palette);
    static QColor selection(const QPalette& palette);
    static bool isDark(const QPalette& palette);
};

} // namespace popscope
