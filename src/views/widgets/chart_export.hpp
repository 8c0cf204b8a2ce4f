#pragma once
// Writing a custom-painted chart by painting its renderer into an SVG generator or a 2× PNG (the
// Save dialog is askAndSaveChart, save_dialog.hpp).
#include <QFont>
#include <QPalette>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;
class QRect;
class QWidget;

namespace popscope {

using ChartPainter = std::function<void(QPainter& painter, const QRect& area)>;

// Writes the chart as SVG or PNG (any raster suffix), picked by the file suffix.
bool writeChartImage(const QString& path, QSize size, const QFont& font, const QString& title,
    const ChartPainter& paint, QString* error);

} // namespace popscope
