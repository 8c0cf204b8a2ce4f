#include "views/widgets/axis_input_handler.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <QWidget>

#include <utility>

namespace popscope {

namespace {

constexpr int kDragDistance = 4; // pixels a press moves before it is a drag, not a click
constexpr int kShortestRange = 3; // pixels a Shift+drag spans before it zooms

enum class AxisKeyAction { None, ZoomIn, ZoomOut, PanBack, PanOn, ShowAll };

struct AxisKeyBinding {
    int key;
    bool letter; // only with AxisInputOptions::letterKeys
    AxisKeyAction action;
};

constexpr AxisKeyBinding kAxisKeyBindings[] = {
    { Qt::Key_Plus, false, AxisKeyAction::ZoomIn },
    { Qt::Key_Equal, false, AxisKeyAction::ZoomIn }, // + without Shift on most layouts
    { Qt::Key_Minus, false, AxisKeyAction::ZoomOut },
    { Qt::Key_Left, false, AxisKeyAction::PanBack },
    { Qt::Key_Right, false, AxisKeyAction::PanOn },
    { Qt::Key_Home, false, AxisKeyAction::ShowAll },
    { Qt::Key_W, true, AxisKeyAction::ZoomIn },
    { Qt::Key_S, true, AxisKeyAction::ZoomOut },
    { Qt::Key_A, true, AxisKeyAction::PanBack },
    { Qt::Key_D, true, AxisKeyAction::PanOn },
    { Qt::Key_0, true, AxisKeyAction::ShowAll },
};

AxisKeyAction axisKeyAction(int key, bool letterKeys)
{
    for (const AxisKeyBinding& binding : kAxisKeyBindings)
        if (binding.key == key && (letterKeys || !binding.letter))
            return binding.action;
    return AxisKeyAction::None;
}

} // namespace

AxisInputHandler::AxisInputHandler(QWidget* widget, AxisInputTarget* target, AxisInputOptions options)
    : m_widget(widget)
    , m_target(target)
    , m_options(options)
{
}

double AxisInputHandler::positionAtX(int x) const
{
    const QRect plot = m_target->axisRect();
    const int width = std::max(1, plot.width());
    return xToPosition(std::clamp(x - plot.left(), 0, width), m_target->axisWindow().window(), width);
}

bool AxisInputHandler::wheel(QWheelEvent* event)
{
    const double factor = wheelZoomFactor(event->angleDelta().y());
    const AxisWindow& axis = m_target->axisWindow();
    if (factor == 1.0 || axis.extent() <= 0)
        return false;
    m_target->showAxisWindow(axis.zoomedAround(positionAtX(int(event->position().x())), factor));
    event->accept();
    return true;
}

bool AxisInputHandler::mousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return false;
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressFirst = m_target->axisWindow().window().first;
    m_pickingRange = m_options.shiftDragZooms && (event->modifiers() & Qt::ShiftModifier);
    m_rangeEndX = m_pressPos.x();
    return true;
}

void AxisInputHandler::mouseMove(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_pressed && m_pickingRange) {
        m_rangeEndX = pos.x();
        m_widget->update();
        return;
    }
    if (m_pressed && (m_dragging || (pos - m_pressPos).manhattanLength() > kDragDistance))
        return pan(pos);
    m_target->axisHovered(event);
}

void AxisInputHandler::pan(const QPoint& pos)
{
    m_dragging = true;
    m_widget->setCursor(Qt::ClosedHandCursor);
    const double count = m_target->axisWindow().window().count;
    const double delta = -(pos.x() - m_pressPos.x()) * count / std::max(1, m_target->axisRect().width());
    m_target->showAxisWindow(TileWindow { m_pressFirst + delta, count });
    QToolTip::hideText();
}

bool AxisInputHandler::mouseRelease(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return false;
    m_pressed = false;
    m_widget->unsetCursor();
    if (m_pickingRange)
        finishRange();
    else if (!std::exchange(m_dragging, false))
        m_target->axisClicked(event);
    return true;
}

void AxisInputHandler::finishRange()
{
    m_pickingRange = false;
    if (rangeEndX() - rangeStartX() >= kShortestRange) {
        const double first = positionAtX(rangeStartX());
        m_target->zoomToAxisRange(TileWindow { first, positionAtX(rangeEndX()) - first });
    }
    m_widget->update();
}

bool AxisInputHandler::keyPress(QKeyEvent* event)
{
    const AxisWindow& axis = m_target->axisWindow();
    switch (axisKeyAction(event->key(), m_options.letterKeys)) {
    case AxisKeyAction::ZoomIn:
        m_target->showAxisWindow(axis.zoomedAtCentre(m_options.keyZoomFactor));
        break;
    case AxisKeyAction::ZoomOut:
        m_target->showAxisWindow(axis.zoomedAtCentre(1 / m_options.keyZoomFactor));
        break;
    case AxisKeyAction::PanBack:
        m_target->showAxisWindow(axis.pannedBy(-kKeyPanShare));
        break;
    case AxisKeyAction::PanOn:
        m_target->showAxisWindow(axis.pannedBy(kKeyPanShare));
        break;
    case AxisKeyAction::ShowAll:
        m_target->resetAxisWindow();
        break;
    case AxisKeyAction::None:
        return false;
    }
    event->accept();
    return true;
}

} // namespace popscope
