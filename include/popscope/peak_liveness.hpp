#pragma once
// Insights ▸ Peak liveness: what is live at the liveness peak (the step with the most
// not-always-live bytes over all IPUs), for the model, its busiest IPU and its worst tiles, and the
// largest variables live there. Qt-free: the Insights page, `popscope-cli insights` and its JSON
// (`peakLiveness`) show the same figures.
#include "popscope/liveness_report.hpp"
#include "popscope/peak_levers.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace popscope {

class Report;

struct PeakLivenessTile {
    uint32_t tile = 0; // global tile id
    uint32_t ipu = 0;
    uint64_t alwaysLive = 0;
    uint64_t notAlwaysLive = 0; // of the variables live at the peak on this tile
    uint64_t total() const { return alwaysLive + notAlwaysLive; }
};

struct PeakLiveness {
    bool available = false; // the report has liveness steps
    std::string error; // why its liveness could not be read ("" when it could, or has none)
    uint64_t numSteps = 0;
    uint32_t step = 0; // the peak: a liveness program step
    std::string program; // the step's program name
    uint64_t alwaysLive = 0, notAlwaysLive = 0, capacity = 0; // all IPUs
    uint32_t busiestIpu = 0; // the IPU with the most live at the peak (always + not always live)
    uint64_t ipuAlwaysLive = 0, ipuNotAlwaysLive = 0, ipuCapacity = 0;
    std::vector<PeakLivenessTile> worstTiles; // most live first (ties: lower tile first)
    uint64_t bytesPerTile = 0;
    std::vector<LiveVariableRow> variables; // the largest live at the peak, largest first
    uint64_t liveVariables = 0; // how many are live there
    PeakLevers levers; // what could lower the peak, with the savings estimated
    uint64_t total() const { return alwaysLive + notAlwaysLive; }
};

// Reads the liveness curve and the variables live at the peak (held, or streamed from the file as
// Insights streams its levels). The worst tiles' not-always-live bytes are the
// variables live at the peak summed per tile. A liveness part that cannot be read leaves the
// analysis unavailable with its error, not the whole of Insights.
PeakLiveness analysePeakLiveness(const Report& report, size_t topVariables = 10, size_t topTiles = 5);

// The section `popscope-cli insights` prints.
std::string formatPeakLivenessText(const PeakLiveness& peak, MemoryUnit unit);

} // namespace popscope
