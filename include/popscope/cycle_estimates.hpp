#pragma once
// The compiler's cycle estimates beside the measured cycles (format 1.2): for each compute set and
// each exchange program, the estimate of its slowest tile (what BSP makes its step last) against
// the cycles of the execution steps that ran it. `popscope-cli estimates` prints them.
#include "popscope/report.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

// Whether the compiler estimates a program of this type by tile: the exchanges and the stream-copy
// phases (DoExchange, GlobalExchange, StreamCopyBegin, StreamCopyMid, StreamCopyEnd). A compute
// set's estimates belong to the compute set, not to its OnTileExecute programs.
bool isEstimatedProgramType(std::string_view type);

// One compute set or exchange program with estimates.
struct EstimateRow {
    uint32_t id = 0; // the compute set, or the program
    std::string name;
    std::string type; // "OnTileExecute" for a compute set, else the program's type
    uint64_t estimatedCycles = 0; // its slowest tile's estimate, over its IPUs
    uint64_t estimatedTileCycles = 0; // the estimates of all its tiles, summed
    uint64_t executions = 0; // execution steps that ran it
    uint64_t measuredCycles = 0; // the cycles of those steps (each its slowest IPU's), summed
};

struct VertexEstimateRow {
    uint32_t computeSet = 0;
    uint32_t position = 0; // in the compute set's vertices
    std::string vertexType;
    uint64_t estimatedCycles = 0; // one vertex
};

struct EstimateComparison {
    bool present = false; // the profile holds estimates (format 1.2 written with them)
    std::vector<EstimateRow> computeSets; // those with per-tile estimates, by id
    std::vector<EstimateRow> programs; // exchange programs with per-tile estimates, by id
    std::vector<VertexEstimateRow> vertices; // by compute set and position
};

// Streams the estimates (one row in memory at a time) and sums the steps' cycles.
EstimateComparison compareEstimates(const Report& report);
// The `top` compute sets and exchange programs of the largest estimates, with totals.
std::string formatEstimatesText(const Report& report, const EstimateComparison& comparison, size_t top);
// Every row, and every vertex entry under its compute set.
std::string formatEstimatesJson(const Report& report, const EstimateComparison& comparison);

} // namespace popscope
