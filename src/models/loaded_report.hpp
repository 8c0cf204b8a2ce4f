#pragma once
// One report as the GUI holds it: core's Report (Qt-free, lazy, shared with the CLI) with its
// summary, read off the GUI thread by ReportLoader before the report is shown. Every other part is
// read when a page that needs it is first shown (ReportPage, PartsLoader); the accessors below
// return a part from core's cache, and read it there and then if nobody did (tests, benches), so
// pages ask for them only once their PartsLoader finished.
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
    const TileMemory& memory() const { return core->tileMemory(); }
    const VariableTable& variables() const { return core->variables(); }
    const std::vector<VertexType>& vertexTypes() const { return core->vertexTypes(); }
    const std::vector<ComputeSet>& computeSets() const { return core->computeSets(); }
    const std::vector<Exchange>& exchanges() const { return core->exchanges(); }
    qint64 loadMilliseconds = 0;
    // The file read (a folder's profile.pop) and how it was when opened, to notice changes on disk.
    QString profilePath;
    FileIdentity opened;

    uint32_t numTiles() const { return uint32_t(summary.target.numTiles()); }
    QString fileName() const;
};

// Opens `path` and reads `parts` (partsToLoad: at least the summary), one stage
// each after "Opening the profile" (used by the loader, tests, bench). `stage` is called before
// each step with a message for people; return false to stop (cancel), in which case the function
// returns nullptr. Throws ProfileError like Report's readers.
using StageCallback = bool (*)(void* context, int stage, const char* message);
std::shared_ptr<LoadedReport> loadReport(const QString& path, StageCallback stage = nullptr,
    void* context = nullptr, const std::vector<ReportPart>& parts = openingParts());
// How many stages loadReport reports for `parts`.
inline int loadStageCount(const std::vector<ReportPart>& parts)
{
    return 1 + int(partsToLoad(parts).size());
}

} // namespace popscope
