#pragma once
// Everything the first reports (Summary, Insights, Memory) need from one profile, read once
// off the GUI thread by ReportLoader and then shared read-only by every model and view.
#include "popscope/profile.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <QString>

#include <memory>
#include <vector>

namespace popscope {

struct LoadedReport {
    QString path;
    std::shared_ptr<Profile> profile; // kept open for reports that query on demand
    ProfileSummary summary;
    TileMemory memory;
    std::vector<Variable> variables;
    std::vector<VertexType> vertexTypes;
    std::vector<ComputeSet> computeSets;
    std::vector<Exchange> exchanges;
    qint64 loadMilliseconds = 0;

    uint32_t numTiles() const { return memory.numTiles(); }
    QString fileName() const;
};

// Reads everything LoadedReport holds from an open profile (used by the loader, tests, bench).
// `stage` is called before each step with a message for people; return false to stop (cancel),
// in which case the function returns nullptr. Throws ProfileError like Profile's readers.
using StageCallback = bool (*)(void* context, int stage, const char* message);
std::shared_ptr<LoadedReport> loadReport(const QString& path, StageCallback stage = nullptr,
                                         void* context = nullptr);
inline constexpr int kLoadStageCount = 6;

} // namespace popscope
