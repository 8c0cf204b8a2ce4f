#pragma once
// What the Insights report shows, as plain data (Qt-free, shared by the GUI and the CLI): whether
// the model fits, the most used tiles, a histogram of tile memory, the largest vertex state / code
// and variables at model, most-used-IPU and most-used-tile level, and tips as structured data.
// formatTip() turns a tip into the English sentence the GUI shows.
#include "popscope/peak_liveness.hpp"
#include "popscope/units.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

class Report;

struct InsightTile {
    uint32_t tile = 0; // global tile id
    uint32_t ipu = 0;
    uint64_t bytes = 0; // including gaps
};

// A vertex type or a variable that stands out at one level.
struct InsightItem {
    std::string name;
    uint64_t bytes = 0; // within the level's tiles
    std::string detail; // unit-free: "3 instances; compute sets: cs1, cs2", "on 4 tiles", "float, variable"
    uint64_t instances = 0; // vertex state: instances on the level's tiles
    uint32_t tiles = 0; // vertex code: tiles holding the codelet within the level
    uint64_t wholeBytes = 0; // variables at IPU / tile level: the whole variable's size (0 at model level)
};

struct InsightLevel {
    std::string title; // "Model", "IPU 2 (most used)", "Tile 1234 (most used)"; "" = absent
    InsightItem vertexState; // bytes == 0: none
    InsightItem vertexCode;
    std::vector<InsightItem> variables; // largest first, up to 10
};

enum class TipKind {
    OverCapacity,
    Fp16Candidates,
    Unbalanced,
    LargeVertexState,
    FitsWithSpare,
    RecomputeAtPeak, // the largest variables live across the liveness peak
    Fp16AtPeak, // the FP32 variables live at the liveness peak
    BatchAtPeak // the batch that fits, from the peak's not-always-live share
};

// Every figure a tip's sentence needs; the fields that apply depend on the kind.
struct InsightTip {
    TipKind kind = TipKind::FitsWithSpare;
    // OverCapacity: tiles over and what a tile holds.
    uint32_t tilesOverCapacity = 0;
    uint64_t bytesPerTile = 0;
    // Fp16Candidates: FP32 variables on the most used tiles, their bytes there, up to 3 examples
    // (largest first) and the saving if stored as FP16 (half the bytes).
    uint64_t fp32Variables = 0;
    uint64_t fp32Bytes = 0;
    std::vector<std::string> examples;
    uint64_t fp16SavingBytes = 0;
    uint32_t worstTileCount = 0; // how many "most used tiles" were examined (5 unless fewer tiles)
    // Unbalanced / LargeVertexState / FitsWithSpare: the most used tile.
    uint32_t tile = 0;
    uint64_t tileBytes = 0;
    uint64_t meanTileBytes = 0; // Unbalanced
    double ratio = 0; // Unbalanced: tileBytes / meanTileBytes
    // LargeVertexState: the vertex type and its state on that tile.
    std::string vertexType;
    uint64_t vertexStateBytes = 0;
    // FitsWithSpare: spare memory overall, as a fraction of capacity, and left on the most used tile.
    uint64_t spareBytes = 0;
    double freeFraction = 0;
    uint64_t tileSpareBytes = 0;
    // RecomputeAtPeak / Fp16AtPeak / BatchAtPeak: the peak's step and worst tile (`tile`), the
    // variables the lever acts on and its savings, or how far the batch could scale.
    uint32_t peakStep = 0;
    PeakVariableGroup variables;
    BatchFit batch;
};

struct InsightsAnalysis {
    bool fits = true;
    uint64_t used = 0; // including gaps, all IPUs
    uint64_t capacity = 0;
    uint32_t tilesOverCapacity = 0;
    uint64_t excessBytes = 0; // summed over tiles: bytes above a tile's capacity
    uint64_t bytesPerTile = 0;
    std::vector<InsightTile> topTiles; // up to 5, most used first (ties: lower tile first)
    std::vector<uint64_t> bucketStart; // histogram bucket lower bounds (bytes)
    uint64_t bucketWidth = 1;
    std::vector<uint32_t> bucketCount; // last bucket also holds everything above it
    uint64_t meanTileBytes = 0;
    InsightLevel model, ipu, tile;
    double shareUsed() const { return shareOf(used, capacity); } // 0 for no capacity
    std::vector<InsightTip> tips;
    PeakLiveness peakLiveness;
};

// Reads summary, tile memory, variables, vertex types and compute sets from the report.
InsightsAnalysis analyseInsights(const Report& report, int histogramBuckets = 16);

// The sentence the Insights page shows for a tip.
std::string formatTip(const InsightTip& tip, MemoryUnit unit);
// An item's detail as the Insights tables show it ("float, variable; whole variable 1.50 MiB").
std::string formatItemDetail(const InsightItem& item, MemoryUnit unit);
// The verdict line: "The model fits: uses ... " / "Out of memory: ...".
std::string formatVerdict(const InsightsAnalysis& analysis, MemoryUnit unit);
// The CLI's renderings.
std::string formatInsightsText(const InsightsAnalysis& analysis, MemoryUnit unit);
std::string formatInsightsJson(const InsightsAnalysis& analysis, MemoryUnit unit);

} // namespace popscope
