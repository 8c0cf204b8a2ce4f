#include "views/widgets/small_chart.hpp"

#include "models/image_file.hpp"
#include "models/tile_axis.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QValueAxis>

#include <cmath>

namespace popscope {

QValueAxis* valueAxisTo(double maxValue, double minimumStep)
{
    const auto ticks = niceTicks(maxValue * 1.05, 7);
    const double step = std::max(minimumStep, ticks.size() > 1 ? ticks[1] - ticks[0] : std::max(1.0, maxValue));
    double end = std::ceil(ticks.back() / step) * step;
    if (end < maxValue * 1.05)
        end += step;
    auto* axis = new QValueAxis;
    axis->setRange(0, end);
    axis->setTickCount(int(std::lround(end / step)) + 1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    return axis;
}

SmallChart::SmallChart(const QString& exportName, QWidget* parent) : QChartView(parent), m_exportName(exportName)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(240);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* save = new QAction(QStringLiteral("Save chart as PNG or SVG…"), this);
    connect(save, &QAction::triggered, this, &SmallChart::saveWithDialog);
    addAction(save);
}

void SmallChart::setChartContent(QChart* chart)
{
    QChart* old = this->chart();
    setChart(chart);
    delete old;
    applyPalette();
}

void SmallChart::applyPalette()
{
    QChart* c = chart();
    const QPalette pal = palette();
    c->setBackgroundBrush(ChartPalette::background(pal));
    c->setBackgroundRoundness(0);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setTitleBrush(ChartPalette::text(pal));
    c->legend()->setLabelColor(ChartPalette::text(pal));
    for (QAbstractAxis* axis : c->axes()) {
        axis->setLabelsColor(ChartPalette::text(pal));
        axis->setTitleBrush(ChartPalette::text(pal));
        axis->setGridLineColor(ChartPalette::grid(pal));
        axis->setLinePenColor(ChartPalette::text(pal));
    }
}

bool SmallChart::saveImage(const QString& path, QString* error)
{
    const QSize size = this->size().expandedTo(QSize(480, 300));
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        QPainter p;
        if (!p.begin(&generator)) {
            if (error)
                *error = QStringLiteral("%1: cannot write the SVG file").arg(path);
            return false;
        }
        render(&p);
        return true;
    }
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    image.fill(ChartPalette::background(palette()));
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        render(&p, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return saveImageFile(image, path, error);
}

void SmallChart::saveWithDialog()
{
    QSettings settings;
    const QString folder = settings.value(QStringLiteral("paths/exportFolder"),
                                          QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)).toString();
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save chart"), folder + QLatin1Char('/') + m_exportName + QStringLiteral(".png"),
                                                QStringLiteral("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QStringLiteral("svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    settings.setValue(QStringLiteral("paths/exportFolder"), QFileInfo(path).absolutePath());
    QString error;
    if (!saveImage(path, &error))
        QMessageBox::warning(this, QStringLiteral("Save chart"), error);
}

} // namespace popscope
