#pragma once
// What analyseInsights finds at each level (the model, the most used IPU, the most used tile),
// gathered row by row so the rows can stream from the file: the variables' tiles and sizes, and
// the compute sets' vertices, are visited once and only a few figures per level are kept.
#include "popscope/insights.hpp"
#include "popscope/profile.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace popscope::insights {

// The tiles each level covers.
struct Scopes {
    uint32_t numTiles = 0;
    uint32_t ipuFirst = 0, ipuEnd = 0; // the most used IPU's tiles: [ipuFirst, ipuEnd)
    bool hasTile = false; // false when the report has no tiles
    uint32_t tile = 0; // the most used tile
    std::vector<uint32_t> worst; // the most used tiles (up to 5), for the FP16 tip

    bool inIpu(uint32_t t) const { return t >= ipuFirst && t < ipuEnd; }
    bool inWorst(uint32_t t) const;
    // The tiles a streamed read needs: the IPU's and the most used ones.
    std::vector<Profile::TileRange> ranges() const;
};

// The n largest (bytes, id) seen, largest first; equal bytes keep the lower id first.
class TopN {
public:
    explicit TopN(size_t n)
        : m_n(n)
    {
    }
    void offer(uint64_t bytes, uint32_t id);
    std::vector<std::pair<uint64_t, uint32_t>> sorted() const;

private:
    size_t m_n;
    std::vector<std::pair<uint64_t, uint32_t>> m_heap; // the smallest kept at the front
};

// The largest variables per level and the FP32 variables on the most used tiles. Feed every tile
// row first (addTile), then every variable (addVariable).
class LargestVariables {
public:
    LargestVariables(const Scopes& scopes, size_t variableCount);
    void addTile(uint32_t variable, uint32_t tile, uint32_t bytes);
    void addVariable(uint32_t variable, uint64_t sizeBytes, bool isFloat);

    TopN model { 10 }, ipu { 10 }, tile { 10 };
    TopN fp32 { 3 }; // by bytes on the most used tiles
    uint64_t fp32Variables = 0;
    uint64_t fp32Bytes = 0;
    // Every id the lists above name (each once), to read their names and types.
    std::vector<uint32_t> winners() const;

private:
    const Scopes& m_scopes;
    std::vector<uint64_t> m_ipuBytes; // per variable
    std::unordered_map<uint32_t, uint64_t> m_tileBytes, m_worstBytes; // the few variables there
};

// Per vertex type and level: instances, tiles holding one, and the first compute sets running it.
class LargestVertices {
public:
    LargestVertices(const Scopes& scopes, size_t vertexTypes);
    void add(uint32_t computeSet, const ComputeSetVertices& vertices);
    // Fills the level's vertex state and code items; `setName` names a compute set.
    void fill(int level, const std::vector<VertexType>& types, InsightLevel& out,
        const std::function<std::string(uint32_t)>& setName) const;

    static constexpr int kModel = 0, kIpu = 1, kTile = 2;

private:
    struct Level {
        std::vector<uint64_t> instances;
        std::vector<uint32_t> tiles;
        std::vector<std::vector<bool>> onTile; // allocated for the types seen at this level
        std::vector<std::array<uint32_t, 4>> sets; // the 4 lowest compute sets, UINT32_MAX = none
    };
    void count(Level& level, uint32_t type, uint32_t tile, uint32_t count, uint64_t& here);
    static void noteSet(Level& level, uint32_t type, uint32_t computeSet);

    const Scopes& m_scopes;
    std::array<Level, 3> m_levels;
};

} // namespace popscope::insights
