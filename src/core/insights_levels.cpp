// The Insights levels' figures gathered row by row (insights_levels.hpp).
#include "insights_levels.hpp"

#include <algorithm>
#include <cstdint>

namespace popscope::insights {

namespace {

constexpr uint32_t kNoSet = UINT32_MAX;

// Larger bytes first; equal bytes: the lower id first.
bool before(const std::pair<uint64_t, uint32_t>& a, const std::pair<uint64_t, uint32_t>& b)
{
    return a.first != b.first ? a.first > b.first : a.second < b.second;
}

} // namespace

bool Scopes::inWorst(uint32_t t) const
{
    return std::find(worst.begin(), worst.end(), t) != worst.end();
}

std::vector<Profile::TileRange> Scopes::ranges() const
{
    std::vector<Profile::TileRange> out;
    if (ipuEnd > ipuFirst)
        out.push_back({ ipuFirst, ipuEnd });
    for (uint32_t t : worst) // the most used tile is one of them
        if (!inIpu(t))
            out.push_back({ t, t + 1 });
    return out;
}

void TopN::offer(uint64_t bytes, uint32_t id)
{
    const std::pair<uint64_t, uint32_t> item { bytes, id };
    if (m_heap.size() < m_n) {
        m_heap.push_back(item);
        std::push_heap(m_heap.begin(), m_heap.end(), before);
    } else if (m_n > 0 && before(item, m_heap.front())) {
        std::pop_heap(m_heap.begin(), m_heap.end(), before);
        m_heap.back() = item;
        std::push_heap(m_heap.begin(), m_heap.end(), before);
    }
}

std::vector<std::pair<uint64_t, uint32_t>> TopN::sorted() const
{
    auto out = m_heap;
    std::sort(out.begin(), out.end(), before);
    return out;
}

LargestVariables::LargestVariables(const Scopes& scopes, size_t variableCount)
    : m_scopes(scopes)
    , m_ipuBytes(variableCount, 0)
{
}

void LargestVariables::addTile(uint32_t variable, uint32_t tile, uint32_t bytes)
{
    if (variable >= m_ipuBytes.size())
        return; // a row past the variables (the caller's read checks and says so)
    if (m_scopes.inIpu(tile))
        m_ipuBytes[variable] += bytes;
    if (m_scopes.hasTile && tile == m_scopes.tile)
        m_tileBytes[variable] += bytes;
    if (m_scopes.inWorst(tile))
        m_worstBytes[variable] += bytes;
}

void LargestVariables::addVariable(uint32_t variable, uint64_t sizeBytes, bool isFloat)
{
    if (sizeBytes > 0)
        model.offer(sizeBytes, variable);
    if (variable < m_ipuBytes.size() && m_ipuBytes[variable] > 0)
        ipu.offer(m_ipuBytes[variable], variable);
    if (const auto on = m_tileBytes.find(variable); on != m_tileBytes.end() && on->second > 0)
        tile.offer(on->second, variable);
    if (!isFloat)
        return;
    if (const auto on = m_worstBytes.find(variable); on != m_worstBytes.end() && on->second > 0) {
        ++fp32Variables;
        fp32Bytes += on->second;
        fp32.offer(on->second, variable);
    }
}

std::vector<uint32_t> LargestVariables::winners() const
{
    std::vector<uint32_t> ids;
    for (const TopN* list : { &model, &ipu, &tile, &fp32 })
        for (const auto& [bytes, id] : list->sorted())
            ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

LargestVertices::LargestVertices(const Scopes& scopes, size_t vertexTypes)
    : m_scopes(scopes)
{
    for (Level& level : m_levels) {
        level.instances.assign(vertexTypes, 0);
        level.tiles.assign(vertexTypes, 0);
        level.onTile.resize(vertexTypes);
        level.sets.assign(vertexTypes, { kNoSet, kNoSet, kNoSet, kNoSet });
    }
}

void LargestVertices::count(Level& level, uint32_t type, uint32_t tile, uint32_t count, uint64_t& here)
{
    here += count;
    auto& seen = level.onTile[type];
    if (seen.empty())
        seen.assign(m_scopes.numTiles, false);
    if (!seen[tile]) {
        seen[tile] = true;
        ++level.tiles[type];
    }
}

void LargestVertices::noteSet(Level& level, uint32_t type, uint32_t computeSet)
{
    // The four lowest compute sets, each once: the first ones in the program's order.
    auto& sets = level.sets[type];
    if (std::find(sets.begin(), sets.end(), computeSet) != sets.end() || computeSet > sets.back())
        return;
    sets.back() = computeSet;
    std::sort(sets.begin(), sets.end());
}

void LargestVertices::add(uint32_t computeSet, const ComputeSetVertices& vertices)
{
    const uint32_t type = vertices.vertexType;
    if (type >= m_levels[kModel].instances.size())
        return;
    std::array<uint64_t, 3> here {};
    for (const TileCount& tc : vertices.countByTile) {
        if (tc.tile >= m_scopes.numTiles || tc.count == 0)
            continue;
        count(m_levels[kModel], type, tc.tile, tc.count, here[kModel]);
        if (m_scopes.inIpu(tc.tile))
            count(m_levels[kIpu], type, tc.tile, tc.count, here[kIpu]);
        if (m_scopes.hasTile && tc.tile == m_scopes.tile)
            count(m_levels[kTile], type, tc.tile, tc.count, here[kTile]);
    }
    for (int l = 0; l < 3; ++l)
        if (here[size_t(l)] > 0) {
            m_levels[size_t(l)].instances[type] += here[size_t(l)];
            noteSet(m_levels[size_t(l)], type, computeSet);
        }
}

void LargestVertices::fill(int levelIndex, const std::vector<VertexType>& types, InsightLevel& out,
    const std::function<std::string(uint32_t)>& setName) const
{
    const Level& level = m_levels[size_t(levelIndex)];
    // The largest of each (the first type on a tie), then its detail: names are read for it alone.
    size_t stateType = SIZE_MAX, codeType = SIZE_MAX;
    uint64_t stateBytes = 0, codeBytes = 0;
    for (size_t t = 0; t < types.size() && t < level.instances.size(); ++t) {
        if (const uint64_t state = level.instances[t] * types[t].stateBytes; state > stateBytes) {
            stateBytes = state;
            stateType = t;
        }
        if (const uint64_t code = uint64_t(level.tiles[t]) * types[t].codeBytes; code > codeBytes) {
            codeBytes = code;
            codeType = t;
        }
    }
    if (stateType != SIZE_MAX) {
        std::string joined;
        int named = 0;
        for (uint32_t set : level.sets[stateType]) {
            if (set == kNoSet)
                break;
            joined += joined.empty() ? "" : ", ";
            if (++named > 3) {
                joined += "\xE2\x80\xA6"; // …
                break;
            }
            joined += setName(set);
        }
        const uint64_t instances = level.instances[stateType];
        out.vertexState = { types[stateType].name, stateBytes,
            formatCount(instances) + " instances; compute sets: " + joined, instances, level.tiles[stateType],
            0 };
    }
    if (codeType != SIZE_MAX)
        out.vertexCode
            = { types[codeType].name, codeBytes, "on " + formatCount(level.tiles[codeType]) + " tiles",
                  level.instances[codeType], level.tiles[codeType], 0 };
}

} // namespace popscope::insights
