#pragma once
// What the Execution Trace page holds for one report: the steps in time order, program names,
// the whole run's figures (TraceSummary: proportions, efficiency, where the cycles wait) and the
// level-of-detail summaries for painting. Built off the GUI thread with progress; the LOD is
// cached in the user's cache folder keyed by the file's identity (never beside the user's file),
// so the second opening of a profile reads it back instead of streaming every per-tile row.
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_index.hpp"
#include "popscope/report.hpp"
#include "popscope/trace_flame.hpp"
#include "popscope/trace_lod.hpp"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace popscope {

struct TraceData {
    std::unique_ptr<Profile> profile; // its own connection: full-resolution rows are read on demand
    // The connection is read from the GUI thread (readouts, details) and the picture workers: one
    // at a time, through withProfile.
    mutable std::mutex profileMutex;
    template <typename Read> auto withProfile(Read read) const
    {
        std::lock_guard<std::mutex> lock(profileMutex);
        return read(*profile);
    }
    // The report it belongs to: its whole-run figures (the ones What changed and popscope-cli use)
    // are shared, not read again.
    std::shared_ptr<const Report> report;
    StepTable steps; // without per-tile cycles (read on demand)
    // Names, types (the flame's colours) and first parents (the flame's nesting), read for the
    // trace and kept while it is: not the report's whole program tree.
    ProgramOutline programs;
    std::vector<Run> runs;
    const TraceSummary* summary = nullptr; // the whole run: the report's traceSummary()
    TraceLod lod;
    TraceFlame flame; // the program tree over time, per IPU
    bool lodFromCache = false;
    QString cachePath; // where the LOD is (or would be) cached

    QString stepName(uint32_t step) const; // the step's program name
    QString programName(uint32_t program) const;
    // A flame span's name: the run's at level 0, else its program's.
    QString flameSpanName(size_t level, const FlameSpan& span) const;
    // Its program's type ("Repeat", ...), "Run" at level 0.
    std::string_view flameSpanType(size_t level, const FlameSpan& span) const;
    // The cycles a run's steps span over every IPU ({0, 0} for a run without steps).
    std::pair<uint64_t, uint64_t> runSpan(uint32_t run) const;
};

// The folder for trace caches: $XDG_CACHE_HOME/popscope/popscope/trace (cacheFolder),
// or POPSCOPE_CACHE_DIR when set (tests, scripts).
QString traceCacheFolder();

// Removes the least recently written caches beyond `budgetBytes`.
void pruneTraceCache(qint64 budgetBytes);

// Opens the report's file again (its own connection, for rows read on demand) and builds (or loads)
// everything else, asking the report for the parts it shares. `progress(percent, stage)` is called from
// the worker; `cancelled` is polled. Returns nullptr when cancelled; throws ProfileError.
std::shared_ptr<TraceData> buildTraceData(std::shared_ptr<const Report> report,
    const std::function<void(int, const QString&)>& progress, const std::atomic<bool>& cancelled);

} // namespace popscope
