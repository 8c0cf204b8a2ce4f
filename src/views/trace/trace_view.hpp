#pragma once
// The Execution Trace of one report: a time axis, then per IPU a lane with its steps in time order
// (coloured by kind, named where wide enough) and under it the BSP trace of its tiles — a row per
// group of 16 tiles (or several groups per pixel row), each pixel coloured by the mix of states in
// it (computing, exchanging, stream copy, sync, waiting for sync, idle). Pixels come from the LOD
// (TraceLod::column), so any zoom costs a few blocks per pixel column. The pictures are computed by
// a TracePictureJob and kept until the window, size or data changes (trace_view_pictures.cpp).
//
// Above the tiles, the Flame view nests each step in the run and the programs it belongs to (a
// row per level of the program tree); the Flat view shows the steps alone.
//
// Wheel zooms around the cursor, Shift+drag zooms to the cycles dragged over, Ctrl+wheel zooms the tiles
// (down to single tiles, read from the file), drag pans, click selects the step under the cursor,
// double-click zooms to the flame span under the cursor (elsewhere, and Home, show everything); + and − zoom,
// ← and → pan, Alt+← / Alt+→ go back and forward.
#include "models/trace/trace_data.hpp"
#include "models/trace/trace_picture_job.hpp"
#include "views/widgets/axis_input_handler.hpp"

#include <QWidget>

#include <memory>

namespace popscope {

class TraceZoom;

class TraceView : public QWidget, private AxisInputTarget {
    Q_OBJECT
public:
    TraceView(TraceZoom* zoom, QWidget* parent = nullptr);
    ~TraceView() override;

    void setTrace(std::shared_ptr<const TraceData> trace);
    void setZoom(TraceZoom* zoom); // compare mode: the shared window, or the view's own
    TraceZoom* zoom() const { return m_zoom; }
    const TraceData* trace() const { return m_trace.get(); }
    void setIpu(int ipu); // -1: every IPU
    void setStepFilter(const QString& text); // steps whose program name holds it stand out
    void setSelectedStep(int64_t step); // -1: none
    // Flame: the run and the program tree above each lane's steps; flat: one row of steps.
    void setFlame(bool flame);
    bool isFlame() const { return m_flame; }
    int64_t selectedStep() const { return m_selectedStep; }
    // The tiles shown in every lane (tiles of the IPU, [first, last)); Ctrl+wheel changes them.
    void setTileWindow(uint32_t first, uint32_t last);
    uint32_t firstTile() const { return m_tileFirst; }
    uint32_t lastTile() const { return m_tileLast; }
    bool showsSingleTiles() const; // in the pictures shown
    // The BSP pictures are computed off the GUI thread; until they are there, the last ones are
    // drawn moved and scaled to the current window. finishPictures() makes the current ones now
    // (saving an image, screenshots, tests); picturesCurrent() says whether they are shown.
    void finishPictures();
    bool picturesCurrent() const;
    void setTitle(const QString& title, const QColor& colour); // compare mode: "Source: a.pop"
    // Compare mode, "Align at step": the view shows its trace's cycles [zoom first + offset, zoom
    // last + offset), so a step of each trace can start at the same x. Cycles before 0 stay blank.
    void setCycleOffset(int64_t offset);
    int64_t cycleOffset() const { return m_cycleOffset; }

    // What is under `pos`: the readout the page shows while hovering (empty outside the lanes).
    QString readoutAt(const QPoint& pos) const;
    // The step rows (flame or flat) of the lane shown `index`-th, empty when there is none.
    QRect stepRowsRect(size_t index) const;
    // The lane's overlapped I/O row (empty when no lane shown has overlapped I/O).
    QRect ioRowRect(size_t index) const;
    // The step under `pos` (in a step row or the BSP rows below it), or -1.
    int64_t stepAt(const QPoint& pos) const;
    bool saveImage(const QString& path, QString* error);
    QSize sizeHint() const override { return { 1200, 520 }; }
    QSize minimumSizeHint() const override { return { 360, 110 }; }

signals:
    void picturesReady(); // the current window's pictures are in
    void hovered(const QString& readout);
    void stepClicked(int64_t step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // The cycle window is the TraceZoom's; AxisInputHandler turns the wheel, drags and keys into it.
    QRect axisRect() const override { return plotArea(); }
    const AxisWindow& axisWindow() const override;
    void showAxisWindow(const TileWindow& window) override;
    void resetAxisWindow() override; // every cycle and every tile
    void zoomToAxisRange(const TileWindow& range) override; // remembered: Back returns
    void axisClicked(QMouseEvent* event) override; // selects the step
    void axisHovered(QMouseEvent* event) override; // the cross-hair and the readout
    struct Lane {
        uint32_t ipu = 0;
        QRect steps; // the step row
        QRect io; // the overlapped I/O row under it (empty when no lane shown has overlapped I/O)
        QRect tiles; // the BSP rows
        int flameRow = 0; // height of a flame row (0: the Flat view)
    };
    std::vector<Lane> lanes() const;
    int flameRowHeight(int laneHeight) const; // 0 in the Flat view
    // The flame span under `pos` and its level (nullptr outside the flame rows).
    const FlameSpan* flameSpanAt(const QPoint& pos, size_t* level) const;
    QRect plotArea() const;
    // The trace's cycles at the plot's left and right edges (negative before the run when offset).
    double viewFirst() const;
    double viewLast() const;
    double zoomCycleAtX(int x) const; // in the shared zoom's cycles
    double signedCycleAtX(int x) const; // in the trace's cycles, negative before the run
    uint64_t cycleAtX(int x) const; // the same, 0 before the run
    double xOfCycle(uint64_t cycle) const;
    void paintAxis(QPainter& p, const QRect& area) const;
    void paintSteps(QPainter& p, const Lane& lane) const;
    QString flameReadout(const QPoint& pos) const;
    void invalidate();
    TraceWindow currentWindow() const;
    TracePictureJob::Request pictureRequest() const; // the lanes and window shown now
    void paintPicture(QPainter& p, const Lane& lane, const TraceWindow& window) const;

    TraceZoom* m_zoom;
    std::shared_ptr<const TraceData> m_trace;
    int m_ipu = -1;
    int64_t m_cycleOffset = 0;
    QString m_filter;
    int64_t m_selectedStep = -1;
    bool m_flame = true;
    QString m_title;
    QColor m_titleColour;
    TracePictureJob* m_pictures; // the BSP pictures of the lanes, for the window shown
    uint32_t m_tileFirst = 0, m_tileLast = 1;
    QPoint m_hover { -1, -1 }; // the cursor, for the cross-hair
    AxisInputHandler m_input;
};

} // namespace popscope
