#include "models/trace/trace_figures_model.hpp"

#include "popscope/trace_comparison.hpp"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

namespace popscope {

TraceFiguresModel::TraceFiguresModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Figure"), Kind::Text, {} }, { tr("Value"), Kind::Text, {} } });
}

void TraceFiguresModel::add(
    const QString& figure, Unit unit, double source, double target, const QString& tip)
{
    m_rows.push_back({ figure, tip, unit, source, target });
}

namespace {

std::vector<ReportTableModel::Column> figureColumns(bool compare)
{
    using Kind = ReportTableModel::Kind;
    if (compare)
        return { { QCoreApplication::translate("popscope::TraceFiguresModel", "Figure"), Kind::Text, {} },
            { QCoreApplication::translate("popscope::TraceFiguresModel", "Source"), Kind::Text, {} },
            { QCoreApplication::translate("popscope::TraceFiguresModel", "Target"), Kind::Text, {} },
            { QCoreApplication::translate("popscope::TraceFiguresModel", "Diff"), Kind::Text, {} } };
    return { { QCoreApplication::translate("popscope::TraceFiguresModel", "Figure"), Kind::Text, {} },
        { QCoreApplication::translate("popscope::TraceFiguresModel", "Value"), Kind::Text, {} } };
}

// The share of the window's tile-cycles spent waiting for sync.
double waitingShare(const TraceLod::RangeFigures& f)
{
    double wait = 0, all = 0;
    for (const auto& ipu : f.tileCycles)
        for (size_t s = 0; s < kTraceStateCount; ++s) {
            all += ipu[s];
            wait += TraceState(s) == TraceState::WaitingForSync ? ipu[s] : 0.0;
        }
    return all > 0 ? wait / all : 0.0;
}

// IPU i's parallel efficiency in the window (0 when the report has no IPU i).
double ipuEfficiency(const TraceLod::RangeFigures& f, size_t i)
{
    if (i >= f.tileCycles.size())
        return 0.0;
    TraceLod::RangeFigures one;
    one.tileCycles = { f.tileCycles[i] };
    return one.parallelEfficiency();
}

double meanTileBalance(const TraceSummary& s)
{
    double sum = 0;
    for (const IpuTrace& ipu : s.ipus)
        sum += ipu.tileBalance();
    return s.ipus.empty() ? 0.0 : sum / double(s.ipus.size());
}

// Bytes of the whole run's stream copies, or of its global exchange.
double trafficBytes(const TraceSummary& s, bool stream)
{
    double bytes = 0;
    for (const IpuTrace& ipu : s.ipus)
        bytes += double(stream ? ipu.streamCopyBytes : ipu.globalExchangeBytes);
    return bytes;
}

} // namespace

void TraceFiguresModel::setWindows(
    const TraceData* source, Window sourceWindow, const TraceData* target, Window targetWindow)
{
    beginResetModel();
    m_rows.clear();
    m_compare = target != nullptr;
    setColumns(figureColumns(m_compare));
    if (source) {
        m_clockHz = source->summary->clockHz;
        const auto a = source->lod.range(sourceWindow.from, sourceWindow.to);
        const auto b = target ? target->lod.range(targetWindow.from, targetWindow.to) : a;
        add(tr("Window"), Unit::Cycles, double(sourceWindow.to - sourceWindow.from),
            double(targetWindow.to - targetWindow.from), tr("The visible cycles (zoom and pan change them)"));
        addWindowFigures(a, b);
        addWholeRunFigures(*source->summary, target ? *target->summary : *source->summary);
    }
    endResetModel();
}

void TraceFiguresModel::addWindowFigures(const TraceLod::RangeFigures& a, const TraceLod::RangeFigures& b)
{
    add(tr("Parallel efficiency"), Unit::Share, a.parallelEfficiency(), b.parallelEfficiency(),
        tr("Busy tile-cycles ÷ all tile-cycles in the window; busy = computing, exchanging, "
           "stream copy"));
    const std::pair<TraceState, const char*> kinds[] = { { TraceState::Computing, QT_TR_NOOP("Computing") },
        { TraceState::Exchanging, QT_TR_NOOP("Exchanging") }, { TraceState::Sync, QT_TR_NOOP("Sync") },
        { TraceState::StreamCopy, QT_TR_NOOP("Stream copy") },
        { TraceState::Idle, QT_TR_NOOP("Idle (between steps)") } };
    for (const auto& [kind, name] : kinds)
        add(tr(name), Unit::Share, a.share(kind), b.share(kind),
            tr("Share of the IPUs' cycles in the window spent in this kind of step"));
    add(tr("Tiles waiting for sync"), Unit::Share, waitingShare(a), waitingShare(b),
        tr("Share of the tile-cycles in the window spent waiting for the slowest tile"));
    const size_t ipus = std::max(a.tileCycles.size(), b.tileCycles.size());
    for (size_t i = 0; ipus > 1 && i < ipus; ++i)
        add(tr("IPU %1 parallel efficiency").arg(i), Unit::Share, ipuEfficiency(a, i), ipuEfficiency(b, i));
}

void TraceFiguresModel::addWholeRunFigures(const TraceSummary& sa, const TraceSummary& sb)
{
    add(tr("Tile balance (whole run)"), Unit::Share, meanTileBalance(sa), meanTileBalance(sb),
        tr("Mean ÷ max busy cycles per tile, averaged over the IPUs (100% = even)"));
    const size_t ipus = std::max(sa.ipus.size(), sb.ipus.size());
    for (size_t i = 0; ipus > 1 && i < ipus; ++i)
        add(tr("IPU %1 tile balance (whole run)").arg(i), Unit::Share,
            i < sa.ipus.size() ? sa.ipus[i].tileBalance() : 0.0,
            i < sb.ipus.size() ? sb.ipus[i].tileBalance() : 0.0);
    add(tr("Stream copies (whole run)"), Unit::Bytes, trafficBytes(sa, true), trafficBytes(sb, true));
    addTrafficFigures(sa, sb);
}

void TraceFiguresModel::addTrafficFigures(const TraceSummary& sa, const TraceSummary& sb)
{
    const CopyTraffic hostA = sa.streamCopies(CopyOrigin::Host), hostB = sb.streamCopies(CopyOrigin::Host);
    const CopyTraffic remoteA = sa.streamCopies(CopyOrigin::RemoteBuffer),
                      remoteB = sb.streamCopies(CopyOrigin::RemoteBuffer);
    const QString copyTip
        = tr("Bytes of the stream copies' steps (data in: to the IPU, data out: from it); a copy "
             "whose program names a remote buffer is a remote buffer's");
    add(tr("Stream copies: host → IPU"), Unit::Bytes, double(hostA.toIpuBytes), double(hostB.toIpuBytes),
        copyTip);
    add(tr("Stream copies: IPU → host"), Unit::Bytes, double(hostA.fromIpuBytes), double(hostB.fromIpuBytes),
        copyTip);
    add(tr("Stream copies: host stream cycles"), Unit::Cycles, double(hostA.cycles), double(hostB.cycles),
        tr("The IPUs' cycles in host streams' copies (Begin, Mid and End), summed over the IPUs"));
    add(tr("Stream copies: remote buffer → IPU"), Unit::Bytes, double(remoteA.toIpuBytes),
        double(remoteB.toIpuBytes), copyTip);
    add(tr("Stream copies: IPU → remote buffer"), Unit::Bytes, double(remoteA.fromIpuBytes),
        double(remoteB.fromIpuBytes), copyTip);
    add(tr("Stream copies: remote buffer cycles"), Unit::Cycles, double(remoteA.cycles),
        double(remoteB.cycles),
        tr("The IPUs' cycles in remote buffers' copies (Begin, Mid and End), summed over the IPUs"));
    const ExchangeTraffic globalA = sa.globalExchange(), globalB = sb.globalExchange();
    add(tr("Global exchange (whole run)"), Unit::Bytes, trafficBytes(sa, false), trafficBytes(sb, false));
    add(tr("Global exchange: received"), Unit::Bytes, double(globalA.receivedBytes),
        double(globalB.receivedBytes), tr("Bytes the IPUs received from other IPUs or replicas (data in)"));
    add(tr("Global exchange: sent"), Unit::Bytes, double(globalA.sentBytes), double(globalB.sentBytes),
        tr("Bytes the IPUs sent to other IPUs or replicas (data out)"));
}

QString TraceFiguresModel::format(Unit kind, double value) const
{
    switch (kind) {
    case Unit::Cycles: {
        QString text = tr("%1 cycles")
                           .arg(QString::fromStdString(formatCount(uint64_t(std::llround(std::abs(value))))));
        if (m_clockHz > 0)
            text += tr(" (%1 ms)").arg(std::abs(value) / m_clockHz * 1e3, 0, 'g', 3);
        return value < 0 ? QStringLiteral("−") + text : text;
    }
    case Unit::Share:
        return QString::fromStdString(formatPercent(value, 2));
    case Unit::Bytes:
        return QString::fromStdString(formatBytes(uint64_t(std::llround(std::abs(value))), unit()));
    }
    return {};
}

QString TraceFiguresModel::text(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    if (column == 0)
        return r.figure;
    if (column == 1)
        return format(r.unit, r.source);
    if (column == 2)
        return format(r.unit, r.target);
    // Diff: points for shares, signed amounts otherwise.
    const double diff = r.target - r.source;
    if (r.unit == Unit::Share) { // as What changed and popscope-cli compare: the change of the rounded shares
        const int64_t points = shareInBasisPoints(r.target) - shareInBasisPoints(r.source);
        return QStringLiteral("%1%2 pp")
            .arg(points > 0      ? QStringLiteral("+")
                    : points < 0 ? QStringLiteral("−")
                                 : QString())
            .arg(double(std::abs(points)) / 100.0, 0, 'f', 2);
    }
    const QString magnitude = format(r.unit, std::abs(diff));
    return diff > 0 ? QStringLiteral("+") + magnitude
        : diff < 0  ? QStringLiteral("−") + magnitude
                    : QStringLiteral("0");
}

QString TraceFiguresModel::valueText(const QString& figure, int column) const
{
    for (int row = 0; row < rows(); ++row)
        if (m_rows[size_t(row)].figure == figure)
            return text(row, column);
    return {};
}

} // namespace popscope
