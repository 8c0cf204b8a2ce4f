#include "views/insights/insights_charts.hpp"

#include <QApplication>

#include "models/memory/tile_scope.hpp"
#include "models/tile_axis.hpp"
#include "views/memory/memory_chart_renderer.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/small_chart.hpp"

#include <QPen>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QStackedBarSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {

// Capacity: a dashed vertical line at `capacity` across all `bars` (bar i spans i - 0.5 .. i + 0.5).
void addCapacityLine(QChart* chart, QAbstractAxis* x, QAbstractAxis* y, double capacity, qsizetype bars)
{
    auto* line = new QLineSeries;
    line->setName(QCoreApplication::translate("popscope::InsightsCharts", "Max memory per tile"));
    line->append(capacity, -0.5);
    line->append(capacity, double(bars) - 0.5);
    QPen pen(ChartPalette::overCapacity());
    pen.setStyle(Qt::DashLine);
    pen.setWidthF(1.5);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
}

// Each bar's value as its label. Short bars cannot hold their label: it goes just past the bar's
// end, in the text colour. Long bars (most of the axis) hold it inside, where an outside label
// would be cut off.
void showBarLabels(QHorizontalBarSeries* series, QBarSet* set, const InsightsAnalysis& d, double maxValue,
    const AxisUnit& unit)
{
    series->setLabelsVisible(true);
    double longest = 0;
    for (const auto& top : d.topTiles)
        longest = std::max(longest, double(top.bytes));
    if (longest < 0.6 * maxValue * 1.06) {
        series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        set->setLabelColor(QApplication::palette().color(QPalette::WindowText));
    } else {
        series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    }
    series->setLabelsFormat(QStringLiteral("@value ") + unit.name);
    series->setLabelsPrecision(unit.divisor == 1 ? 12 : 4); // whole bytes, never 6.1e+05
}

} // namespace

QChart* makeTopTilesChart(
    const InsightsAnalysis& d, MemoryUnit u, std::function<void(uint32_t)> onTileClicked)
{
    auto* chart = new QChart;
    chart->setTitle(
        QCoreApplication::translate("popscope::InsightsCharts", "Top 5 tiles by memory (including gaps)"));
    double maxValue = double(d.bytesPerTile);
    for (const auto& top : d.topTiles)
        maxValue = std::max(maxValue, double(top.bytes));
    const AxisUnit unit = MemoryChartRenderer::axisUnit(maxValue, u);

    auto* set = new QBarSet(QCoreApplication::translate("popscope::InsightsCharts", "Memory"));
    set->setColor(ChartPalette::qualitative(0));
    set->setSelectedColor(ChartPalette::overCapacity());
    QStringList categories;
    std::vector<uint32_t> tiles; // bottom to top, as the bars are drawn
    for (auto it = d.topTiles.rbegin(); it != d.topTiles.rend(); ++it) {
        *set << double(it->bytes) / unit.divisor;
        categories << QCoreApplication::translate("popscope::InsightsCharts", "Tile %1 (IPU %2)")
                          .arg(it->tile)
                          .arg(it->ipu);
        tiles.push_back(it->tile);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    // Over-capacity bars are "selected" so QBarSet paints them in the selected (red) colour.
    for (size_t i = 0; i < tiles.size(); ++i)
        if (d.topTiles[d.topTiles.size() - 1 - i].bytes > d.bytesPerTile)
            set->selectBar(int(i));
    showBarLabels(series, set, d, maxValue, unit);
    chart->addSeries(series);

    auto* y = new QBarCategoryAxis;
    y->append(categories);
    auto* x = valueAxisTo(maxValue / unit.divisor);
    x->setTitleText(QCoreApplication::translate("popscope::InsightsCharts", "Memory (%1); dashed: max %2")
                        .arg(unit.name, bytesText(d.bytesPerTile, u)));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);

    addCapacityLine(chart, x, y, double(d.bytesPerTile) / unit.divisor, categories.size());
    chart->legend()->hide();

    QObject::connect(set, &QBarSet::clicked, chart, [tiles, onTileClicked](int index) {
        if (index >= 0 && size_t(index) < tiles.size() && onTileClicked)
            onTileClicked(tiles[size_t(index)]);
    });
    return chart;
}

QChart* makeTileHistogramChart(const InsightsAnalysis& d, MemoryUnit u)
{
    auto* chart = new QChart;
    chart->setTitle(
        QCoreApplication::translate("popscope::InsightsCharts", "Tiles by memory used (including gaps)"));
    auto* within
        = new QBarSet(QCoreApplication::translate("popscope::InsightsCharts", "Tiles within max memory"));
    within->setColor(ChartPalette::qualitative(0));
    QList<qreal> overCounts;
    uint32_t maxCount = 1;
    bool anyOver = false;
    const AxisUnit unit = MemoryChartRenderer::axisUnit(double(d.bytesPerTile), u);
    for (size_t b = 0; b < d.bucketCount.size(); ++b) {
        const bool beyond = d.bucketStart[b] + d.bucketWidth > d.bytesPerTile + 1;
        *within << (beyond ? 0 : d.bucketCount[b]);
        overCounts << (beyond ? d.bucketCount[b] : 0);
        anyOver = anyOver || (beyond && d.bucketCount[b] > 0);
        maxCount = std::max(maxCount, d.bucketCount[b]);
    }
    auto* series = new QStackedBarSeries;
    series->append(within);
    if (anyOver) { // a second set (and legend) only when some tile is over
        auto* over
            = new QBarSet(QCoreApplication::translate("popscope::InsightsCharts", "Tiles over max memory"));
        over->setColor(ChartPalette::overCapacity());
        over->append(overCounts);
        series->append(over);
    }
    series->setBarWidth(0.95);
    chart->addSeries(series);
    // A numeric axis under the bars (bar i spans i - 0.5 .. i + 0.5) with a few round labels:
    // sixteen bucket labels would be elided to "…" in a small window.
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const double buckets = double(d.bucketCount.size());
    x->setStartValue(-0.5);
    x->setRange(-0.5, buckets - 0.5);
    const double first = d.bucketStart.empty() ? 0.0 : double(d.bucketStart.front());
    const double last = first + buckets * double(d.bucketWidth);
    for (double tick : niceTicks(last / unit.divisor, 8)) {
        const double position = (tick * unit.divisor - first) / double(d.bucketWidth) - 0.5;
        if (position >= -0.5 && position <= buckets - 0.5 + 1e-9)
            x->append(MemoryChartRenderer::axisNumber(tick), position);
    }
    x->setTitleText(
        QCoreApplication::translate("popscope::InsightsCharts", "Memory per tile (%1), buckets of %2")
            .arg(unit.name, bytesText(d.bucketWidth, u)));
    auto* y = valueAxisTo(double(maxCount), 1.0); // whole tiles: never 0.2 steps
    y->setTitleText(QCoreApplication::translate("popscope::InsightsCharts", "Tiles"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignTop);
    if (!anyOver)
        chart->legend()->hide(); // one series needs no legend
    return chart;
}

} // namespace popscope
