#pragma once
// The navigation strip under the liveness plot: every step's not-always-live bytes in miniature
// (the target as a line in compare mode), the selected steps, and the plot's visible window.
#include "views/widgets/navigation_strip.hpp"

namespace popscope {

class LivenessPlot;

class LivenessOverview : public NavigationStrip {
    Q_OBJECT
public:
    explicit LivenessOverview(LivenessPlot* plot, QWidget* parent = nullptr);

protected:
    QRect plotArea() const override;
    double extent() const override;
    TileWindow currentWindow() const override;
    void applyWindow(TileWindow window) override;
    void resetWindow() override;
    void paintMiniature(QPainter& painter, const QRect& strip) override;

private:
    LivenessPlot* m_plot;
};

} // namespace popscope
