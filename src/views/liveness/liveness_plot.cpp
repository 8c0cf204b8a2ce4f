#include "views/liveness/liveness_plot.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "views/widgets/chart_export.hpp"

#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace popscope {

namespace {
// Shift+← / → (A / D) move the selected step: −1 or 1, else 0.
int selectedStepMove(const QKeyEvent* event)
{
    if (!(event->modifiers() & Qt::ShiftModifier))
        return 0;
    const int key = event->key();
    if (key == Qt::Key_Left || key == Qt::Key_A)
        return -1;
    return key == Qt::Key_Right || key == Qt::Key_D ? 1 : 0;
}
} // namespace

LivenessPlot::LivenessPlot(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_input(this, this)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(state, &ReportState::unitChanged, this, qOverload<>(&QWidget::update));
}

size_t LivenessPlot::steps() const
{
    size_t n = m_data.source.notAlwaysLive.size();
    if (m_data.targetSteps)
        n = std::max(n, m_data.target.notAlwaysLive.size());
    return n;
}

void LivenessPlot::setData(LivenessPlotData data)
{
    const size_t before = steps();
    m_data = std::move(data);
    m_hover = -1;
    std::erase_if(m_selected, [n = m_data.source.notAlwaysLive.size()](uint32_t s) { return s >= n; });
    if (steps() != before)
        m_window.setExtent(double(steps()));
    emit windowChanged();
    update();
}

void LivenessPlot::setIncludeAlwaysLive(bool on)
{
    m_includeAlwaysLive = on;
    update();
}

void LivenessPlot::setShowCapacity(bool on)
{
    m_showCapacity = on;
    update();
}

void LivenessPlot::setMerged(bool on)
{
    m_merged = on;
    update();
}

void LivenessPlot::setFilterMatches(std::vector<uint8_t> matches)
{
    m_filterMatches = std::move(matches);
    update();
}

void LivenessPlot::setSelectedSteps(std::vector<uint32_t> steps)
{
    std::sort(steps.begin(), steps.end());
    steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    std::erase_if(steps, [n = m_data.source.notAlwaysLive.size()](uint32_t s) { return s >= n; });
    if (steps == m_selected)
        return;
    m_selected = std::move(steps);
    update();
    emit selectionChanged();
}

void LivenessPlot::setWindow(TileWindow window)
{
    if (!m_window.setWindow(window))
        return;
    update();
    emit windowChanged();
}

void LivenessPlot::resetView()
{
    setWindow(m_window.whole());
}

void LivenessPlot::centreOn(uint32_t step)
{
    setWindow(m_window.centredOn(step + 0.5, 200.0));
}

LivenessPlotScene LivenessPlot::scene() const
{
    LivenessPlotScene s;
    const auto curve = [](const LivenessSeries& series, const QString& name) {
        LivenessPlotCurve c { &series.notAlwaysLive, series.alwaysLive, series.capacity, -1, name };
        if (!series.notAlwaysLive.empty())
            c.peakStep = findPeak(series.notAlwaysLive).step;
        return c;
    };
    s.source = curve(m_data.source, m_data.sourceName);
    if (m_data.targetSteps)
        s.target = curve(m_data.target, m_data.targetName);
    s.includeAlwaysLive = m_includeAlwaysLive;
    s.showCapacity = m_showCapacity;
    s.merged = m_merged;
    s.window = m_window.window();
    s.selected = &m_selected;
    s.filterMatches = &m_filterMatches;
    s.hoverStep = m_hover;
    s.unit = m_state->unit();
    if (!m_data.capacityLabel.isEmpty())
        s.capacityLabel = m_data.capacityLabel;
    if (m_state->report() && steps() == 0)
        s.emptyText = QStringLiteral(
            "This report has no liveness program steps: the profile was written without "
            "liveness data. Open a report compiled with liveness (or one from the simulator).");
    return s;
}

QRect LivenessPlot::plotRect() const
{
    return LivenessPlotRenderer::plotRect(scene(), rect(), fontMetrics());
}

int64_t LivenessPlot::stepAt(const QPoint& pos) const
{
    const LivenessPlotScene s = scene();
    const QRect plot = LivenessPlotRenderer::plotRect(s, rect(), fontMetrics());
    if (pos.y() < plot.top() - 10 || pos.y() > plot.bottom() || pos.x() < plot.left()
        || pos.x() > plot.right())
        return -1;
    return positionAtX(pos.x() - plot.left(), m_window.window(), plot.width(), uint32_t(steps()));
}

QString LivenessPlot::stepToolTip(uint32_t step) const
{
    const MemoryUnit unit = m_state->unit();
    const auto side
        = [&](const LivenessSeries& series, const LivenessCurve* curve, int64_t s, const QString& heading) {
              if (!curve || s < 0 || size_t(s) >= series.notAlwaysLive.size())
                  return heading.isEmpty() ? QString() : tr("<br><b>%1</b>: no matching step").arg(heading);
              const uint64_t nal = series.notAlwaysLive[size_t(s)];
              QString html = heading.isEmpty() ? QString() : tr("<br><b>%1</b> ").arg(heading);
              html += tr("<b>Step %1</b>: %2 <i>(%3)</i>")
                          .arg(countText(uint64_t(s)), toQString(curve->stepName(size_t(s))).toHtmlEscaped(),
                              QString::fromStdString(curve->stepType(size_t(s))).toHtmlEscaped());
              html += tr("<br>Not always live: %1<br>Always live: %2<br>Total: %3")
                          .arg(bytesText(nal, unit), bytesText(series.alwaysLive, unit),
                              bytesText(nal + series.alwaysLive, unit));
              return html;
          };
    if (!m_data.targetSteps)
        return side(m_data.source, m_data.sourceSteps, step, {});
    QString html = side(m_data.source, m_data.sourceSteps,
        step < m_data.source.notAlwaysLive.size() ? int64_t(step) : -1, tr("Source"));
    int64_t t = step;
    QString how = tr("same index");
    if (m_data.match && m_data.match->byName) {
        t = step < m_data.match->targetOf.size() ? m_data.match->targetOf[step] : -1;
        how = tr("matched by program name");
    }
    html += side(m_data.target, m_data.targetSteps, t, tr("Target (%1)").arg(how));
    if (m_data.match && m_data.match->byName && step < m_data.target.notAlwaysLive.size()
        && t != int64_t(step))
        html += tr("<br><i>The target's line at this x is its step %1: %2</i>")
                    .arg(countText(step), toQString(m_data.targetSteps->stepName(step)).toHtmlEscaped());
    return html;
}

bool LivenessPlot::saveImage(const QString& path, QString* error) const
{
    LivenessPlotScene s = scene();
    s.hoverStep = -1;
    s.title = tr("Liveness — %1").arg(m_data.sourceName);
    if (m_data.targetSteps)
        s.title += tr(" vs %1").arg(m_data.targetName);
    const QPalette colours = palette();
    return writeChartImage(
        path, size().expandedTo(QSize(640, 360)), font(), s.title,
        [&](QPainter& p, const QRect& area) { LivenessPlotRenderer::paint(p, area, s, colours); }, error);
}

void LivenessPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    LivenessPlotRenderer::paint(p, rect(), scene(), palette());
    if (hasFocus()) {
        QColor focus = palette().color(QPalette::Highlight);
        focus.setAlpha(90);
        p.setPen(focus);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

void LivenessPlot::wheelEvent(QWheelEvent* event)
{
    m_input.wheel(event);
}

void LivenessPlot::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const LivenessPlotScene s = scene();
    const std::vector<LegendItem> legend = LivenessPlotRenderer::legendItems(s, palette());
    if (ChartLegend::itemAt(rect(), s.title, legend, fontMetrics(), event->position().toPoint()) >= 0) {
        setIncludeAlwaysLive(!m_includeAlwaysLive); // the one clickable key
        emit includeAlwaysLiveToggled(m_includeAlwaysLive);
        return;
    }
    m_input.mousePress(event);
}

void LivenessPlot::mouseMoveEvent(QMouseEvent* event)
{
    m_input.mouseMove(event);
}

void LivenessPlot::axisHovered(QMouseEvent* event)
{
    const int64_t step = stepAt(event->position().toPoint());
    if (step != m_hover) {
        m_hover = step;
        update();
    }
    if (step >= 0)
        QToolTip::showText(event->globalPosition().toPoint(), stepToolTip(uint32_t(step)), this);
    else
        QToolTip::hideText();
}

void LivenessPlot::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_input.mouseRelease(event))
        QWidget::mouseReleaseEvent(event);
}

void LivenessPlot::axisClicked(QMouseEvent* event)
{
    const int64_t step = stepAt(event->position().toPoint());
    if (step >= 0 && size_t(step) < m_data.source.notAlwaysLive.size())
        selectStep(uint32_t(step), event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier));
}

void LivenessPlot::selectStep(uint32_t step, bool add)
{
    std::vector<uint32_t> steps = m_selected;
    if (!add) {
        steps = { step };
    } else if (auto it = std::find(steps.begin(), steps.end(), step); it != steps.end()) {
        steps.erase(it);
    } else {
        steps.push_back(step);
    }
    setSelectedSteps(std::move(steps));
}

void LivenessPlot::mouseDoubleClickEvent(QMouseEvent*)
{
    m_input.mouseDoubleClick();
}

bool LivenessPlot::moveSelectedStep(int direction)
{
    if (m_selected.empty())
        return false;
    // Walk the selected step through the steps, keeping it in view.
    const int64_t next = std::clamp<int64_t>(
        int64_t(m_selected.back()) + direction, 0, int64_t(m_data.source.notAlwaysLive.size()) - 1);
    setSelectedSteps({ uint32_t(next) });
    const TileWindow w = m_window.window();
    if (next < w.first || next + 1 > w.first + w.count)
        setWindow(m_window.pannedBy(direction * AxisInputHandler::kKeyPanShare));
    return true;
}

void LivenessPlot::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        setSelectedSteps({});
        event->accept();
    } else if (const int direction = selectedStepMove(event); direction != 0 && moveSelectedStep(direction)) {
        event->accept();
    } else if (!m_input.keyPress(event)) {
        QWidget::keyPressEvent(event);
    }
}

void LivenessPlot::leaveEvent(QEvent*)
{
    m_hover = -1;
    update();
}

} // namespace popscope
