#include "models/memory/compute_sets_model.hpp"

#include "models/memory/tile_scope.hpp"

namespace popscope {

namespace {

// Adds compute set `index`'s vertices on the tiles in scope to `row`; `stamp` marks the tiles
// already counted for this compute set (index + 1).
void addComputeSetInScope(ComputeSetInScope& row, std::vector<uint32_t>& stamp, const LoadedReport& report,
    size_t index, const TileScope& scope)
{
    const uint32_t numTiles = uint32_t(stamp.size());
    for (const ComputeSetVertices& csv : report.computeSets()[index].vertices) {
        uint64_t instances = 0;
        for (const TileCount& tc : csv.countByTile) {
            if (tc.tile >= numTiles || tc.count == 0 || !scope.contains(tc.tile))
                continue;
            instances += tc.count;
            if (stamp[tc.tile] != index + 1) {
                stamp[tc.tile] = uint32_t(index + 1);
                ++row.tiles;
            }
        }
        if (instances > 0) {
            ++row.vertexTypes;
            row.instances += instances;
            if (csv.vertexType < report.vertexTypes().size())
                row.stateBytes += instances * report.vertexTypes()[csv.vertexType].stateBytes;
        }
    }
}

// Every compute set with vertices on the tiles in scope (every one when the scope is all tiles).
std::vector<ComputeSetInScope> computeSetsInScope(
    const LoadedReport& report, const std::vector<uint32_t>& selection)
{
    const TileScope scope = TileScope::fromSelection(selection, report.numTiles());
    std::vector<uint32_t> stamp(report.numTiles(), 0);
    std::vector<ComputeSetInScope> rows;
    for (size_t i = 0; i < report.computeSets().size(); ++i) {
        ComputeSetInScope row;
        row.computeSet = uint32_t(i);
        addComputeSetInScope(row, stamp, report, i, scope);
        if (row.instances > 0 || scope.all())
            rows.push_back(row);
    }
    return rows;
}

} // namespace

// data table: one descriptor per column, in the order of Column.
ComputeSetsModel::ComputeSetsModel(QObject* parent)
    : ColumnTableModel(parent)
{
    using Row = ComputeSetInScope;
    setColumnDescriptors(
        {
            { .header = tr("Compute set"),
                .text = [this](const Row& r) { return QString::fromStdString(nameOf(r)); } },
            { .header = tr("Vertex instances"),
                .kind = Kind::Count,
                .headerToolTip = tr("Instances on the tiles shown"),
                .number = &Row::instances,
                .compared = true },
            { .header = tr("Vertex types"), .kind = Kind::Count, .number = &Row::vertexTypes },
            { .header = tr("Tiles"),
                .kind = Kind::Count,
                .headerToolTip = tr("Tiles shown with vertices of this compute set"),
                .number = &Row::tiles },
            { .header = tr("Vertex state"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Instances × state per instance"),
                .number = &Row::stateBytes,
                .compared = true },
        },
        [this](const Row& r) { return std::string_view(nameOf(r)); });
}

void ComputeSetsModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    // A report let go of takes its rows' memory with it.
    takeRows(m_report ? computeSetsInScope(*m_report, selection) : std::vector<ComputeSetInScope>());
    endResetModel();
}

} // namespace popscope
