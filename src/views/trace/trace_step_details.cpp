#include "views/trace/trace_step_details.hpp"

#include "models/trace/trace_colors.hpp"
#include "popscope/units.hpp"
#include "views/widgets/small_chart.hpp"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <map>

namespace popscope {

namespace {

QString count(uint64_t value)
{
    return QString::fromStdString(formatCount(value));
}

// The compute set's vertex types, most instances first: "name — instances on tiles".
QString computeSetHtml(const LoadedReport& report, int64_t computeSet)
{
    // The one set, read by its key (a few rows): the trace holds no compute sets of its own.
    const std::optional<ComputeSet> set = computeSet < 0 || computeSet > INT32_MAX
        ? std::nullopt
        : report.core->computeSet(uint32_t(computeSet));
    if (!set)
        return {};
    const ComputeSet& cs = *set;
    struct Row {
        uint64_t instances = 0, tiles = 0;
    };
    std::map<uint32_t, Row> rows;
    for (const ComputeSetVertices& v : cs.vertices)
        for (const TileCount& tc : v.countByTile) {
            rows[v.vertexType].instances += tc.count;
            rows[v.vertexType].tiles += tc.count > 0;
        }
    std::vector<std::pair<uint32_t, Row>> sorted(rows.begin(), rows.end());
    std::sort(sorted.begin(), sorted.end(),
        [](const auto& a, const auto& b) { return a.second.instances > b.second.instances; });
    QString html = QCoreApplication::translate("popscope::TraceStepDetails",
        "<p>Compute set <b>%1</b></p><table cellspacing=4><tr><th align=left>Vertex type</th>"
        "<th align=right>Instances</th><th align=right>Tiles</th></tr>")
                       .arg(QString::fromStdString(cs.name).toHtmlEscaped());
    for (size_t i = 0; i < sorted.size() && i < 8; ++i) {
        const uint32_t type = sorted[i].first;
        const QString name = type < report.vertexTypes().size()
            ? QString::fromStdString(report.vertexTypes()[type].name)
            : QCoreApplication::translate("popscope::TraceStepDetails", "type %1").arg(type);
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                    .arg(name.toHtmlEscaped(), count(sorted[i].second.instances),
                        count(sorted[i].second.tiles));
    }
    if (sorted.size() > 8)
        html += QCoreApplication::translate(
            "popscope::TraceStepDetails", "<tr><td colspan=3>and %1 more vertex types</td></tr>")
                    .arg(sorted.size() - 8);
    return html + QStringLiteral("</table>");
}

// The step's figures: each IPU's cycles and data, the waits, the compute set's vertex types.
QString stepHtml(const TraceData& trace, const LoadedReport* report, int64_t step)
{
    const StepTable& steps = trace.steps;
    QString html = QCoreApplication::translate("popscope::TraceStepDetails",
        "<h3>Step %1: %2</h3><p>Type <b>%3</b> · run %4</p><table cellspacing=4>")
                       .arg(step)
                       .arg(trace.stepName(uint32_t(step)).toHtmlEscaped(),
                           QString::fromStdString(steps.type(size_t(step))).toHtmlEscaped())
                       .arg(steps.run(size_t(step)));
    for (const StepOnIpu& si : steps.ipus(size_t(step)))
        html += QCoreApplication::translate("popscope::TraceStepDetails",
            "<tr><td><b>IPU %1</b></td><td>%2 cycles</td><td>from cycle %3</td><td>%4 active tiles</td>"
            "<td>data in %5, out %6</td></tr>")
                    .arg(si.ipu)
                    .arg(count(si.cycles), count(si.cyclesBase), count(si.activeTiles),
                        QString::fromStdString(formatBytes(si.dataIn)),
                        QString::fromStdString(formatBytes(si.dataOut)));
    html += QStringLiteral("</table>");
    for (const WaitingStep& w : trace.summary->waits)
        if (w.step == uint32_t(step))
            html += QCoreApplication::translate("popscope::TraceStepDetails",
                "<p>IPU %1: <b>%2</b> tile-cycles waited for the slowest tile (%3 of the step's).</p>")
                        .arg(w.ipu)
                        .arg(count(w.waitTileCycles), QString::fromStdString(formatPercent(w.waitShare)));
    if (report)
        html += computeSetHtml(*report, steps.computeSet(size_t(step)));
    return html;
}

// Cycles by tile of one IPU of the step (tiles numbered from `base`), against the step's length.
QChart* tileCyclesChart(std::string_view type, const StepOnIpu& si, uint32_t base,
    const std::vector<uint32_t>& cycles, const QPalette& palette)
{
    auto* chart = new QChart;
    chart->setTitle(
        QCoreApplication::translate("popscope::TraceStepDetails", "Cycles by tile, IPU %1").arg(si.ipu));
    auto* series = new QLineSeries;
    series->setName(QCoreApplication::translate("popscope::TraceStepDetails", "Tile's cycles"));
    series->setColor(traceStateColor(workStateOf(type), palette));
    for (uint32_t t = 0; t < cycles.size(); ++t)
        series->append(double(base + t), double(cycles[t]));
    auto* length = new QLineSeries;
    length->setName(QCoreApplication::translate("popscope::TraceStepDetails", "Step (slowest tile)"));
    length->setColor(traceStateColor(TraceState::WaitingForSync, palette).darker(130));
    length->append(double(base), double(si.cycles));
    length->append(double(base + cycles.size() - 1), double(si.cycles));
    chart->addSeries(series);
    chart->addSeries(length);
    auto* x = new QValueAxis;
    x->setTitleText(QCoreApplication::translate("popscope::TraceStepDetails", "Tile"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(double(base), double(base + cycles.size() - 1));
    auto* y = new QValueAxis;
    y->setTitleText(QCoreApplication::translate("popscope::TraceStepDetails", "Cycles"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setRange(0, double(std::max<uint64_t>(si.cycles, 1)) * 1.05);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries* line : { series, length }) {
        line->attachAxis(x);
        line->attachAxis(y);
    }
    return chart;
}

} // namespace

TraceStepDetails::TraceStepDetails(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    m_text = new QLabel(this);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setWordWrap(true);
    m_chart = new SmallChart(QStringLiteral("step-cycles-by-tile"), this);
    m_chart->setMinimumWidth(320);
    layout->addWidget(m_text, 2);
    layout->addWidget(m_chart, 3);
    showStep(nullptr, nullptr, -1);
}

QString TraceStepDetails::text() const
{
    return m_text->text();
}

void TraceStepDetails::showStep(const TraceData* trace, const LoadedReport* report, int64_t step)
{
    if (!trace || step < 0 || size_t(step) >= trace->steps.size()) {
        m_text->setText(tr("Click a step in the trace, or double-click a row of Where the Cycles Wait, "
                           "to see its figures here."));
        m_chart->hide();
        return;
    }
    m_text->setText(stepHtml(*trace, report, step));
    // The chart shows the step's first IPU with per-tile cycles.
    for (const StepOnIpu& si : trace->steps.ipus(size_t(step))) {
        const std::vector<uint32_t> cycles = trace->withProfile(
            [&](const Profile& p) { return p.readTileCycles(trace->steps, uint32_t(step), si.ipu); });
        if (cycles.empty())
            continue;
        m_chart->setChartContent(tileCyclesChart(
            trace->steps.type(size_t(step)), si, si.ipu * trace->lod.tilesPerIpu(), cycles, palette()));
        m_chart->show();
        return;
    }
    m_chart->hide();
}

} // namespace popscope
