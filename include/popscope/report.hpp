#pragma once
// One open profile as the reports see it: each part (summary, tile memory, variables, ...) is read
// once, lazily, on first request, then shared read-only. Qt-free; the GUI's session holds one or
// two of these (source and target) and the CLI uses the same object.
//
// Thread safety: every const member may be called from any thread at once. A part is computed
// under its own lock (a second caller waits for the first and gets the same object); reads of its
// SQLite connection are serialised (a thread in a ParallelReadsScope takes a second connection
// when the first is busy). A part that fails throws ProfileError and is not
// cached, so asking again retries (and throws again for a damaged file).
// profile() gives the header (target(), info(), path()), which is immutable after open; calling
// its read*() functions directly bypasses the cache and the serialisation, so do that from one
// thread only.
#include "popscope/execution_trace.hpp"
#include "popscope/insights.hpp"
#include "popscope/liveness.hpp"
#include "popscope/operations.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_estimates.hpp"
#include "popscope/program_index.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"
#include "popscope/variable_table.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace popscope {

namespace detail {

// A value computed once on first request; failures are not cached.
template <typename T> class LazyPart {
public:
    template <typename Make> const T& get(Make&& make) const
    {
        if (m_ready.load(std::memory_order_acquire))
            return *m_value;
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_ready.load(std::memory_order_relaxed)) {
            m_value = std::make_shared<const T>(make());
            m_ready.store(true, std::memory_order_release);
        }
        return *m_value;
    }
    // The value with a share of its ownership, so it outlives a release() (a comparison keeps the
    // variable headers and live ranges it reads).
    template <typename Make> std::shared_ptr<const T> share(Make&& make) const
    {
        std::lock_guard<std::mutex> lock(m_mutex); // not get(): a release() may come between
        if (!m_ready.load(std::memory_order_relaxed)) {
            m_value = std::make_shared<const T>(make());
            m_ready.store(true, std::memory_order_release);
        }
        return m_value;
    }
    bool ready() const { return m_ready.load(std::memory_order_acquire); }
    // Drops the value so its memory returns; the next get() computes it again. The caller
    // guarantees that no thread holds a reference into it, or is in get(), meanwhile.
    void release() const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_ready.store(false, std::memory_order_release);
        m_value.reset();
    }
    // The same unless it is being computed now (then it stays): never waits.
    void releaseIfIdle() const
    {
        std::unique_lock<std::mutex> lock(m_mutex, std::try_to_lock);
        if (!lock.owns_lock())
            return;
        m_ready.store(false, std::memory_order_release);
        m_value.reset();
    }

private:
    mutable std::mutex m_mutex;
    mutable std::atomic<bool> m_ready { false };
    mutable std::shared_ptr<const T> m_value;
};

struct ReportAccess;

} // namespace detail

class Report {
public:
    // Opens `path` (a .pop file or a report folder) read-only; throws ProfileError like Profile::open.
    static std::shared_ptr<Report> open(const std::string& path);
    ~Report();
    Report(const Report&) = delete;
    Report& operator=(const Report&) = delete;

    const std::string& path() const;
    const Profile& profile() const;

    const ProfileSummary& summary() const;
    const TileMemory& tileMemory() const;
    const VariableTable& variables() const; // with tiles and live ranges
    // Names, sizes and flags only (half the cost), in the same order; variables() once that was read.
    const VariableTable& variableHeaders() const;
    const std::vector<VertexType>& vertexTypes() const;
    const std::vector<ComputeSet>& computeSets() const;
    const std::vector<Exchange>& exchanges() const;
    // One compute set's vertices: from computeSets() when read, else read alone (a few rows).
    std::vector<ComputeSetVertices> computeSetVertices(uint32_t computeSet) const;
    // One compute set with its vertices, the same way; none when there is no such set.
    std::optional<ComputeSet> computeSet(uint32_t computeSet) const;
    uint32_t numTiles() const { return tileMemory().numTiles(); }

    // The compiler's cycle estimates (format 1.2; none in older files). A compute set's or an
    // exchange program's per-tile rows are read when asked for, not kept (a script that walks every
    // compute set would otherwise hold them all); whether there are any, and the vertices' (a number
    // a vertex entry), are read once.
    bool profileHasEstimates() const;
    std::vector<EstimatedTileCycles> computeSetEstimates(uint32_t computeSet) const;
    std::vector<EstimatedTileCycles> programEstimates(uint32_t program) const;
    const std::vector<VertexEstimate>& vertexEstimates() const;

    // Liveness report: the steps' per-IPU curve with program names, the variables' live ranges
    // indexed by step (reads variables() first), liveness_by_tile rows (often none) and the
    // execution cycles of every program.
    const LivenessCurve& liveness() const;
    const LiveRangeIndex& liveRanges() const;
    const std::vector<TileLiveness>& tileLiveness() const;
    const ProgramCycles& programCycles() const;
    // Program Tree and Operations.
    const ProgramTable& programs() const;
    const StepCycles& stepCycles() const; // each step's program and cycles
    const std::vector<DebugContext>& debugContexts() const;
    const OperationTable& operations() const;
    const ProgramIndex& programIndex() const; // reads programs, roots, steps, operations
    // The compiler's estimates over the program tree (estimateProgramCycles); with the program tree.
    const ProgramEstimates& programCycleEstimates() const;
    const OperationAnalysis&
    operationAnalysis() const; // operations, steps, debug contexts, variables per context
    // The execution trace's figures over the whole run (analyseTrace): streams every per-tile cycle
    // row once, holding the file's connection meanwhile (bench-large: about 0.5 s).
    const TraceSummary& traceSummary() const;
    // The same, analysed from `steps` when not yet computed: the profile's steps (readStepTable)
    // that the caller already holds, so they are not read a second time alongside them.
    const TraceSummary& traceSummary(const StepTable& steps) const;

    // The Insights report's analysis (analyseInsights, 16 buckets), kept: a few KiB. Streams what
    // it needs of the variables and compute sets unless the report holds them.
    const InsightsAnalysis& insights() const;

    // Whether a part has been read already (asking for it then returns at once), so a page can
    // show itself without a loading step. Never blocks and never reads.
    bool hasSummary() const { return m_summary.ready(); }
    bool hasTileMemory() const { return m_tileMemory.ready(); }
    bool hasVariables() const { return m_variables.ready(); }
    bool hasVertexTypes() const { return m_vertexTypes.ready(); }
    bool hasComputeSets() const { return m_computeSets.ready(); }
    bool hasExchanges() const { return m_exchanges.ready(); }
    bool hasLiveness() const { return m_liveness.ready() && m_liveRanges.ready(); }
    bool hasProgramCycles() const { return m_programCycles.ready(); }
    bool hasProgramIndex() const { return m_programIndex.ready(); }
    bool hasProgramEstimates() const { return m_programEstimates.ready(); }
    bool hasOperationAnalysis() const { return m_operationAnalysis.ready(); }
    bool hasInsights() const { return m_insights.ready(); }
    // Whether any piece of a part is held: a part read in part (the operations a program index
    // reads, a curve whose live ranges went with the variables) has memory to release too.
    bool holdsLiveness() const
    {
        return m_liveness.ready() || m_liveRanges.ready() || m_tileLiveness.ready();
    }
    bool holdsProgramTree() const
    {
        return m_programIndex.ready() || m_programs.ready() || m_stepCycles.ready()
            || m_programEstimates.ready();
    }
    bool holdsOperations() const
    {
        return m_operationAnalysis.ready() || m_operations.ready() || m_debugContexts.ready();
    }

    // Lets go of a part read before, so its memory returns; asking for it again reads it again.
    // Only when no thread holds a reference into the part (the window does it between pages, once
    // no page that shows the part is loaded and no job runs). The summary, tile memory and vertex
    // types (small, and the summary's base) are never released.
    void releaseVariables() const; // with the live ranges built from them
    void releaseComputeSets() const { m_computeSets.release(); }
    void releaseExchanges() const { m_exchanges.release(); }
    void releaseLiveness() const; // the curve, the live-range index, liveness by tile
    void releaseProgramCycles() const { m_programCycles.release(); }
    void releaseProgramTree() const; // programs, step cycles, their index and estimates
    void releaseOperations() const; // operations, debug contexts and their analysis
    void releaseComparisonCaches() const; // the live-range list comparisons read, and variableHeaders()

private:
    friend struct detail::ReportAccess; // core-internal parts (compareReports)
    explicit Report(std::unique_ptr<Profile> profile);
    // Runs `read` with a SQLite connection to itself, one thread at a time on each connection.
    template <typename Read> auto locked(Read&& read) const;
    const Profile* spareConnection() const; // with m_spareMutex held

    std::unique_ptr<Profile> m_profile;
    mutable std::mutex m_dbMutex;
    // A second connection to a local file, opened when two reads first overlap (the window reads a
    // page's parts on two threads). A remote profile's reads queue on its one connection instead.
    mutable std::unique_ptr<Profile> m_spare;
    mutable bool m_spareUnavailable = false;
    mutable std::mutex m_spareMutex;
    detail::LazyPart<ProfileSummary> m_summary;
    detail::LazyPart<TileMemory> m_tileMemory;
    detail::LazyPart<VariableTable> m_variables;
    detail::LazyPart<std::vector<VertexType>> m_vertexTypes;
    detail::LazyPart<std::vector<ComputeSet>> m_computeSets;
    detail::LazyPart<std::vector<Exchange>> m_exchanges;
    detail::LazyPart<bool> m_hasEstimates;
    detail::LazyPart<std::vector<VertexEstimate>> m_vertexEstimates;
    // Program Tree and Operations.
    detail::LazyPart<ProgramTable> m_programs;
    detail::LazyPart<StepCycles> m_stepCycles;
    detail::LazyPart<std::vector<DebugContext>> m_debugContexts;
    detail::LazyPart<OperationTable> m_operations;
    detail::LazyPart<ProgramIndex> m_programIndex;
    detail::LazyPart<ProgramEstimates> m_programEstimates;
    detail::LazyPart<OperationAnalysis> m_operationAnalysis;
    detail::LazyPart<TraceSummary> m_traceSummary;
    detail::LazyPart<InsightsAnalysis> m_insights;
    // Variables without tiles and live ranges (half the cost), for variableHeaders() before
    // variables() was asked for (comparisons read a packed VariableDigest of their own instead).
    detail::LazyPart<VariableTable> m_variableHeaders;
    // Liveness report.
    detail::LazyPart<LivenessCurve> m_liveness;
    detail::LazyPart<LiveRangeIndex> m_liveRanges;
    detail::LazyPart<std::vector<TileLiveness>> m_tileLiveness;
    detail::LazyPart<ProgramCycles> m_programCycles;
    // Live ranges without the variables' tiles, for comparisons made before variables() was read.
    detail::LazyPart<std::vector<std::pair<uint32_t, StepRange>>> m_liveRangeList;
};

} // namespace popscope
