#pragma once
// The liveness step plot as a widget: wheel zooms around the cursor, drag pans, hover shows the
// step's program and bytes, click selects a step and Shift/Ctrl-click adds or removes steps;
// keyboard: + / - (W / S) zoom, Left / Right (A / D) pan, Home shows every step, Shift+Left /
// Right moves the selected step, Esc clears the selection.
#include "models/liveness/liveness_plot_data.hpp"
#include "models/report_state.hpp"
#include "popscope/liveness_report.hpp"
#include "views/liveness/liveness_plot_renderer.hpp"
#include "views/widgets/axis_input_handler.hpp"

#include <QWidget>

namespace popscope {

class LivenessPlot : public QWidget, private AxisInputTarget {
    Q_OBJECT
public:
    explicit LivenessPlot(ReportState* state, QWidget* parent = nullptr);

    void setData(LivenessPlotData data); // keeps the zoom when the step count is unchanged
    const LivenessPlotData& data() const { return m_data; }
    size_t steps() const;
    bool includeAlwaysLive() const { return m_includeAlwaysLive; }
    void setIncludeAlwaysLive(bool on);
    bool showCapacity() const { return m_showCapacity; }
    void setShowCapacity(bool on);
    bool merged() const { return m_merged; }
    void setMerged(bool on);
    void setFilterMatches(std::vector<uint8_t> matches); // per source step; empty = no filter

    const std::vector<uint32_t>& selectedSteps() const { return m_selected; }
    void setSelectedSteps(std::vector<uint32_t> steps);
    TileWindow window() const { return m_window.window(); }
    void setWindow(TileWindow window);
    void resetView();
    // Shows `step` in the middle of the plot (zooming in to about 200 steps when showing more).
    void centreOn(uint32_t step);

    LivenessPlotScene scene() const;
    // The step under widget point `pos`, or -1.
    int64_t stepAt(const QPoint& pos) const;
    QString stepToolTip(uint32_t step) const;
    // The step axis in widget coordinates (the lifetime bars align to it).
    QRect plotRect() const;
    bool saveImage(const QString& path, QString* error) const;
    QSize sizeHint() const override { return { 900, 380 }; }
    QSize minimumSizeHint() const override { return { 320, 180 }; }

signals:
    void selectionChanged();
    void windowChanged();
    // A click on an always-live legend key hid or showed the always-live bytes.
    void includeAlwaysLiveToggled(bool on);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // AxisInputHandler turns the wheel, drags and keys into the window.
    QRect axisRect() const override { return plotRect(); }
    const AxisWindow& axisWindow() const override { return m_window; }
    void showAxisWindow(const TileWindow& window) override { setWindow(window); }
    void resetAxisWindow() override { resetView(); }
    void axisClicked(QMouseEvent* event) override; // selects the step
    void axisHovered(QMouseEvent* event) override; // the step's tooltip
    bool moveSelectedStep(int direction); // Shift+← / →: false when no step is selected
    void selectStep(uint32_t step, bool add);
    ReportState* m_state;
    LivenessPlotData m_data;
    std::vector<uint8_t> m_filterMatches;
    std::vector<uint32_t> m_selected;
    AxisWindow m_window { 8.0 }; // the deepest zoom: 8 steps
    bool m_includeAlwaysLive = true;
    bool m_showCapacity = true;
    bool m_merged = true;
    int64_t m_hover = -1;
    AxisInputHandler m_input;
};

} // namespace popscope
