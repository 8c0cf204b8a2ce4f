#pragma once
// Saving a custom-painted chart: the Save dialog (PNG or SVG, remembered folder) and writing the
// file by painting the chart's renderer into an SVG generator or a 2× PNG.
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
bool writeChartImage(const QString& path, QSize size, const QFont& font, const QString& title, const ChartPainter& paint,
                     QString* error);

// Asks where to save (suggesting `baseName`.png in the last export folder) and calls `save`; shows
// its error in a message box.
void askAndSaveChart(QWidget* parent, const QString& baseName, const std::function<bool(const QString&, QString*)>& save);

} // namespace popscope
