#include "views/memory/memory_chart.hpp"

#include "models/compare_colors.hpp"
#include "popscope/plural.hpp"
#include "views/widgets/chart_export.hpp"
#include "views/widgets/chart_palette.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace popscope {

namespace {
// The series `hidden` names stack as zero (they stay, for the legend to list them struck through).
void zeroHidden(MemorySeriesSet& set, const QSet<QString>& hidden)
{
    if (hidden.isEmpty())
        return;
    set.total.assign(set.total.size(), 0);
    for (MemorySeries1D& s : set.series) {
        if (hidden.contains(s.key))
            std::fill(s.bytesByTile.begin(), s.bytesByTile.end(), 0u);
        for (size_t t = 0; t < set.total.size() && t < s.bytesByTile.size(); ++t)
            set.total[t] += s.bytesByTile[t];
    }
    set.maxTotal = set.total.empty() ? 0 : *std::max_element(set.total.begin(), set.total.end());
}

// Two stacked series for the change per tile over the common range: where the target uses more,
// and where it uses less (so the bars stay positive and the colour says the sign).
MemorySeriesSet differenceSeries(
    const std::vector<uint32_t>& source, const std::vector<uint32_t>& target, uint32_t tiles)
{
    MemorySeriesSet set;
    MemorySeries1D more { QStringLiteral("diff:more"),
        QCoreApplication::translate("popscope::MemoryChart", "Target uses more"),
        std::vector<uint32_t>(source.size(), 0) };
    MemorySeries1D less { QStringLiteral("diff:less"),
        QCoreApplication::translate("popscope::MemoryChart", "Target uses less"),
        std::vector<uint32_t>(source.size(), 0) };
    set.total.assign(source.size(), 0);
    for (uint32_t t = 0; t < tiles && t < source.size(); ++t) {
        const uint32_t change = source[t] > target[t] ? source[t] - target[t] : target[t] - source[t];
        (target[t] > source[t] ? more : less).bytesByTile[t] = change;
        set.total[t] = change;
        set.maxTotal = std::max<uint64_t>(set.maxTotal, change);
    }
    set.series = { std::move(more), std::move(less) };
    return set;
}
} // namespace

MemoryChart::MemoryChart(ReportState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_input(this, this)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(QString()); // tooltips are shown by hand with the hovered tile's figures
    connect(state, &ReportState::reportChanged, this, &MemoryChart::rebuild);
    connect(state, &ReportState::selectionChanged, this, qOverload<>(&QWidget::update));
    connect(state, &ReportState::unitChanged, this, qOverload<>(&QWidget::update));
    connect(state, &ReportState::zoomChanged, this, qOverload<>(&QWidget::update));
    rebuild();
}

void MemoryChart::setBreakdown(MemoryBreakdown breakdown)
{
    if (breakdown == m_breakdown)
        return;
    m_breakdown = breakdown;
    rebuild();
}

void MemoryChart::setIncludeGaps(bool on)
{
    if (on == m_includeGaps)
        return;
    m_includeGaps = on;
    rebuild();
}

void MemoryChart::setShowCapacity(bool on)
{
    m_showCapacity = on;
    update();
}

void MemoryChart::setTileOrder(TileOrder order)
{
    if (order == m_order)
        return;
    m_order = order;
    rebuild();
}

void MemoryChart::setIpu(int ipu)
{
    if (ipu == m_ipu)
        return;
    m_ipu = ipu;
    rebuild();
}

void MemoryChart::setCompareView(CompareView view)
{
    if (view == m_compareView)
        return;
    m_compareView = view;
    rebuild();
}

void MemoryChart::setVariablesGraph(bool on)
{
    if (on == m_variablesGraph)
        return;
    m_variablesGraph = on;
    rebuild();
}

void MemoryChart::setVariablePatterns(std::vector<std::string> patterns)
{
    if (patterns == m_patterns)
        return;
    m_patterns = std::move(patterns);
    if (m_variablesGraph)
        m_hidden.clear(); // its keys number the patterns
    if (m_variablesGraph)
        rebuild();
}

// The bars of one report: its memory breakdown, or the Variables graph's series (one per pattern,
// the source's kept for the legend and tooltips).
MemorySeriesSet MemoryChart::seriesOf(const LoadedReport& report, MemoryBreakdown breakdown, int slot)
{
    if (!m_variablesGraph)
        return buildMemorySeries(report.memory(), breakdown, m_includeGaps);
    VariablesOfReport& cached = m_variables[size_t(slot)];
    if (cached.report.lock() != report.core || cached.patterns != m_patterns)
        cached = { report.core, m_patterns,
            variableTileSeries(report.variables(), m_patterns, report.numTiles()) };
    const std::vector<VariableTileSeries>& found = cached.series;
    MemorySeriesSet set;
    set.total.assign(report.numTiles(), 0);
    for (size_t i = 0; i < found.size(); ++i) {
        const VariableTileSeries& s = found[i];
        const QString pattern = QString::fromStdString(s.pattern);
        const bool oneName = s.matched == 1 && s.pattern.find_first_of("*?") == std::string::npos;
        const QString label = oneName
            ? pattern
            : QStringLiteral("%1 (%2)").arg(pattern, QString::fromStdString(countOf(s.matched, "variable")));
        for (size_t t = 0; t < set.total.size(); ++t)
            set.total[t] += s.bytesByTile[t];
        set.series.push_back({ QStringLiteral("variables:%1").arg(i), label, s.bytesByTile });
    }
    set.maxTotal = set.total.empty() ? 0 : *std::max_element(set.total.begin(), set.total.end());
    return set;
}

void MemoryChart::rebuild()
{
    // The chart draws the reports whose memory by tile is read: its page reads it before showing
    // them, and calls rebuild then; until then (a new report just opened) it draws nothing.
    // The Variables graph draws them once their variables are read too (its page reads them).
    const auto withMemory = [this](std::shared_ptr<const LoadedReport> r) {
        return r && r->core->hasTileMemory() && (!m_variablesGraph || r->core->hasVariables()) ? r : nullptr;
    };
    m_report = withMemory(m_state->report());
    m_target = m_report ? withMemory(m_state->comparedReport()) : nullptr;
    const auto report = m_report;
    const size_t oldSize = m_displayOrder.size();
    if (!report) // nothing shown: no series, and no reports' series kept
        m_variables = {};
    else if (!m_target)
        m_variables[1] = {};
    if (report) {
        m_series = seriesOf(*report, m_breakdown, 0);
        zeroHidden(m_series, m_hidden);
        m_displayOrder = tileDisplayOrder(report->memory(), m_order, m_ipu);
    } else {
        m_series = {};
        m_displayOrder.clear();
    }
    // Compare mode: the target's totals on the tiles both reports have (the common range).
    m_compareTotal.clear();
    m_compareMax = 0;
    m_compareTiles = 0;
    m_difference = false;
    if (const auto target = m_target; report && target) {
        const MemorySeriesSet other = seriesOf(*target, MemoryBreakdown::None, 1);
        m_compareTiles = m_state->commonTiles();
        m_compareTotal.assign(report->numTiles(), 0);
        for (size_t t = 0; t < m_compareTiles; ++t)
            m_compareTotal[t] = other.total[t];
        m_compareMax = other.maxTotal;
        if (m_compareView == CompareView::Difference) {
            // m_series.total is the source's total per tile whatever the breakdown.
            m_series = differenceSeries(m_series.total, m_compareTotal, m_compareTiles);
            zeroHidden(m_series, m_hidden); // its keys: more, less
            m_compareTotal.clear();
            m_difference = true;
        }
    }
    m_positionOf.assign(report ? report->numTiles() : 0, -1);
    for (size_t p = 0; p < m_displayOrder.size(); ++p)
        m_positionOf[m_displayOrder[p]] = int32_t(p);
    if (m_displayOrder.size() != oldSize || m_state->zoomExtent() != m_displayOrder.size())
        m_state->setZoomExtent(uint32_t(m_displayOrder.size()));
    m_hover = -1;
    emit dataRebuilt();
    update();
}

MemoryChartScene MemoryChart::scene() const
{
    MemoryChartScene s;
    const auto report = m_report;
    s.series = &m_series;
    s.order = &m_displayOrder;
    s.positionOf = &m_positionOf;
    s.selection = &m_state->selectedTiles();
    s.window = m_state->zoom();
    s.showCapacity = m_showCapacity;
    s.includeGaps = m_includeGaps;
    s.variablesGraph = m_variablesGraph;
    s.hidden = &m_hidden;
    s.unit = m_state->unit();
    s.tileOrder = m_order;
    s.ipu = m_ipu;
    s.hoverPosition = m_hover;
    s.difference = m_difference;
    if (m_variablesGraph && m_patterns.empty())
        s.emptyText = tr("Type names or patterns of variables above (a * matches any text), or choose "
                         "Show in Variables Graph on rows of the Variables tab");
    if (m_difference)
        s.showCapacity = false; // a change is not measured against the capacity
    // Small variables would lie flat under the capacity's line: it shows once they reach a quarter of it.
    if (m_variablesGraph && report
        && std::max(m_series.maxTotal, m_compareMax) * 4 < report->memory().bytesPerTile)
        s.showCapacity = false;
    if (report && !m_compareTotal.empty()) {
        s.compareTotal = &m_compareTotal;
        s.compareMax = m_compareMax;
        s.compareTiles = m_compareTiles;
        s.sourceName = report->fileName();
        s.compareName = m_target ? m_target->fileName() : QString();
    }
    if (report) {
        s.capacity = report->memory().bytesPerTile;
        s.physicalIds = &report->memory().physicalTileIds;
        s.tilesPerIpu = report->memory().tilesPerIpu;
        s.numIpus = report->memory().numIpus;
    }
    return s;
}

void MemoryChart::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    MemoryChartRenderer::paint(p, rect(), scene(), palette());
    if (hasFocus()) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

int64_t MemoryChart::positionAt(const QPoint& pos) const
{
    const QRect plot = axisRect();
    if (!plot.adjusted(0, -6, 0, 0).contains(pos))
        return -1;
    return positionAtX(pos.x() - plot.left(), m_state->zoom(), plot.width(), uint32_t(m_displayOrder.size()));
}

int64_t MemoryChart::tileAt(const QPoint& pos) const
{
    const int64_t p = positionAt(pos);
    return p < 0 ? -1 : int64_t(m_displayOrder[size_t(p)]);
}

QString MemoryChart::tileToolTip(uint32_t tile) const
{
    const auto report = m_report;
    if (!report || tile >= report->numTiles())
        return {};
    const TileMemory& m = report->memory();
    const MemoryUnit unit = m_state->unit();
    auto bytes = [unit](uint64_t b) { return QString::fromStdString(formatBytes(b, unit)).toHtmlEscaped(); };
    const uint32_t ipu = tile / std::max(m.tilesPerIpu, 1u);
    QString html = tr("<b>Tile %1</b> — IPU %2, tile %3 on the IPU")
                       .arg(tile)
                       .arg(ipu)
                       .arg(tile % std::max(m.tilesPerIpu, 1u));
    if (tile < m.physicalTileIds.size())
        html += tr(", physical id %1").arg(m.physicalTileIds[tile]);
    html += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    auto row = [&](const QString& label, uint64_t value, const QColor& color = QColor()) {
        const QString swatch = color.isValid()
            ? QStringLiteral("<span style='color:%1'>■</span> ").arg(color.name())
            : QString();
        html += QStringLiteral("<tr><td>%1%2</td><td align='right'>&nbsp;&nbsp;%3</td></tr>")
                    .arg(swatch, label.toHtmlEscaped(), bytes(value));
    };
    row(tr("Including gaps"), m.totalIncludingGaps[tile]);
    row(tr("Excluding gaps"), m.totalExcludingGaps[tile]);
    if (const auto target = m_target; target && tile < target->numTiles()) {
        const TileMemory& t = target->memory();
        row(tr("Target, including gaps"), t.totalIncludingGaps[tile], CompareColors::target());
        row(tr("Target, excluding gaps"), t.totalExcludingGaps[tile], CompareColors::target());
    } else if (target) {
        html += tr("<tr><td colspan='2'><i>The target has no tile %1.</i></td></tr>").arg(tile);
    }
    if (m_breakdown != MemoryBreakdown::None || m_variablesGraph)
        for (auto it = m_series.series.rbegin(); it != m_series.series.rend(); ++it)
            if (it->bytesByTile[tile] > 0)
                row(it->label, it->bytesByTile[tile], ChartPalette::seriesColor(it->key));
    html += QStringLiteral("</table>");
    const uint64_t used = m.totalIncludingGaps[tile];
    if (m.bytesPerTile > 0) {
        const double share = double(used) / double(m.bytesPerTile);
        if (used > m.bytesPerTile)
            html += tr("<span style='color:%1'><b>Over max memory by %2</b></span>")
                        .arg(ChartPalette::overCapacity().name(), bytes(used - m.bytesPerTile));
        else
            html += tr("%1 of %2 used, %3 free")
                        .arg(QString::fromStdString(formatPercent(share)), bytes(m.bytesPerTile),
                            bytes(m.bytesPerTile - used));
    }
    if (m_state->isSelected(tile))
        html += tr("<br><i>Selected</i>");
    return html;
}

bool MemoryChart::saveImage(const QString& path, QString* error) const
{
    MemoryChartScene s = scene();
    s.hoverPosition = -1;
    const auto report = m_report;
    if (report && m_variablesGraph)
        s.title = tr("Variables by tile — %1").arg(report->fileName());
    else if (report)
        s.title
            = tr("Memory by tile — %1 — breakdown: %2").arg(report->fileName(), breakdownName(m_breakdown));
    const QPalette colours = palette();
    return writeChartImage(
        path, size().expandedTo(QSize(640, 360)), font(), s.title,
        [&](QPainter& p, const QRect& area) { MemoryChartRenderer::paint(p, area, s, colours); }, error);
}

QRect MemoryChart::axisRect() const
{
    return MemoryChartRenderer::plotRect(scene(), rect(), fontMetrics());
}

void MemoryChart::wheelEvent(QWheelEvent* event)
{
    m_input.wheel(event);
}

void MemoryChart::toggleSeries(const QString& key)
{
    if (!m_hidden.remove(key))
        m_hidden.insert(key);
    const TileWindow zoom = m_state->zoom();
    rebuild();
    m_state->setZoom(zoom); // the same tiles: keep the window
}

void MemoryChart::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const MemoryChartScene s = scene();
    const std::vector<LegendItem> legend = MemoryChartRenderer::legendItems(s, palette());
    if (const int item
        = ChartLegend::itemAt(rect(), s.title, legend, fontMetrics(), event->position().toPoint());
        item >= 0) {
        toggleSeries(legend[size_t(item)].key);
        return;
    }
    m_input.mousePress(event);
}

void MemoryChart::mouseMoveEvent(QMouseEvent* event)
{
    m_input.mouseMove(event);
}

void MemoryChart::axisHovered(QMouseEvent* event)
{
    const int64_t p = positionAt(event->position().toPoint());
    if (p != m_hover) {
        m_hover = p;
        update();
    }
    if (p >= 0)
        QToolTip::showText(event->globalPosition().toPoint(), tileToolTip(m_displayOrder[size_t(p)]), this);
    else
        QToolTip::hideText();
}

void MemoryChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_input.mouseRelease(event))
        QWidget::mouseReleaseEvent(event);
}

void MemoryChart::axisClicked(QMouseEvent* event)
{
    const int64_t tile = tileAt(event->position().toPoint());
    if (tile < 0)
        return;
    if (event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier))
        m_state->toggleTile(uint32_t(tile));
    else
        m_state->setSelectedTiles({ uint32_t(tile) });
}

void MemoryChart::mouseDoubleClickEvent(QMouseEvent*)
{
    m_input.mouseDoubleClick();
}

void MemoryChart::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        m_state->clearSelection();
        event->accept();
    } else if (!m_input.keyPress(event)) {
        QWidget::keyPressEvent(event);
    }
}

void MemoryChart::leaveEvent(QEvent*)
{
    m_hover = -1;
    update();
}

} // namespace popscope
