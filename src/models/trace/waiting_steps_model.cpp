#include "models/trace/waiting_steps_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "models/qt_text.hpp"
#include "popscope/trace_comparison.hpp"

namespace popscope {

WaitingStepsModel::WaitingStepsModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Program"), Kind::Text, {} },
        { tr("#"), Kind::Count, tr("Rank by waiting tile-cycles") },
        { tr("Step"), Kind::Count, tr("Execution step number") }, { tr("IPU"), Kind::Count, {} },
        { tr("Type"), Kind::Text, {} }, { tr("Cycles"), Kind::Count, tr("The step's duration on the IPU") },
        { tr("Waiting tile-cycles"), Kind::Count,
            tr("Σ over the IPU's tiles of (step cycles − the tile's cycles): time tiles spent waiting "
               "for the slowest tile to reach the sync") },
        { tr("Waiting share"), Kind::Share, tr("Of the step's tile-cycles") },
        { tr("Held up by"), Kind::Text, tr("The tiles that ran longest: the others waited for them") } });
}

void WaitingStepsModel::setTrace(std::shared_ptr<const TraceData> trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    endResetModel();
}

int WaitingStepsModel::rows() const
{
    return m_trace ? int(m_trace->summary->waits.size()) : 0;
}

const WaitingStep* WaitingStepsModel::waitAt(int row) const
{
    return m_trace && row >= 0 && row < rows() ? &m_trace->summary->waits[size_t(row)] : nullptr;
}

NavigationTarget WaitingStepsModel::targetAt(int row) const
{
    const WaitingStep& w = *waitAt(row);
    return NavigationTarget::numbered(page_ids::executionTrace, NavigationTarget::Kind::Step, w.step, w.ipu);
}

QString WaitingStepsModel::text(int row, int column) const
{
    const TraceSummary& summary = *m_trace->summary;
    const WaitingStep& w = summary.waits[size_t(row)];
    switch (column) {
    case Program:
        return toQString(summary.programName(w));
    case Type:
        return QString::fromStdString(summary.typeOf(w));
    case HeldUpBy: {
        if (!w.perTile)
            return tr("(no per-tile cycles)");
        QStringList tiles;
        for (uint32_t tile : w.slowestTiles())
            tiles << QString::number(tile);
        QString text
            = pluralText(w.slowestTileCount, "tile") + QLatin1Char(' ') + tiles.join(QStringLiteral(", "));
        if (w.slowestTileCount > w.slowestTilesKept)
            text += tr(" and %1 more").arg(w.slowestTileCount - w.slowestTilesKept);
        return text;
    }
    default:
        return {};
    }
}

uint64_t WaitingStepsModel::number(int row, int column) const
{
    const WaitingStep& w = m_trace->summary->waits[size_t(row)];
    switch (column) {
    case Rank:
        return uint64_t(row) + 1;
    case Step:
        return w.step;
    case Ipu:
        return w.ipu;
    case Cycles:
        return w.cycles;
    case Waiting:
        return w.waitTileCycles;
    case Share:
        return uint64_t(shareInBasisPoints(w.waitShare));
    default:
        return 0;
    }
}

} // namespace popscope
