#pragma once
// What could lower the liveness peak, each lever with its estimated saving: Insights' tips on
// recomputation, FP16 and the batch size that fits. Qt-free: the Insights page and
// `popscope-cli insights` (text and JSON) show the same figures.
#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

// Variables live at the peak that one lever would act on, and what it would save there.
struct PeakVariableGroup {
    uint64_t candidates = 0; // variables that qualify
    uint64_t chosen = 0; // the largest of them that the saving counts
    uint64_t bytes = 0; // the chosen variables' bytes live at the peak, all tiles
    uint64_t worstTileBytes = 0; // their bytes on the worst tile at the peak
    uint64_t savingBytes = 0; // the estimated drop of the peak
    uint64_t worstTileSavingBytes = 0; // and of the worst tile's bytes there
    std::vector<std::string> examples; // the largest chosen, up to 3
};

// How far the batch-proportional bytes at the peak could scale before a tile runs out.
struct BatchFit {
    bool available = false; // some tile holds not-always-live bytes at the peak
    // The largest factor on every tile's not-always-live bytes at the peak that keeps every tile
    // within its memory (1: as today; below 1: today's batch does not fit; 0: always-live bytes
    // alone fill the limiting tile).
    double scale = 0;
    uint32_t limitingTile = 0; // the tile that sets the scale
    uint64_t limitingAlwaysLive = 0, limitingNotAlwaysLive = 0, bytesPerTile = 0;
    uint64_t batch = 0; // the batch size the report records (0: not recorded)
    uint64_t largestBatch = 0; // the largest batch that fits by this estimate (batch recorded)
};

struct PeakLevers {
    // Recomputation: the largest variables live from before the peak step to after it, which a
    // recomputation before their later use would not hold across the peak. Variables whose names
    // contain grad, optimizer, momentum or accum (any case) are left out: gradients and optimizer
    // state are not recomputed from the forward pass.
    PeakVariableGroup recompute;
    // FP16: the FP32 variables live at the peak; stored as FP16 they would take half the bytes.
    PeakVariableGroup fp32;
    BatchFit batch;
};

// The variables the recomputation lever counts, at most.
constexpr uint64_t kRecomputeChosen = 5;

// The batch size a report records: the simulator's `batch` parameter, else a positive integer
// under a key named batchSize, batch_size, microBatchSize or micro_batch_size in framework.json or
// app.json. 0 when none is recorded.
uint64_t recordedBatchSize(
    const std::string& simulationSpecJson, const std::string& frameworkJson, const std::string& appJson);

} // namespace popscope
