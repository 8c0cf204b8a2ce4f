#include "views/memory/tile_map_view.hpp"

#include "popscope/memory_categories.hpp"
#include "views/widgets/chart_export.hpp"

#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace popscope {

TileMapView::TileMapView(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(state, &ReportState::reportChanged, this, &TileMapView::rebuild);
    connect(state, &ReportState::selectionChanged, this, qOverload<>(&QWidget::update));
    connect(state, &ReportState::unitChanged, this, qOverload<>(&QWidget::update));
}

void TileMapView::setCategory(const std::string& category)
{
    if (category == m_category)
        return;
    m_category = category;
    rebuild();
}

void TileMapView::setIncludeGaps(bool on)
{
    if (on == m_includeGaps)
        return;
    m_includeGaps = on;
    rebuild();
}

void TileMapView::setScaleToCapacity(bool on)
{
    if (on == m_scaleToCapacity)
        return;
    m_scaleToCapacity = on;
    rebuild();
}

void TileMapView::setIpu(int ipu)
{
    if (ipu == m_ipu)
        return;
    m_ipu = ipu;
    rebuild();
}

void TileMapView::rebuild()
{
    // Like the chart, the map draws the reports whose memory by tile is read (its page reads it).
    const auto withMemory
        = [](std::shared_ptr<const LoadedReport> r) { return r && r->core->hasTileMemory() ? r : nullptr; };
    m_report = withMemory(m_state->report());
    m_target = m_report ? withMemory(m_state->comparedReport()) : nullptr;
    m_values.clear();
    m_layout = {};
    m_scaleMax = 0;
    if (m_report) {
        const TileMemory& memory = m_report->memory();
        m_layout = TileMapLayout::build(memory.numIpus, memory.tilesPerIpu, memory.physicalTileIds);
        const std::vector<uint32_t> source = tileMapValues(memory, m_category, m_includeGaps);
        m_values.assign(source.begin(), source.end());
        if (m_target) { // the change per tile on the tiles both have; the others have no value
            const std::vector<uint32_t> target = tileMapValues(m_target->memory(), m_category, m_includeGaps);
            const uint32_t common = m_state->commonTiles();
            for (size_t t = 0; t < m_values.size(); ++t)
                m_values[t] = t < common && t < target.size() ? int64_t(target[t]) - int64_t(source[t])
                                                              : TileMapScene::kNoValue;
        }
        for (int64_t value : m_values)
            if (value != TileMapScene::kNoValue)
                m_scaleMax = std::max(m_scaleMax, m_target ? std::abs(value) : value);
        if (!m_target && m_category.empty() && m_scaleToCapacity && memory.bytesPerTile > 0)
            m_scaleMax = int64_t(memory.bytesPerTile);
    }
    m_hover = -1;
    emit dataRebuilt();
    update();
}

QString TileMapView::scaleTitle() const
{
    const QString what = m_category.empty()
        ? (m_includeGaps ? tr("All memory, with gaps") : tr("All memory, without gaps"))
        : QString::fromStdString(categoryLabel(m_category));
    if (m_target)
        return tr("%1: change per tile (target − source; blue: less, orange: more)").arg(what);
    if (m_category.empty() && m_scaleToCapacity)
        return tr("%1 per tile, up to max memory (tiles over it outlined in red)").arg(what);
    return tr("%1 per tile, up to the largest tile").arg(what);
}

TileMapScene TileMapView::scene() const
{
    TileMapScene s;
    if (!m_report)
        return s;
    s.layout = &m_layout;
    s.values = &m_values;
    s.scaleMax = m_scaleMax;
    s.diverging = m_target != nullptr;
    s.capacity = m_category.empty() ? m_report->memory().bytesPerTile : 0;
    s.selection = &m_state->selectedTiles();
    s.ipu = m_ipu;
    s.hoverTile = m_hover;
    s.rubberBand = m_band;
    s.unit = m_state->unit();
    s.scaleTitle = scaleTitle();
    return s;
}

void TileMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    TileMapRenderer::paint(p, rect(), scene(), palette());
    if (hasFocus()) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

int64_t TileMapView::tileAt(const QPoint& pos) const
{
    const TileMapScene s = scene();
    return TileMapRenderer::tileAt(TileMapRenderer::geometry(s, rect(), fontMetrics()), s, pos);
}

QRectF TileMapView::cellRect(uint32_t tile) const
{
    const TileMapScene s = scene();
    if (!s.layout || tile >= m_layout.places.size())
        return {};
    const auto g = TileMapRenderer::geometry(s, rect(), fontMetrics());
    const auto shown = std::find(g.ipus.begin(), g.ipus.end(), m_layout.places[tile].ipu);
    if (shown == g.ipus.end())
        return {};
    return g.cellRect(m_layout.places[tile], size_t(shown - g.ipus.begin()), m_layout);
}

QString TileMapView::valueLine(uint32_t tile) const
{
    if (tile >= m_values.size())
        return {};
    const int64_t value = m_values[tile];
    const QString what
        = m_category.empty() ? tr("All memory") : QString::fromStdString(categoryLabel(m_category));
    if (value == TileMapScene::kNoValue)
        return tr("<br><i>The target has no tile %1.</i>").arg(tile);
    const QString bytes = QString::fromStdString(formatBytes(uint64_t(std::abs(value)), m_state->unit()));
    if (m_target)
        return tr("<br><b>Map:</b> %1, target %2 %3")
            .arg(what, value >= 0 ? tr("uses more by") : tr("uses less by"), bytes);
    return tr("<br><b>Map:</b> %1 %2").arg(what, bytes);
}

void TileMapView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_pressPos = event->position().toPoint();
    m_band = {};
}

void TileMapView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_pressed && (!m_band.isNull() || (pos - m_pressPos).manhattanLength() > 4)) {
        m_band = QRect(m_pressPos, pos).normalized();
        QToolTip::hideText();
        update();
        return;
    }
    const int64_t tile = tileAt(pos);
    if (tile != m_hover) {
        m_hover = tile;
        update();
    }
    if (tile >= 0 && m_toolTipSource)
        QToolTip::showText(event->globalPosition().toPoint(),
            m_toolTipSource(uint32_t(tile)) + valueLine(uint32_t(tile)), this);
    else
        QToolTip::hideText();
}

void TileMapView::selectDragged(const QRect& band, bool add)
{
    const TileMapScene s = scene();
    std::vector<uint32_t> tiles
        = TileMapRenderer::tilesIn(TileMapRenderer::geometry(s, rect(), fontMetrics()), s, QRectF(band));
    if (add)
        tiles.insert(tiles.end(), m_state->selectedTiles().begin(), m_state->selectedTiles().end());
    m_state->setSelectedTiles(std::move(tiles)); // sorts and drops repeats
}

void TileMapView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    const bool add = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
    if (!m_band.isNull()) {
        const QRect band = std::exchange(m_band, QRect());
        selectDragged(band, add);
        update();
        return;
    }
    const int64_t tile = tileAt(event->position().toPoint());
    if (tile < 0)
        return;
    if (add)
        m_state->toggleTile(uint32_t(tile));
    else
        m_state->setSelectedTiles({ uint32_t(tile) });
}

void TileMapView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        m_state->clearSelection();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void TileMapView::leaveEvent(QEvent*)
{
    m_hover = -1;
    update();
}

bool TileMapView::saveImage(const QString& path, QString* error) const
{
    TileMapScene s = scene();
    s.hoverTile = -1;
    s.rubberBand = {};
    if (m_report)
        s.title = tr("Tile Map — %1").arg(m_report->fileName());
    const QPalette colours = palette();
    return writeChartImage(
        path, size().expandedTo(QSize(640, 360)), font(), s.title,
        [&](QPainter& p, const QRect& area) { TileMapRenderer::paint(p, area, s, colours); }, error);
}

} // namespace popscope
