#include "views/widgets/small_chart.hpp"

#include "models/tile_axis.hpp"
#include "views/widgets/chart_export.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/save_dialog.hpp"

#include <QAction>
#include <QPainter>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QValueAxis>

#include <cmath>

namespace popscope {

QValueAxis* valueAxisTo(double maxValue, double minimumStep)
{
    const auto ticks = niceTicks(maxValue * 1.05, 7);
    const double step
        = std::max(minimumStep, ticks.size() > 1 ? ticks[1] - ticks[0] : std::max(1.0, maxValue));
    double end = std::ceil(ticks.back() / step) * step;
    if (end < maxValue * 1.05)
        end += step;
    auto* axis = new QValueAxis;
    axis->setRange(0, end);
    axis->setTickCount(int(std::lround(end / step)) + 1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    return axis;
}

SmallChart::SmallChart(const QString& exportName, QWidget* parent)
    : QChartView(parent)
    , m_exportName(exportName)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(240);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* save = new QAction(tr("Save chart as PNG or SVG…"), this);
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
    const QColor background = ChartPalette::background(palette());
    return writeChartImage(
        path, size, font(), m_exportName,
        [this, background](QPainter& p, const QRect& area) {
            p.fillRect(area, background);
            p.setRenderHint(QPainter::Antialiasing);
            render(&p, QRectF(area));
        },
        error);
}

void SmallChart::saveWithDialog()
{
    askAndSaveChart(
        this, m_exportName, [this](const QString& path, QString* error) { return saveImage(path, error); });
}

} // namespace popscope
