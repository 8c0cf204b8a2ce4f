#include "models/memory/vertices_model.hpp"

#include "models/memory/tile_scope.hpp"

namespace popscope {

namespace {

// Adds one compute set's vertices of one type on the tiles in scope to `row`; `seen` marks the
// tiles already counted for the type (sized on first use).
void addVerticesInScope(VertexTypeInScope& row, std::vector<uint8_t>& seen,
    const ComputeSetVertices& vertices, const TileScope& scope, uint32_t numTiles)
{
    bool inThisSet = false;
    for (const TileCount& tc : vertices.countByTile) {
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

// Every vertex type with instances on the tiles in scope (every type when the scope is all tiles).
std::vector<VertexTypeInScope> vertexTypesInScope(
    const LoadedReport& report, const std::vector<uint32_t>& selection)
{
    const uint32_t numTiles = report.numTiles();
    const TileScope scope = TileScope::fromSelection(selection, numTiles);
    const size_t types = report.vertexTypes().size();
    std::vector<VertexTypeInScope> all(types);
    std::vector<std::vector<uint8_t>> onTile(types);
    for (const ComputeSet& cs : report.computeSets())
        for (const ComputeSetVertices& vertices : cs.vertices)
            if (vertices.vertexType < types)
                addVerticesInScope(
                    all[vertices.vertexType], onTile[vertices.vertexType], vertices, scope, numTiles);
    std::vector<VertexTypeInScope> rows;
    for (size_t t = 0; t < types; ++t) {
        all[t].type = uint32_t(t);
        if (all[t].instances > 0 || scope.all())
            rows.push_back(all[t]);
    }
    return rows;
}

} // namespace

// data table: one descriptor per column, in the order of Column.
VerticesModel::VerticesModel(QObject* parent)
    : ColumnTableModel(parent)
{
    using Row = VertexTypeInScope;
    setColumnDescriptors(
        {
            { .header = tr("Vertex type"),
                .text = [this](const Row& r) { return QString::fromStdString(typeOf(r).name); } },
            { .header = tr("Instances"),
                .kind = Kind::Count,
                .headerToolTip = tr("Vertex instances on the tiles shown"),
                .number = &Row::instances,
                .compared = true },
            { .header = tr("Tiles"),
                .kind = Kind::Count,
                .headerToolTip = tr("Tiles shown that run this vertex type"),
                .number = &Row::tiles },
            { .header = tr("Compute sets"), .kind = Kind::Count, .number = &Row::computeSets },
            { .header = tr("State / instance"),
                .kind = Kind::Bytes,
                .number = [this](const Row& r) { return uint64_t(typeOf(r).stateBytes); } },
            { .header = tr("State total"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Instances × state per instance"),
                .number = [this](const Row& r) { return r.instances * typeOf(r).stateBytes; },
                .compared = true },
            { .header = tr("Code / tile"),
                .kind = Kind::Bytes,
                .number = [this](const Row& r) { return uint64_t(typeOf(r).codeBytes); } },
            { .header = tr("Code total"),
                .kind = Kind::Bytes,
                .headerToolTip = tr("Tiles × code per tile"),
                .number = [this](const Row& r) { return uint64_t(r.tiles) * typeOf(r).codeBytes; },
                .compared = true },
        },
        [this](const Row& r) { return std::string_view(typeOf(r).name); });
}

void VerticesModel::setReport(
    std::shared_ptr<const LoadedReport> report, const std::vector<uint32_t>& selection)
{
    beginResetModel();
    m_report = std::move(report);
    // A report let go of takes its rows' memory with it.
    takeRows(m_report ? vertexTypesInScope(*m_report, selection) : std::vector<VertexTypeInScope>());
    endResetModel();
}

} // namespace popscope
