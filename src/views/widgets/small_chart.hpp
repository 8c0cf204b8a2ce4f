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
    // In a layout that shares spare height by stretch (Insights): hint the minimum height, not the
    // scene's size (QGraphicsView's hint), which follows the last geometry, so a layout that asks
    // grows the chart by what it gave it before.
    void setHintMinimumHeight(bool on) { m_hintMinimumHeight = on; }
    QSize sizeHint() const override
    {
        return m_hintMinimumHeight ? QSize(400, minimumHeight()) : QChartView::sizeHint();
    }

public slots:
    void saveWithDialog();

private:
    void applyPalette();
    QString m_exportName;
    bool m_hintMinimumHeight = false;
};

} // namespace popscope
