#pragma once
// A small Qt Charts chart (top-N bars, histograms) that follows the system palette and can be
// saved as PNG or SVG from its context menu.
#include <QtCharts/QChartView>

class QValueAxis;

namespace popscope {

// A value axis from 0 whose last tick lies just past maxValue: applyNiceNumbers() would round 655
// up to 800 and leave a quarter of the chart empty.
QValueAxis* valueAxisTo(double maxValue, double minimumStep = 0);

class SmallChart : public QChartView {
    Q_OBJECT
public:
    explicit SmallChart(const QString& exportName, QWidget* parent = nullptr);
    // Replaces the chart (takes ownership) and applies the palette.
    void setChartContent(QChart* chart);
    bool saveImage(const QString& path, QString* error);

public slots:
    void saveWithDialog();

private:
    void applyPalette();
    QString m_exportName;
};

} // namespace popscope
