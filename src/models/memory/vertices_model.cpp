#include "models/memory/vertices_model.hpp"

#include "models/memory/tile_scope.hpp"
#include "popscope/free_memory.hpp"

namespace popscope {

VerticesModel::VerticesModel(QObject* parent)
    : ReportTableModel(parent)
{
    setColumns({ { tr("Vertex type"), Kind::Text, {} },
        { tr("Instances"), Kind::Count, tr("Vertex instances on the tiles shown") },
        { tr("Tiles"), Kind::Count, tr("Tiles shown that run this vertex type") },
        { tr("Compute sets"), Kind::Count, {} }, { tr("State / instance"), Kind::Bytes, {} },
        { tr("State total"), Kind::Bytes, tr("Instances × state per instance") },
        { tr("Code / tile"), Kind::Bytes, {} },
        { tr("Code total"), Kind::Bytes, tr("Tiles × code per tile") } });
}

void VerticesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    freeMemory(m_rows); // a report let go of takes its rows' memory with it
    if (m_report) {
        const uint32_t numTiles = m_report->numTiles();
        const TileScope scope = TileScope::fromSelection(selection, numTiles);
        const size_t types = m_report->vertexTypes().size();
        std::vector<Row> rows(types);
        std::vector<std::vector<uint8_t>> onTile(types);
        for (const ComputeSet& cs : m_report->computeSets()) {
            for (const ComputeSetVertices& csv : cs.vertices) {
                if (csv.vertexType >= types)
                    continue;
                Row& row = rows[csv.vertexType];
                auto& seen = onTile[csv.vertexType];
                bool inThisSet = false;
                for (const TileCount& tc : csv.countByTile) {
                    if (!scope.contains(tc.tile) || tc.count == 0 || tc.tile >= numTiles)
                        continue;
                    row.instances += tc.count;
                    inThisSet = true;
                    if (seen.empty())
                        seen.assign(numTiles, 0);
                    if (!seen[tc.tile]) {
                        seen[tc.tile] = 1;
                        ++row.tiles;
                    }
                }
                if (inThisSet)
                    ++row.computeSets;
            }
        }
        for (size_t t = 0; t < types; ++t) {
            rows[t].type = uint32_t(t);
            if (rows[t].instances > 0 || scope.all())
                m_rows.push_back(rows[t]);
        }
    }
    endResetModel();
}

QString VerticesModel::text(int row, int column) const
{
    if (column != Name)
        return {};
    return QString::fromStdString(m_report->vertexTypes()[m_rows[size_t(row)].type].name);
}

uint64_t VerticesModel::number(int row, int column) const
{
    const Row& r = m_rows[size_t(row)];
    const VertexType& v = m_report->vertexTypes()[r.type];
    switch (column) {
    case Instances:
        return r.instances;
    case Tiles:
        return r.tiles;
    case ComputeSets:
        return r.computeSets;
    case StatePerInstance:
        return v.stateBytes;
    case StateTotal:
        return r.instances * v.stateBytes;
    case CodePerTile:
        return v.codeBytes;
    case CodeTotal:
        return uint64_t(r.tiles) * v.codeBytes;
    default:
        return 0;
    }
}

std::string_view VerticesModel::keyView(int row) const
{
    return m_report->vertexTypes()[m_rows[size_t(row)].type].name;
}

} // namespace popscope
