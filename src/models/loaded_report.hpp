#pragma once
// One report as the GUI holds it: core's Report (Qt-free, lazy, shared with the CLI) plus the
// parts the first pages need, read off the GUI thread by ReportLoader before the report is shown.
// The members are references into the Report's cached parts, valid while `core` lives.
#include "models/file_change_watcher.hpp"
#include "models/report_parts.hpp"
#include "popscope/report.hpp"

#include <QString>

#include <memory>
#include <vector>

namespace popscope {

struct LoadedReport {
    LoadedReport(QString path, std::shared_ptr<const Report> report);
    LoadedReport(const LoadedReport&) = delete;
    LoadedReport& operator=(const LoadedReport&) = delete;

    QString path;
    std::shared_ptr<const Report> core; // later reports ask it for their parts (lazily, off the GUI thread)
    const ProfileSummary& summary;
    const TileMemory& memory;
    const std::vector<Variable>& variables;
    const std::vector<VertexType>& vertexTypes;
    const std::vector<ComputeSet>& computeSets;
    const std::vector<Exchange>& exchanges;
    qint64 loadMilliseconds = 0;
    // The file read (a folder's profile.pop) and how it was when opened, to notice changes on disk.
    QString profilePath;
    FileIdentity opened;

    uint32_t numTiles() const { return memory.numTiles(); }
    QString fileName() const;
};

// Opens `path` and reads `parts` (partsToLoad: at least the ones LoadedReport holds), one stage
// each after "Opening the profile" (used by the loader, tests, bench). `stage` is called before
// each step with a message for people; return false to stop (cancel), in which case the function
// returns nullptr. Throws ProfileError like Report's readers.
using StageCallback = bool (*)(void* context, int stage, const char* message);
std::shared_ptr<LoadedReport> loadReport(const QString& path, StageCallback stage = nullptr, void* context = nullptr,
                                         const std::vector<ReportPart>& parts = basicReportParts());
// How many stages loadReport reports for `parts`.
inline int loadStageCount(const std::vector<ReportPart>& parts) { return 1 + int(partsToLoad(parts).size()); }

} // namespace popscope
