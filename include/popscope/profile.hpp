#pragma once
// Read-only, defensive access to a .pop file. Opening validates the schema and the target;
// each read* call loads one part on demand and checks every value against the target's bounds.
#include "popscope/errors.hpp"
#include "popscope/narrow_figures.hpp"
#include "popscope/operation_table.hpp"
#include "popscope/packed_names.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/program_table.hpp"
#include "popscope/spilled_array.hpp"
#include "popscope/step_table.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace popscope::remote {
class SftpFile;
}

namespace popscope {

class SqliteDatabase;
class VariableTable;
struct StoredCounts;
struct ProgramOutline;

// What the Program Tree and Operations need of the execution steps, compact (bench-large: 51 k
// steps in 600 KB instead of 20 MB of ExecutionSteps): per step, its program and its duration,
// the slowest IPU's cycles (the IPUs run a step side by side, BSP).
struct StepCycles {
    std::vector<uint32_t> program;
    std::vector<uint64_t> cycles;
    size_t size() const { return program.size(); }
};

// What comparing two reports' variables needs, packed: every name in one buffer, each size and
// always-live flag (bench-huge: about 60 bytes a variable, where the headers' Variables take 170).
// Its columns go to spill files as they grow (spill::setDirectory): two of bench-huge's took 134
// MiB of heap while What Changed compared.
struct VariableDigest {
    PackedNames names;
    SpilledArray<uint64_t> sizeBytes;
    SpilledArray<uint8_t> alwaysLive;
    size_t size() const { return sizeBytes.size(); }
    void reserve(size_t variables, size_t nameBytes = 0)
    {
        names.reserve(variables, nameBytes);
        sizeBytes.values().reserve(variables);
        alwaysLive.values().reserve(variables);
        sizeBytes.streamWhileBuilding();
        alwaysLive.streamWhileBuilding();
    }
    // Adds a variable; false (and nothing added) when the names would pass 4 GiB.
    bool append(std::string_view name, uint64_t size, bool isAlwaysLive)
    {
        if (!names.append(name))
            return false;
        sizeBytes.push_back(size);
        alwaysLive.push_back(isAlwaysLive);
        return true;
    }
    // After the last append: into spill files, or kept in memory (the names not copied).
    void finish()
    {
        names.finish();
        sizeBytes.spill();
        alwaysLive.spill();
    }
    std::string_view name(size_t variable) const { return names[variable]; }
};

// Every program's name, type and compute set, packed: what a liveness step's label needs
// (bench-huge: 416 k programs in about 16 MiB, where their Program headers took 50).
// The columns are streamed into spill files as they are read (spill::setDirectory).
struct ProgramLabels {
    PackedNames names;
    std::vector<std::string> types; // each type once
    SpilledArray<uint32_t> typeOf; // each program's, into `types`
    SpilledArray<int64_t> computeSet; // each program's, -1 for none
    size_t size() const { return names.size(); }
    std::string_view name(size_t program) const { return names[program]; }
    const std::string& type(size_t program) const { return types[typeOf[program]]; }
};

// The liveness steps packed: each step's program, and its bytes per IPU one step after the other.
struct LivenessStepColumns {
    std::vector<uint32_t> program;
    NarrowFigures notAlwaysLive; // [step * numIpus + ipu]
};

// While one lives on a thread, that thread's reads of a local profile may use a second connection:
// Report::locked takes the report's second one when the first is busy, and readVariables reads the
// tiles on a helper thread. For the page being shown in the window: the loader's two readers of
// one report, and the trace's build. Elsewhere (compare mode's loader, the comparison in the
// background, the CLI, Python) reads queue on one connection, so they never take a core from the
// page being shown.
class ParallelReadsScope {
public:
    ParallelReadsScope();
    ~ParallelReadsScope();
    ParallelReadsScope(const ParallelReadsScope&) = delete;
    ParallelReadsScope& operator=(const ParallelReadsScope&) = delete;
    static bool active(); // on the calling thread

private:
    bool m_previous;
};

// What comparing two reports' graph tables needs, streamed from the file: each row's figures
// without the compute sets' and exchanges' per-tile lists (bench-huge: 126 MiB a report when read
// as parts, which a comparison used to leave behind).
struct GraphDigest {
    std::vector<uint64_t> vertexInstances; // per vertex type, over every compute set
    std::vector<uint64_t> vertexTiles; // per vertex type: tiles holding at least one instance
    std::vector<std::string> computeSetNames;
    std::vector<uint64_t> computeSetInstances; // vertex instances per compute set
    std::vector<std::string> exchangeNames;
    std::vector<uint64_t> exchangeCode; // code bytes per exchange, summed over tiles
    std::vector<uint64_t> exchangeBytes; // payload bytes per exchange
};

class Profile {
public:
    // Opens `path` read-only; throws ProfileError naming the file and the problem. `path` may be a
    // remote address, ssh://[user@]host[:port]/path or [user@]host:path (read over SFTP).
    static std::unique_ptr<Profile> open(const std::string& path);
    ~Profile();
    Profile(const Profile&) = delete;
    Profile& operator=(const Profile&) = delete;

    const std::string& path() const { return m_path; }
    // Another connection to the file this profile opened, so that two threads can read it at once;
    // null for a remote profile, or when its path no longer names the file opened (replaced or
    // deleted since: a second connection would read another file).
    std::unique_ptr<Profile> openAgain() const;
    // The remote file behind a remote profile (its state now, what crossed the network), or null.
    const std::shared_ptr<remote::SftpFile>& remoteFile() const { return m_remoteFile; }
    int formatMajor() const { return m_formatMajor; }
    int formatMinor() const { return m_formatMinor; }
    const Target& target() const { return m_target; }
    const ReportInfo& info() const { return m_info; }

    // Each part on demand. All throw ProfileError(CorruptProfile) on out-of-bounds content.
    std::vector<uint32_t> readPhysicalTileIds() const;
    std::vector<uint32_t> readIoTiles() const;
    std::vector<MemorySeries> readMemory() const;
    std::vector<GapSeries> readGaps() const;
    std::vector<LivenessSplit> readLivenessSplit() const;
    // The variables packed in columns (what a Report holds); without tiles and live ranges, the
    // headers only.
    VariableTable readVariableTable(bool withTilesAndRanges = true) const;
    // The same as a document's variables (export, JSON, tests).
    std::vector<Variable> readVariables(bool withTilesAndRanges = true) const;
    // Ids, names and sizes checked as readVariables checks them (category, element type and debug
    // context are not read, so not checked: reading the variables does).
    VariableDigest readVariableDigest() const;
    // Every live range as (variable, range), without the variables' tiles.
    std::vector<std::pair<uint32_t, StepRange>> readLiveRanges() const;
    std::vector<VertexType> readVertexTypes() const;
    std::vector<ComputeSet> readComputeSets() const;
    // One compute set's vertices (by its primary key), for a page that shows one set at a time.
    std::vector<ComputeSetVertices> readComputeSetVertices(uint32_t computeSet) const;
    // One compute set with its vertices (by its primary key); none when the file has no such set.
    std::optional<ComputeSet> readComputeSet(uint32_t computeSet) const;
    std::vector<Exchange> readExchanges() const;
    // Compute sets, vertices and exchanges checked as their reads check them (but for the compute
    // sets' debug contexts), one row at a time.
    GraphDigest readGraphDigest() const;

    // Streamed reads for analyses that keep a few figures of a large table (Insights): one row in
    // memory at a time, each row they return checked as the part's read checks it (rows a filter
    // leaves out are not read, so not checked).
    struct TileRange {
        uint32_t first = 0;
        uint32_t end = 0; // one past the last tile
        static TileRange everyTile() { return { 0, UINT32_MAX }; }
        bool coversEveryTile() const { return first == 0 && end == UINT32_MAX; }
    };
    using VariableTileVisitor = std::function<void(uint32_t variable, uint32_t tile, uint32_t bytes)>;
    // vars_info's rows on the tiles of `ranges` (filtered inside SQLite), in the file's order.
    void forEachVariableTile(const std::vector<TileRange>& ranges, const VariableTileVisitor& visit) const;
    using VariableSizeVisitor
        = std::function<void(uint32_t variable, uint64_t sizeBytes, std::string_view elementType)>;
    // Every variable's size and element type, in id order.
    void forEachVariableSize(const VariableSizeVisitor& visit) const;
    // The variables with these ids, in that order, without tiles and live ranges.
    std::vector<Variable> readVariablesById(const std::vector<uint32_t>& ids) const;
    using ComputeSetVerticesVisitor
        = std::function<void(uint32_t computeSet, const ComputeSetVertices& vertices)>;
    // Every compute_set_vertices row, in the file's order.
    void forEachComputeSetVertices(const ComputeSetVerticesVisitor& visit) const;
    // Every program with its children (in range, no cycle), packed (what Report::programs() keeps).
    ProgramTable readProgramTable() const;
    // The same as a document holds them.
    std::vector<Program> readPrograms() const;
    // Each program's name by id (what names a step), ids checked; the programs' references are
    // not read, so not checked here (readProgramTable does).
    std::vector<std::string> readProgramNames() const;
    // The names of the programs `ids` (ascending, each once), in that order: one pass over the table, keeping
    // only those (the trace's waiting steps name a fraction of bench-huge's 416 k programs), packed.
    PackedNames readProgramNames(std::span<const uint32_t> ids) const;
    // Names, types and compute sets, every reference checked as readProgramTable checks it.
    ProgramLabels readProgramLabels() const;
    std::vector<uint32_t> readControlPrograms() const;
    std::vector<uint32_t> readFunctions() const;
    // The labels (without compute sets) and each program's first parent (program_index.hpp), the
    // children checked as readPrograms checks them (in range, no cycle); they are not kept.
    ProgramOutline readProgramOutline() const;
    std::vector<LivenessStep> readLivenessSteps() const;
    // The same, packed (what Report::liveness() keeps).
    LivenessStepColumns readLivenessStepColumns() const;
    std::vector<TileLiveness> readTileLiveness() const;
    std::vector<Run> readRuns() const;
    std::vector<ExecutionStep> readSteps(bool withCyclesByTile = true) const;
    // The steps packed, without per-tile cycles (what the execution trace holds).
    StepTable readStepTable() const;
    std::vector<DebugContext> readDebugContexts() const;
    std::vector<Operation> readOperations() const;
    OperationTable readOperationTable() const; // packed, for a report (Report::operations)
    // Variables per debug context, summed inside SQLite (the Operations report's variable memory
    // without loading every variable): one entry per context that has variables.
    struct ContextVariables {
        uint32_t context = 0;
        uint64_t bytes = 0;
        uint64_t count = 0;
    };
    std::vector<ContextVariables> readVariablesByDebugContext() const;
    // Each step's program and cycles, the columns read checked as readSteps checks them.
    StepCycles readStepCycles() const;
    // Every steps_by_ipu row's step, IPU and cycles, checked as readSteps checks them, in the file's
    // order (a streamed read: the Liveness report's cycles per program).
    using StepIpuVisitor = std::function<void(uint32_t step, uint32_t ipu, uint64_t cycles)>;
    void forEachStepIpu(const StepIpuVisitor& visit) const;

    // Per-tile cycles of the execution trace without holding them all (bench-large has 300 MB of
    // them): `visit(step, ipu, cycles)` for every cycles_by_tile row in step order, one row in memory
    // at a time; and one row on demand (empty when the step has no per-tile cycles on that IPU).
    // Both check the row's step, IPU and length, and that no tile runs longer than its step.
    using TileCyclesVisitor
        = void (*)(void* context, uint32_t step, uint32_t ipu, const std::vector<uint32_t>& cycles);
    void forEachTileCycles(const StepTable& steps, TileCyclesVisitor visit, void* context) const;
    std::vector<uint32_t> readTileCycles(const StepTable& steps, uint32_t step, uint32_t ipu) const;

    // The compiler's cycle estimates (format 1.2; docs/profile-format.md). A file without their
    // tables (1.0, 1.1) reads as one without rows. Every row is checked when read: its compute set,
    // program (an exchange or stream-copy phase), vertex entry and IPU in range, each key once, a
    // per-tile row 2 or 4 bytes per tile.
    bool hasEstimates() const; // any row in any of the three tables (a page each at most)
    CycleEstimates readEstimates() const;
    using EstimateVisitor = std::function<void(const EstimatedTileCycles& row)>;
    // Streamed, one row in memory at a time, in key order (a row per compute set and IPU: bench-large
    // has 22,400 of them).
    void forEachComputeSetEstimate(const EstimateVisitor& visit) const;
    void forEachProgramEstimate(const EstimateVisitor& visit) const;
    // One compute set's or program's rows, by IPU (by the primary key: a few pages).
    std::vector<EstimatedTileCycles> readComputeSetEstimates(uint32_t computeSet) const;
    std::vector<EstimatedTileCycles> readProgramEstimates(uint32_t program) const;
    std::vector<VertexEstimate> readVertexEstimates() const;

    // Programs' own control code by tile and the variables they use (format 1.3;
    // docs/profile-format.md). A file without their tables (before 1.3) reads as one without rows.
    // Every row is checked when read: program, IPU and variable in range, each key once, a run list
    // that covers the IPU's tiles exactly.
    bool hasProgramControlCode() const; // any row (a page at most)
    std::vector<ProgramControlCode> readProgramControlCode() const; // every row, in key order
    std::vector<ProgramControlCode> readProgramControlCode(uint32_t program) const; // by IPU
    bool hasProgramVariables() const;
    std::vector<ProgramVariable> readProgramVariables() const; // in key order

    // Aggregates computed inside SQLite, without loading the rows (for the Summary).
    uint64_t countRows(const char* table) const; // counted in the table
    bool hasRows(const char* table) const; // reads one page at most
    // The Summary's figures: stored when the profile was written (format 1.1), else counted. Shown
    // only, never used to size or index anything (a hostile file's figures are checked by `check`).
    uint64_t summaryRowCount(const char* table) const;
    // `check`: the figures stored when the profile was written against its tables; throws
    // CorruptProfile when one differs.
    void checkStoredCounts() const;
    uint64_t totalCycles() const; // execution span: latest step end - earliest start
    // Cycles of every step type (OnTileExecute, StreamCopyMid, ...) summed over steps and IPUs,
    // largest first.
    std::vector<std::pair<std::string, uint64_t>> cyclesByStepType() const;
    uint64_t countVertexInstances() const; // over all compute sets and tiles

    // Everything, for export and round-trip tests.
    ProfileDocument readDocument() const;

private:
    Profile(std::string path, std::unique_ptr<SqliteDatabase> db);
    void loadHeader();
    static std::unique_ptr<Profile> openRemote(const std::string& address);
    void checkSchemaAndLoadHeader();
    void checkKnownTable(const char* table) const;
    std::unique_ptr<SqliteDatabase> openSameFile() const; // openAgain's connection, or null
    bool pathNamesFileOpened() const;
    std::string m_path;
    // The local file opened (device, inode): a later connection must open this one.
    std::optional<std::pair<uint64_t, uint64_t>> m_fileIdentity;
    std::shared_ptr<remote::SftpFile> m_remoteFile;
    std::unique_ptr<SqliteDatabase> m_db;
    std::unique_ptr<StoredCounts> m_stored; // figures written with the profile (none before 1.1)
    int m_formatMajor = 0;
    int m_formatMinor = 0;
    Target m_target;
    ReportInfo m_info;
};

} // namespace popscope
