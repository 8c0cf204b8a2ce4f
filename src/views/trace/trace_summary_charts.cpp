#include "views/trace/trace_summary_charts.hpp"

#include "models/compare_colors.hpp"
#include "models/trace/trace_colors.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/units.hpp"
#include "views/widgets/small_chart.hpp"

#include <QCoreApplication>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QStringList>
#include <QToolTip>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QHorizontalStackedBarSeries>
#include <QtCharts/QLegend>
#include <QtCharts/QValueAxis>

#include <algorithm>

namespace popscope {

namespace {

QString chartText(const char* text)
{
    return QCoreApplication::translate("popscope::TraceSummaryCharts", text);
}

// One bar of the cycle proportions: an IPU of a report that ran (its span is not empty).
struct IpuBar {
    QString label;
    const IpuTrace* ipu = nullptr;
};

std::vector<IpuBar> ipuBars(const TraceSummary* source, const TraceSummary* target)
{
    std::vector<IpuBar> bars;
    const std::pair<const TraceSummary*, const char*> sides[]
        = { { source, QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Source IPU %1") },
              { target, QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Target IPU %1") } };
    for (const auto& [summary, compareLabel] : sides) {
        if (!summary)
            continue;
        for (const IpuTrace& ipu : summary->ipus)
            if (ipu.lastCycle > ipu.firstCycle)
                bars.push_back(
                    { (target ? chartText(compareLabel)
                              : QCoreApplication::translate("popscope::TraceSummaryCharts", "IPU %1"))
                            .arg(ipu.ipu),
                        &ipu });
    }
    return bars;
}

// A segment of the cycle proportions: a kind of step, or the overlapped I/O, which runs beside the
// other kinds and so lies past the span's 100%.
struct ProportionSegment {
    const char* name;
    TraceState kind;
    bool overlappedIo;
};
constexpr ProportionSegment kSegments[] = { { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Computing"),
                                                TraceState::Computing, false },
    { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Exchanging"), TraceState::Exchanging, false },
    { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Sync"), TraceState::Sync, false },
    { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Stream copy"), TraceState::StreamCopy, false },
    { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Idle"), TraceState::Idle, false },
    { QT_TRANSLATE_NOOP("popscope::TraceSummaryCharts", "Overlapped I/O"), TraceState::StreamCopy, true } };

// The segment's cycles on the IPU: the stream copies' without their overlapped I/O, shown apart.
uint64_t segmentCycles(const IpuTrace& ipu, const ProportionSegment& segment)
{
    if (segment.overlappedIo)
        return ipu.overlappedCopyCycles;
    const uint64_t cycles = ipu.stepCycles[size_t(segment.kind)];
    return segment.kind == TraceState::StreamCopy ? cycles - std::min(cycles, ipu.overlappedCopyCycles)
                                                  : cycles;
}

double segmentShare(const IpuTrace& ipu, const ProportionSegment& segment)
{
    const uint64_t span = ipu.lastCycle - ipu.firstCycle;
    return span ? double(segmentCycles(ipu, segment)) / double(span) : 0.0;
}

// Each bar's share of one segment as its tooltip says it, in the order the bars are drawn (bottom
// to top): "Source IPU 0: computing 45.21% (123,456 cycles)". Text, not pointers: the chart may
// outlive the trace it shows.
void followHover(QBarSet* set, const ProportionSegment& segment, const std::vector<IpuBar>& bars)
{
    QStringList tips;
    for (size_t i = bars.size(); i-- > 0;)
        tips << QCoreApplication::translate("popscope::TraceSummaryCharts", "%1: %2 %3 (%4 cycles)")
                    .arg(bars[i].label, chartText(segment.name),
                        QString::fromStdString(formatPercent(segmentShare(*bars[i].ipu, segment), 2)),
                        QString::fromStdString(formatCount(segmentCycles(*bars[i].ipu, segment))));
    QObject::connect(set, &QBarSet::hovered, set, [tips](bool entered, int index) {
        if (entered && index >= 0 && index < tips.size())
            QToolTip::showText(QCursor::pos(), tips[index]);
        else
            QToolTip::hideText();
    });
}

QBarSet* segmentSet(
    const ProportionSegment& segment, const std::vector<IpuBar>& bars, const QPalette& palette)
{
    auto* set = new QBarSet(chartText(segment.name));
    const QColor colour = traceStateColor(segment.kind, palette);
    set->setColor(colour);
    set->setBorderColor(colour.darker(135));
    if (segment.overlappedIo) // hatched: beside the other kinds, not a part of the span
        set->setBrush(QBrush(colour.darker(120), Qt::BDiagPattern));
    for (size_t i = bars.size(); i-- > 0;) // the first IPU on top
        *set << segmentShare(*bars[i].ipu, segment) * 100.0;
    followHover(set, segment, bars);
    return set;
}

QChart* makeCycleProportionsChart(const std::vector<IpuBar>& bars, const QPalette& palette)
{
    auto* chart = new QChart;
    chart->setTitle(
        QCoreApplication::translate("popscope::TraceSummaryCharts", "Cycle proportions by IPU (whole run)"));
    auto* series = new QHorizontalStackedBarSeries;
    double widest = 100;
    for (const IpuBar& bar : bars)
        widest = std::max(widest, 100.0 + bar.ipu->overlappedCopyShare() * 100.0);
    for (const ProportionSegment& segment : kSegments)
        if (!segment.overlappedIo || widest > 100.0) // the overlapped I/O's key only where there is some
            series->append(segmentSet(segment, bars, palette));
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    for (size_t i = bars.size(); i-- > 0;)
        y->append(bars[i].label);
    QValueAxis* x = widest > 100.0 ? valueAxisTo(widest) : new QValueAxis;
    if (widest <= 100.0) { // shares of the span: 0-100% exactly
        x->setRange(0, 100);
        x->setTickCount(6);
        x->setLabelFormat(QStringLiteral("%.0f"));
    }
    x->setTitleText(QCoreApplication::translate("popscope::TraceSummaryCharts", "Cycles (%)"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignRight); // a column of keys: never cut short in a narrow chart
    return chart;
}

QBarSet* balanceSet(const QString& name, const QColor& colour, const TraceSummary& summary, size_t ipus)
{
    auto* set = new QBarSet(name);
    set->setColor(colour);
    for (size_t i = ipus; i-- > 0;) // the first IPU on top
        *set << (i < summary.ipus.size() ? summary.ipus[i].tileBalance() * 100.0 : 0.0);
    return set;
}

QChart* makeTileBalanceChart(const TraceSummary& source, const TraceSummary* target)
{
    auto* chart = new QChart;
    chart->setTitle(
        QCoreApplication::translate("popscope::TraceSummaryCharts", "Tile balance by IPU (whole run)"));
    const size_t ipus = std::max(source.ipus.size(), target ? target->ipus.size() : size_t(0));
    auto* series = new QHorizontalBarSeries;
    series->append(balanceSet(target ? QCoreApplication::translate("popscope::TraceSummaryCharts", "Source")
                                     : QCoreApplication::translate("popscope::TraceSummaryCharts",
                                         "Tile balance (mean ÷ max busy cycles)"),
        CompareColors::source(), source, ipus));
    if (target)
        series->append(balanceSet(QCoreApplication::translate("popscope::TraceSummaryCharts", "Target"),
            CompareColors::target(), *target, ipus));
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsFormat(QStringLiteral("@value%"));
    series->setLabelsPrecision(4); // 99.98%, not 100%
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    for (size_t i = ipus; i-- > 0;)
        y->append(QCoreApplication::translate("popscope::TraceSummaryCharts", "IPU %1").arg(i));
    auto* x = new QValueAxis;
    x->setRange(0, 100);
    x->setTickCount(6);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTitleText(QCoreApplication::translate("popscope::TraceSummaryCharts", "Mean ÷ max busy (%)"));
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setVisible(target != nullptr); // one report: the title says what the bars are
    return chart;
}

} // namespace

TraceSummaryCharts::TraceSummaryCharts(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_proportions = new SmallChart(QStringLiteral("trace-cycle-proportions"), this);
    m_balance = new SmallChart(QStringLiteral("trace-tile-balance"), this);
    // Tall enough for the axes' labels and titles and the legend (right-click: Save as PNG or SVG).
    // Narrow when the window is: the scene's hint would keep a 1,024-pixel window from fitting.
    for (SmallChart* chart : { m_proportions, m_balance }) {
        chart->setMinimumHeight(230);
        chart->setMinimumWidth(90);
    }
    m_empty = new QLabel(this);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_proportions, 3);
    layout->addWidget(m_balance, 2);
    layout->addWidget(m_empty, 5);
    showSummaries(nullptr, nullptr);
}

void TraceSummaryCharts::showSummaries(const TraceSummary* source, const TraceSummary* target)
{
    const std::vector<IpuBar> bars = ipuBars(source, target);
    const bool empty = bars.empty();
    m_proportions->setVisible(!empty);
    m_balance->setVisible(!empty);
    m_empty->setVisible(empty);
    if (empty) {
        m_empty->setText(source
                ? tr("No execution in this report: the cycle proportions and the tile balance "
                     "need a profile of a run (autoReport.outputExecutionProfile).")
                : tr("Open a report with an execution to see its cycle proportions and tile "
                     "balance."));
        return;
    }
    m_proportions->setChartContent(makeCycleProportionsChart(bars, palette()));
    m_balance->setChartContent(makeTileBalanceChart(*source, target));
}

QString TraceSummaryCharts::emptyText() const
{
    return m_empty->isVisibleTo(this) ? m_empty->text() : QString();
}

} // namespace popscope
