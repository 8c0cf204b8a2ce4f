#pragma once
// A left-button drag as a user makes it: press, one move with the button held, release.
#include <QApplication>
#include <QMouseEvent>
#include <QTest>
#include <QWidget>

namespace popscope {

inline void dragMouse(
    QWidget* widget, QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QTest::mousePress(widget, Qt::LeftButton, modifiers, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), widget->mapToGlobal(QPointF(to)), Qt::NoButton,
        Qt::LeftButton, modifiers);
    QApplication::sendEvent(widget, &move);
    QTest::mouseRelease(widget, Qt::LeftButton, modifiers, to);
}

} // namespace popscope
