#include "popscope/summary.hpp"

#include "popscope/profile.hpp"
#include "popscope/tile_memory.hpp"

#include <algorithm>

namespace popscope {

namespace {

// One IPU's memory: used with and without gaps, its fullest tile and its tiles over capacity.
IpuMemorySummary ipuMemory(const Target& t, const TileMemory& memory, uint32_t ipu)
{
    IpuMemorySummary m;
    m.ipu = ipu;
    m.capacity = t.bytesPerIpu();
    for (uint32_t local = 0; local < t.tilesPerIpu; ++local) {
        const uint32_t tile = ipu * t.tilesPerIpu + local;
        const uint64_t including = memory.totalIncludingGaps[tile];
        m.usedExcludingGaps += memory.totalExcludingGaps[tile];
        m.usedIncludingGaps += including;
        if (including > m.maxTileBytes || local == 0) {
            m.maxTileBytes = including;
            m.maxTile = tile;
        }
        if (including > t.bytesPerTile)
            ++m.tilesOverCapacity;
    }
    return m;
}

void addMemory(const TileMemory& memory, ProfileSummary& s)
{
    for (uint32_t ipu = 0; ipu < s.target.numIpus; ++ipu) {
        const IpuMemorySummary m = ipuMemory(s.target, memory, ipu);
        s.totalUsedExcludingGaps += m.usedExcludingGaps;
        s.totalUsedIncludingGaps += m.usedIncludingGaps;
        s.totalCapacity += m.capacity;
        s.tilesOverCapacity += m.tilesOverCapacity;
        s.ipus.push_back(m);
    }
    s.fits = s.tilesOverCapacity == 0;
    for (size_t c = 0; c < memory.categories.size(); ++c) {
        uint64_t bytes = 0;
        for (uint32_t b : memory.byCategory[c])
            bytes += b;
        if (bytes > 0)
            s.memoryByCategory.push_back({ memory.categories[c], bytes });
    }
    std::stable_sort(s.memoryByCategory.begin(), s.memoryByCategory.end(),
        [](const NamedTotal& a, const NamedTotal& b) { return a.value > b.value; });
}

} // namespace

ProfileSummary querySummary(const Profile& profile)
{
    return querySummary(profile, queryTileMemory(profile));
}

ProfileSummary querySummary(const Profile& profile, const TileMemory& memory)
{
    ProfileSummary s;
    s.path = profile.path();
    s.formatMajor = profile.formatMajor();
    s.formatMinor = profile.formatMinor();
    s.target = profile.target();
    s.info = profile.info();
    s.numComputeSets = profile.summaryRowCount("compute_sets");
    s.numVertices = profile.countVertexInstances();
    s.numVertexTypes = profile.summaryRowCount("vertex_types");
    s.numVariables = profile.summaryRowCount("variables");
    s.numPrograms = profile.summaryRowCount("programs");
    s.numExchanges = profile.summaryRowCount("exchanges");
    s.numLivenessSteps = profile.summaryRowCount("liveness_steps");
    s.numExecutionSteps = profile.summaryRowCount("steps");
    s.numRuns = profile.summaryRowCount("runs");
    s.numOperations = profile.summaryRowCount("operations");
    s.totalCycles = profile.totalCycles();

    addMemory(memory, s);
    for (auto& [type, cycles] : profile.cyclesByStepType())
        s.cyclesByStepType.push_back({ std::move(type), cycles });

    const bool hasMemory = !memory.categories.empty();
    s.reportFiles = {
        { "graph-profile", "Graph Profile (profile.pop)", hasMemory },
        { "execution-profile", "Execution Profile (profile.pop)", s.numExecutionSteps > 0 },
        { "lowered-vars", "Lowered Vars Information (profile.pop)", profile.hasRows("vars_info") },
        { "debug-information", "Debug Information (debug contexts)", profile.hasRows("debug_contexts") },
        { "framework-information", "Frameworks Information (framework.json)", !s.info.frameworkJson.empty() },
        { "application-information", "Application Information (app.json)", !s.info.appJson.empty() },
        { "serialized-graph", "Serialized Computation Graph", false },
        { "executable-archive", "Executable Archive (archive.a)", false },
    };
    return s;
}

} // namespace popscope
