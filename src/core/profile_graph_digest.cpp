// Profile::readGraphDigest: the figures a comparison needs of the compute sets, their vertices and
// the exchanges, one row at a time, checked as readComputeSets and readExchanges check them (but
// for the compute sets' debug contexts, which it does not read).
#include "part_reader.hpp"
#include "popscope/profile.hpp"
#include "sqlite_database.hpp"

namespace popscope {

GraphDigest Profile::readGraphDigest() const
{
    PartReader r(*m_db, m_target, m_path);
    const uint64_t vertexTypes = r.rows("vertex_types");
    GraphDigest d;
    d.vertexInstances.assign(vertexTypes, 0);
    d.vertexTiles.assign(vertexTypes, 0);
    Statement sets(*m_db, "SELECT compute_set, name FROM compute_sets ORDER BY compute_set");
    while (sets.step()) {
        r.expectId(sets, d.computeSetNames.size(), "compute_sets");
        d.computeSetNames.push_back(sets.getText(1));
    }
    d.computeSetInstances.assign(d.computeSetNames.size(), 0);
    // Which tiles hold each vertex type, allocated for the types that have vertices.
    std::vector<std::vector<bool>> onTile(vertexTypes);
    forEachComputeSetVertices([&](uint32_t set, const ComputeSetVertices& vertices) {
        // Checked against this read's own counts too: the file is read more than once.
        if (set >= d.computeSetInstances.size() || vertices.vertexType >= onTile.size())
            r.corrupt("compute_set_vertices names a compute set or vertex type the file does not hold");
        auto& seen = onTile[vertices.vertexType];
        for (const TileCount& tc : vertices.countByTile) {
            if (tc.count == 0)
                continue;
            d.computeSetInstances[set] += tc.count;
            d.vertexInstances[vertices.vertexType] += tc.count;
            if (seen.empty())
                seen.assign(m_target.numTiles(), false);
            if (!seen[tc.tile]) {
                seen[tc.tile] = true;
                ++d.vertexTiles[vertices.vertexType];
            }
        }
    });
    Statement exchanges(
        *m_db, "SELECT id, name, kind, total_bytes, code_bytes_by_tile FROM exchanges ORDER BY id");
    while (exchanges.step()) {
        r.expectId(exchanges, d.exchangeNames.size(), "exchanges");
        d.exchangeNames.push_back(exchanges.getText(1));
        r.exchangeKind(d.exchangeNames.back(), exchanges.getTextView(2));
        d.exchangeBytes.push_back(uint64_t(r.bounded(exchanges, 3, 0, INT64_MAX, "exchanges.total_bytes")));
        uint64_t code = 0;
        for (const TileBytes& tb :
            r.tilePairs(exchanges, 4, &TileBytes::tile, &TileBytes::bytes, "exchanges"))
            code += tb.bytes;
        d.exchangeCode.push_back(code);
    }
    return d;
}

} // namespace popscope
