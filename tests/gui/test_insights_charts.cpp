// The Insights charts mark what is over capacity and keep their axes readable.
#include "views/insights/insights_charts.hpp"

#include <QtCharts/QAbstractBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <catch2/catch.hpp>

#include <memory>

using namespace popscope;

namespace {

InsightsAnalysis twoTilesOneOver()
{
    InsightsAnalysis d;
    d.bytesPerTile = 1000;
    d.topTiles = { { 7, 0, 1200 }, { 3, 0, 900 } }; // most used first
    d.bucketWidth = 250;
    d.bucketStart = { 0, 250, 500, 750, 1000 };
    d.bucketCount = { 0, 0, 0, 1, 1 };
    return d;
}

QAbstractBarSeries* barSeries(QChart* chart)
{
    for (QAbstractSeries* s : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
            return bars;
    return nullptr;
}

} // namespace

TEST_CASE("top-5 chart: bars over capacity are marked, the capacity line is drawn, clicks name the tile",
    "[insights]")
{
    uint32_t clicked = 0;
    std::unique_ptr<QChart> chart(
        makeTopTilesChart(twoTilesOneOver(), MemoryUnit::Bytes, [&](uint32_t t) { clicked = t; }));
    QAbstractBarSeries* bars = barSeries(chart.get());
    REQUIRE(bars);
    QBarSet* set = bars->barSets().front();
    // Bars run bottom to top: index 0 is tile 3 (900 B), index 1 is tile 7 (1,200 B, over).
    CHECK_FALSE(set->isBarSelected(0));
    CHECK(set->isBarSelected(1));
    CHECK(set->at(1) == Approx(1200)); // bytes, not a scaled unit
    bool capacityLine = false;
    for (QAbstractSeries* s : chart->series())
        if (auto* line = qobject_cast<QLineSeries*>(s))
            capacityLine = line->count() == 2 && line->at(0).x() == Approx(1000);
    CHECK(capacityLine);
    auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
    REQUIRE(x);
    CHECK(x->max() >= 1200);
    CHECK(x->max() < 1600); // ends just past the largest bar, not at a far "nice" number
    emit set->clicked(1);
    CHECK(clicked == 7);
}

TEST_CASE(
    "histogram: a red series only when tiles are over, whole-tile steps on the count axis", "[insights]")
{
    InsightsAnalysis d = twoTilesOneOver();
    std::unique_ptr<QChart> over(makeTileHistogramChart(d, MemoryUnit::Binary));
    CHECK(barSeries(over.get())->barSets().size() == 2);

    d.bucketCount = { 1, 0, 0, 0, 0 };
    std::unique_ptr<QChart> within(makeTileHistogramChart(d, MemoryUnit::Binary));
    CHECK(barSeries(within.get())->barSets().size() == 1);
    auto* counts = qobject_cast<QValueAxis*>(within->axes(Qt::Vertical).front());
    REQUIRE(counts);
    CHECK((counts->max() / (counts->tickCount() - 1)) >= 1.0);
    auto* buckets = qobject_cast<QCategoryAxis*>(within->axes(Qt::Horizontal).front());
    REQUIRE(buckets);
    CHECK(buckets->count() >= 2);
}
