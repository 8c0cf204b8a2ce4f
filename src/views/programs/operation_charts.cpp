#include "views/programs/operation_charts.hpp"

#include "models/compare_colors.hpp"
#include "models/tile_axis.hpp"
#include "views/memory/memory_chart_renderer.hpp"
#include "views/widgets/chart_palette.hpp"
#include "views/widgets/small_chart.hpp"

#include <QApplication>
#include <QCoreApplication>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>

namespace popscope {

namespace {

// Counts scaled to thousands, millions, ... so axis labels stay short.
AxisUnit countAxisUnit(double maxValue, const QString& what)
{
    if (maxValue >= 1e9)
        return { 1e9, QCoreApplication::translate("popscope::OperationCharts", "billion ") + what };
    if (maxValue >= 1e6)
        return { 1e6, QCoreApplication::translate("popscope::OperationCharts", "million ") + what };
    if (maxValue >= 1e4)
        return { 1e3, QCoreApplication::translate("popscope::OperationCharts", "thousand ") + what };
    return { 1, what };
}

QString elided(const QString& text, int length)
{
    return text.size() <= length ? text : QStringLiteral("…") + text.right(length - 1);
}

} // namespace

QString operationMetricName(OperationMetric metric)
{
    switch (metric) {
    case OperationMetric::Cycles:
        return QCoreApplication::translate("popscope::OperationCharts", "cycles");
    case OperationMetric::CodeSize:
        return QCoreApplication::translate("popscope::OperationCharts", "code size");
    case OperationMetric::Flops:
        return QCoreApplication::translate("popscope::OperationCharts", "FLOPs");
    }
    return {};
}

namespace {

// The operations' names on the left, the metric in `axisUnit` along the bottom.
void addTopOperationsAxes(QChart* chart, QAbstractSeries* series, const QStringList& categories,
    double maxValue, const AxisUnit& axisUnit, OperationMetric metric)
{
    auto* y = new QBarCategoryAxis;
    y->append(categories);
    auto* x = valueAxisTo(maxValue * 1.1 / axisUnit.divisor);
    x->setLabelFormat(axisUnit.divisor == 1 && metric != OperationMetric::CodeSize ? QStringLiteral("%.0f")
                                                                                   : QStringLiteral("%.3g"));
    x->setTitleText(operationMetricName(metric).left(1).toUpper() + operationMetricName(metric).mid(1)
        + QStringLiteral(" (") + axisUnit.name + QLatin1Char(')'));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
}

// Bytes in the memory unit for code size, else a count scaled to thousands, millions, ….
AxisUnit metricAxisUnit(OperationMetric metric, double maxValue, MemoryUnit unit)
{
    if (metric == OperationMetric::CodeSize)
        return MemoryChartRenderer::axisUnit(maxValue, unit);
    return countAxisUnit(maxValue,
        metric == OperationMetric::Cycles
            ? QCoreApplication::translate("popscope::OperationCharts", "cycles")
            : QCoreApplication::translate("popscope::OperationCharts", "FLOPs"));
}

QString metricName(OperationMetric metric, bool estimated)
{
    return metric == OperationMetric::Cycles && estimated
        ? QCoreApplication::translate("popscope::OperationCharts", "estimated cycles")
        : operationMetricName(metric);
}

} // namespace

QChart* makeTopOperationsChart(const std::vector<OperationBar>& bars, OperationMetric metric, bool comparing,
    bool estimated, MemoryUnit unit, std::function<void(const QString&)> onClicked)
{
    auto* chart = new QChart;
    chart->setTitle(QCoreApplication::translate("popscope::OperationCharts", "Top %1 operations by %2")
                        .arg(bars.size())
                        .arg(metricName(metric, estimated)));
    double maxValue = 1;
    for (const OperationBar& b : bars)
        maxValue = std::max({ maxValue, b.source, comparing ? b.target : 0.0 });
    const AxisUnit axisUnit = metricAxisUnit(metric, maxValue, unit);

    auto* source = new QBarSet(comparing ? QCoreApplication::translate("popscope::OperationCharts", "Source")
                                         : metricName(metric, estimated));
    source->setColor(CompareColors::source());
    QBarSet* target = nullptr; // only in compare mode: a set the series does not own would leak
    if (comparing) {
        target = new QBarSet(QCoreApplication::translate("popscope::OperationCharts", "Target"));
        target->setColor(CompareColors::target());
    }
    QStringList categories;
    std::vector<QString> keys; // bottom to top, as the bars are drawn
    for (auto it = bars.rbegin(); it != bars.rend(); ++it) {
        *source << it->source / axisUnit.divisor;
        if (target)
            *target << it->target / axisUnit.divisor;
        // Category labels must be unique: a repeated label would merge two bars.
        QString label = elided(it->label, 40);
        while (categories.contains(label))
            label += QLatin1Char(' ');
        categories << label;
        keys.push_back(it->key);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(source);
    if (target)
        series->append(target);
    series->setLabelsVisible(!comparing && !bars.empty());
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    source->setLabelColor(QApplication::palette().color(QPalette::WindowText));
    series->setLabelsPrecision(4);
    chart->addSeries(series);

    addTopOperationsAxes(chart, series, categories, maxValue, axisUnit, metric);
    chart->legend()->setVisible(comparing);
    chart->legend()->setAlignment(Qt::AlignTop);

    const auto clicked = [keys, onClicked](int index) {
        if (index >= 0 && size_t(index) < keys.size() && onClicked)
            onClicked(keys[size_t(index)]);
    };
    QObject::connect(source, &QBarSet::clicked, chart, clicked);
    if (target)
        QObject::connect(target, &QBarSet::clicked, chart, clicked);
    return chart;
}

QChart* makeCodeByTileChart(
    const std::vector<uint64_t>& source, const std::vector<uint64_t>& target, MemoryUnit unit)
{
    auto* chart = new QChart;
    chart->setTitle(QCoreApplication::translate("popscope::OperationCharts", "Code size by tile"));
    const size_t tiles = std::max(source.size(), target.size());
    uint64_t maxValue = 1;
    for (uint64_t v : source)
        maxValue = std::max(maxValue, v);
    for (uint64_t v : target)
        maxValue = std::max(maxValue, v);
    const AxisUnit axisUnit = MemoryChartRenderer::axisUnit(double(maxValue), unit);
    // At most ~1,500 points: each the largest value of its bucket of tiles, so a peak stays.
    const size_t bucket = std::max<size_t>(1, (tiles + 1499) / 1500);
    const auto series = [&](const std::vector<uint64_t>& values, const QString& name, const QColor& colour) {
        auto* line = new QLineSeries;
        line->setName(name);
        line->setColor(colour);
        for (size_t start = 0; start < values.size(); start += bucket) {
            uint64_t peak = 0;
            for (size_t t = start; t < std::min(values.size(), start + bucket); ++t)
                peak = std::max(peak, values[t]);
            line->append(double(start), double(peak) / axisUnit.divisor);
        }
        return line;
    };
    const bool comparing = !target.empty();
    std::vector<QLineSeries*> lines { series(source,
        comparing ? QCoreApplication::translate("popscope::OperationCharts", "Source")
                  : QCoreApplication::translate("popscope::OperationCharts", "Code"),
        CompareColors::source()) };
    if (comparing)
        lines.push_back(series(target, QCoreApplication::translate("popscope::OperationCharts", "Target"),
            CompareColors::target()));
    auto* x = valueAxisTo(double(std::max<size_t>(1, tiles)), 1.0);
    x->setRange(0, double(std::max<size_t>(1, tiles)));
    x->setTitleText(bucket > 1
            ? QCoreApplication::translate("popscope::OperationCharts", "Tile (peak of every %1 tiles)")
                  .arg(bucket)
            : QCoreApplication::translate("popscope::OperationCharts", "Tile"));
    auto* y = valueAxisTo(double(maxValue) / axisUnit.divisor);
    y->setLabelFormat(QStringLiteral("%.3g"));
    y->setTitleText(axisUnit.name);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries* line : lines) {
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    chart->legend()->setVisible(comparing);
    chart->legend()->setAlignment(Qt::AlignTop);
    return chart;
}

} // namespace popscope
