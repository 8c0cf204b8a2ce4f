#pragma once
#include "popscope/profile_document.hpp"
#include "popscope/units.hpp"

#include <string>
#include <vector>

namespace popscope {

class Profile;
struct TileMemory;

struct IpuMemorySummary {
    uint32_t ipu = 0;
    uint64_t usedExcludingGaps = 0;
    uint64_t usedIncludingGaps = 0;
    uint64_t capacity = 0;
    uint32_t maxTile = 0; // global tile id with most memory (including gaps)
    uint64_t maxTileBytes = 0;
    uint32_t tilesOverCapacity = 0;
    // Used (including gaps) over capacity, 0 for no capacity.
    double shareUsed() const { return shareOf(usedIncludingGaps, capacity); }
};

struct ReportFile {
    std::string key; // "graph-profile": what joins it with another report's
    std::string label; // "Graph Profile (profile.pop)"
    bool present = false;
};

struct NamedTotal {
    std::string name;
    uint64_t value = 0;
};

struct ProfileSummary {
    std::string path;
    int formatMajor = 0, formatMinor = 0;
    Target target;
    ReportInfo info;
    uint64_t numComputeSets = 0;
    uint64_t numVertices = 0; // instances over all compute sets
    uint64_t numVertexTypes = 0;
    uint64_t numVariables = 0;
    uint64_t numPrograms = 0;
    uint64_t numExchanges = 0;
    uint64_t numLivenessSteps = 0;
    uint64_t numExecutionSteps = 0;
    uint64_t numRuns = 0;
    uint64_t numOperations = 0;
    std::vector<IpuMemorySummary> ipus;
    uint64_t totalUsedIncludingGaps = 0;
    uint64_t totalUsedExcludingGaps = 0;
    uint64_t totalCapacity = 0;
    uint32_t tilesOverCapacity = 0;
    bool fits = true;
    uint64_t totalCycles = 0; // execution span over all IPUs (latest step end - earliest start)
    // Without execution: the compiler's estimate of one run, its control programs' estimated cycles
    // (ProgramEstimates); 0 with execution or without estimates. Set by Report::summary().
    uint64_t estimatedCycles = 0;
    std::vector<NamedTotal> memoryByCategory; // bytes over all tiles (not overlapped), largest first
    std::vector<NamedTotal> cyclesByStepType; // cycles summed over steps and IPUs, largest first
    std::vector<ReportFile> reportFiles;
    // Used (including gaps) over all IPUs' capacity, 0 for no capacity.
    double shareUsed() const { return shareOf(totalUsedIncludingGaps, totalCapacity); }
};

ProfileSummary querySummary(const Profile& profile);
// The same, from tile memory already read (queryTileMemory(profile)), so it is not read twice.
ProfileSummary querySummary(const Profile& profile, const TileMemory& memory);
std::string formatSummaryText(const ProfileSummary& summary);
std::string formatSummaryJson(const ProfileSummary& summary);

} // namespace popscope
