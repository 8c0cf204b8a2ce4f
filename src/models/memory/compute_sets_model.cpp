#include "models/memory/compute_sets_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "popscope/free_memory.hpp"

namespace popscope {

ComputeSetsModel::ComputeSetsModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Compute set"), Kind::Text, {} },
        { tr("Vertex instances"), Kind::Count, tr("Instances on the tiles shown") },
        { tr("Vertex types"), Kind::Count, {} },
        { tr("Tiles"), Kind::Count, tr("Tiles shown with vertices of this compute set") },
        { tr("Vertex state"), Kind::Bytes, tr("Instances × state per instance") } });
}

void ComputeSetsModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    freeMemory(m_rows); // a report let go of takes its rows' memory with it
    if (m_report) {
        const uint32_t numTiles = m_report->numTiles();
        const TileScope scope = TileScope::fromSelection(selection, numTiles);
        std::vector<uint32_t> stamp(numTiles, 0);
        for (size_t i = 0; i < m_report->computeSets().size(); ++i) {
            const ComputeSet& cs = m_report->computeSets()[i];
            Row row;
            row.computeSet = uint32_t(i);
            for (const ComputeSetVertices& csv : cs.vertices) {
                uint64_t instances = 0;
                for (const TileCount& tc : csv.countByTile) {
                    if (tc.tile >= numTiles || tc.count == 0 || !scope.contains(tc.tile))
                        continue;
                    instances += tc.count;
                    if (stamp[tc.tile] != i + 1) {
                        stamp[tc.tile] = uint32_t(i + 1);
                        ++row.tiles;
                    }
                }
                if (instances > 0) {
                    ++row.vertexTypes;
                    row.instances += instances;
                    if (csv.vertexType < m_report->vertexTypes().size())
                        row.stateBytes += instances * m_report->vertexTypes()[csv.vertexType].stateBytes;
                }
            }
            if (row.instances > 0 || scope.all())
                m_rows.push_back(row);
        }
    }
    endResetModel();
}

QString ComputeSetsModel::text(int row, int column) const
{
    if (column != Name)
        return {};
    return QString::fromStdString(m_report->computeSets()[m_rows[size_t(row)].computeSet].name);
}

uint64_t ComputeSetsModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    switch (column) {
    case Instances:
        return r.instances;
    case VertexTypes:
        return r.vertexTypes;
    case Tiles:
        return r.tiles;
    case StateBytes:
        return r.stateBytes;
    default:
        return 0;
    }
}

std::string_view ComputeSetsModel::keyView(int row) const
{
    return m_report->computeSets()[m_rows[size_t(row)].computeSet].name;
}

} // namespace popscope
