#pragma once
// A navigation strip under a zoomable chart: the whole data in miniature with the visible window
// drawn on it. Drag the window to pan, click elsewhere to centre it there, wheel to zoom,
// double-click to show everything; the magnification left of it shows the zoom and takes a typed
// one. Subclasses say what is drawn and where the window lives.
#include "models/tile_axis.hpp"

#include <QWidget>

namespace popscope {

class MagnificationEdit;

class NavigationStrip : public QWidget {
    Q_OBJECT
public:
    explicit NavigationStrip(QWidget* parent = nullptr);
    QSize sizeHint() const override { return { 600, 44 }; }
    QSize minimumSizeHint() const override { return { 100, 36 }; }
    QRect windowRect() const; // the visible window in widget coordinates
    MagnificationEdit* magnification() const { return m_magnification; }

protected:
    // The chart's plot area in the chart's coordinates: the strip aligns with it.
    virtual QRect plotArea() const = 0;
    virtual double extent() const = 0; // positions in all
    virtual TileWindow currentWindow() const = 0;
    virtual void applyWindow(TileWindow window) = 0;
    // A typed magnification's window: by default applied like a drag's.
    virtual void zoomToWindow(TileWindow window) { applyWindow(window); }
    virtual void resetWindow() = 0;
    virtual void paintMiniature(QPainter& painter, const QRect& strip) = 0;

    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    QRect stripRect() const;
    void placeMagnification(); // in the gutter left of the strip, when there is room
    void applyMagnification(double factor);
    double positionAtX(int x) const;
    MagnificationEdit* m_magnification;
    bool m_dragging = false;
    double m_grabOffset = 0;
};

} // namespace popscope
