#pragma once
// The in-memory model of one profile: everything a .pop file holds, as plain value types.
// The simulator and the JSON importer build one; ProfileWriter writes it; Profile reads it back.
// Mirrors the libpva object model (compilation / execution / operations).
#include "popscope/symbol.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace popscope {

inline constexpr int kFormatMajor = 1;
// 1.1: the Summary's counts in meta; 1.2: cycle estimates; 1.3: programs' control code and variables
inline constexpr int kFormatMinor = 3;
inline constexpr const char* kFormatName = "popscope-profile";

// Memory regions of a tile (libpva: nonInterleaved, interleaved, overflowed).
enum class MemoryRegion : uint8_t { NonInterleaved = 0, Interleaved = 1, Overflowed = 2 };
inline constexpr int kMemoryRegionCount = 3;

struct Target {
    std::string type = "IPU"; // "IPU" | "IPUModel" | "CPU" | "Unknown"
    std::string architecture = "Mk2"; // "Mk1" | "Mk2" | "Bow" | free text
    uint32_t numIpus = 1;
    uint32_t tilesPerIpu = 1472;
    uint64_t bytesPerTile = 638976;
    double clockHz = 1.33e9;
    uint32_t numReplicas = 1;
    uint32_t ipusPerReplica = 1;
    std::string computeInstrumentation = "Off"; // Off | Vertex | Tile | Ipu | Device
    std::string externalExchangeInstrumentation = "Off"; // Off | Tile
    bool operator==(const Target&) const = default;

    uint64_t numTiles() const { return uint64_t(numIpus) * tilesPerIpu; }
    uint64_t bytesPerIpu() const { return bytesPerTile * tilesPerIpu; }
    uint64_t totalMemory() const { return bytesPerIpu() * numIpus; }
};

struct ReportInfo {
    std::string poplarVersion; // e.g. "3.1.0 (a027fa0bd5)"
    std::string timestamp; // ISO 8601, free text
    std::string generator; // who wrote the file ("popscope-sim 0.1", "import", ...)
    std::vector<std::pair<std::string, std::string>> engineOptions; // in file order
    std::string frameworkJson; // framework.json contents, "" when absent
    std::string appJson; // app.json contents, "" when absent
    // The simulator's request (workload, parameters, target, seed) as JSON, "" when not simulated:
    // what File > Simulate Again With... starts from. Stored as the document named "simulation".
    std::string simulationSpecJson;
    uint64_t numEdges = 0; // graph statistic reported by the compiler
    bool operator==(const ReportInfo&) const = default;
};

// Bytes of one (category, region, overlap) on every tile of one IPU (dense, tilesPerIpu long).
struct MemorySeries {
    uint32_t ipu = 0;
    std::string category; // libpva category name, e.g. "vertexCode", "variable"
    MemoryRegion region = MemoryRegion::NonInterleaved;
    bool overlapped = false; // shares addresses with other data; NOT part of the tile total
    std::vector<uint32_t> bytesByTile;
    bool operator==(const MemorySeries&) const = default;
};

// Gap bytes (bank / region reservation) of one region on every tile of one IPU.
struct GapSeries {
    uint32_t ipu = 0;
    MemoryRegion region = MemoryRegion::NonInterleaved;
    std::vector<uint32_t> bytesByTile;
    bool operator==(const GapSeries&) const = default;
};

// Always-live vs not-always-live bytes on every tile of one IPU (liveness breakdown).
struct LivenessSplit {
    uint32_t ipu = 0;
    std::vector<uint32_t> alwaysLiveBytesByTile;
    std::vector<uint32_t> notAlwaysLiveBytesByTile;
    bool operator==(const LivenessSplit&) const = default;
};

struct TileBytes {
    uint32_t tile = 0; // global tile id: ipu * tilesPerIpu + tile in IPU
    uint32_t bytes = 0;
    bool operator==(const TileBytes&) const = default;
};

struct StepRange {
    uint32_t first = 0; // liveness program step index, inclusive
    uint32_t last = 0; // inclusive
    bool operator==(const StepRange&) const = default;
};

struct Variable {
    std::string name; // path-like, '/' separated ("layer1/conv/weights")
    Symbol category = variableCategory();
    Symbol elementType; // "float", "half", "int", "unsigned", "" when unknown
    uint64_t sizeBytes = 0;
    bool alwaysLive = false;
    int64_t debugContext = -1; // index into debugContexts, -1 none
    std::vector<TileBytes> tiles;
    std::vector<StepRange> liveRanges; // only for not-always-live variables
    bool operator==(const Variable&) const = default;
};

struct VertexType {
    std::string name; // codelet, e.g. "popops::HeapSortVertex<float>"
    uint32_t codeBytes = 0; // per tile that holds the codelet
    uint32_t stateBytes = 0; // per instance
    bool operator==(const VertexType&) const = default;
};

struct TileCount {
    uint32_t tile = 0;
    uint32_t count = 0;
    bool operator==(const TileCount&) const = default;
};

struct ComputeSetVertices {
    uint32_t vertexType = 0; // index into vertexTypes
    std::vector<TileCount> countByTile;
    bool operator==(const ComputeSetVertices&) const = default;
};

struct ComputeSet {
    std::string name;
    int64_t debugContext = -1;
    std::vector<ComputeSetVertices> vertices;
    bool operator==(const ComputeSet&) const = default;
};

struct Exchange {
    std::string name;
    std::string kind = "internal"; // "internal" | "host" | "global"
    uint64_t totalBytes = 0; // payload moved
    std::vector<TileBytes> codeBytesByTile;
    bool operator==(const Exchange&) const = default;
};

// Program types as libpva names them (pva.Program.Type plus tree rows).
struct Program {
    std::string type; // Sequence, Repeat, Call, OnTileExecute, DoExchange, GlobalExchange,
                      // StreamCopyBegin, StreamCopyMid, StreamCopyEnd, Sync, WriteUndef, ...
    std::string name;
    std::vector<uint32_t> children; // indexes into programs
    int64_t computeSet = -1; // OnTileExecute
    int64_t exchange = -1; // DoExchange / GlobalExchange / StreamCopy*
    int64_t debugContext = -1;
    uint32_t repeatCount = 0; // Repeat
    bool operator==(const Program&) const = default;
};

struct LivenessStep {
    uint32_t program = 0; // index into programs
    std::vector<uint64_t> notAlwaysLiveBytesByIpu; // numIpus long
    bool operator==(const LivenessStep&) const = default;
};

// Optional per-tile not-always-live bytes of one liveness step on one IPU.
struct TileLiveness {
    uint32_t step = 0;
    uint32_t ipu = 0;
    std::vector<uint32_t> bytesByTile;
    bool operator==(const TileLiveness&) const = default;
};

struct StepIpu {
    uint32_t ipu = 0;
    uint64_t cycles = 0; // step duration on this IPU
    uint32_t activeTiles = 0;
    uint64_t cyclesBase = 0; // cycle count at the start of the step on this IPU
    uint64_t activeCyclesFromMin = 0, activeCyclesFromMax = 0; // earliest/latest tile start
    uint64_t activeCyclesToMin = 0, activeCyclesToMax = 0; // earliest/latest tile end
    uint64_t dataIn = 0, dataOut = 0; // bytes
    std::vector<uint32_t> cyclesByTile; // active cycles per tile, tilesPerIpu long; empty = none
    bool operator==(const StepIpu&) const = default;
};

struct ExecutionStep {
    uint32_t run = 0;
    std::string type; // OnTileExecute, DoExchange, Sync, StreamCopyMid, ...
    uint32_t program = 0; // index into programs
    int64_t computeSet = -1;
    std::vector<StepIpu> ipus;
    bool operator==(const ExecutionStep&) const = default;
};

struct Run {
    std::string name;
    uint64_t microsecondsStart = 0, microsecondsEnd = 0;
    bool operator==(const Run&) const = default;
};

struct DebugContext {
    int64_t parent = -1;
    std::string layer; // "poptorch", "onnx", "popart", "poplar", ...
    std::string name;
    std::string json; // the layer's attributes
    bool operator==(const DebugContext&) const = default;
};

struct Operation {
    std::string name;
    std::string layer = "poplar"; // software layer it belongs to
    std::string debugName;
    int64_t debugContext = -1;
    std::vector<uint32_t> programs; // programs that implement it
    uint64_t flops = 0;
    uint64_t codeBytes = 0;
    uint64_t cycles = 0;
    bool operator==(const Operation&) const = default;
};

// The compiler's estimate of the cycles of the tiles of one IPU (format 1.2): for one execution of
// a compute set, or for an exchange program (DoExchange, GlobalExchange, StreamCopy phases). Only
// the run of tiles from the first with work to the last is kept (a layer's compute set runs on a
// few dozen of an IPU's 1,472 tiles); the IPU's other tiles are estimated at 0.
struct EstimatedTileCycles {
    uint32_t id = 0; // the compute set, or the program
    uint32_t ipu = 0;
    uint32_t firstTile = 0; // tile in the IPU of cycles[0]
    std::vector<uint32_t> cycles; // tiles firstTile, firstTile + 1, ...: at least one, within the IPU
    bool operator==(const EstimatedTileCycles&) const = default;
};

// The compiler's estimate of one vertex of a compute set's vertex entry (libpva vertex.estimatedCycles).
struct VertexEstimate {
    uint32_t computeSet = 0;
    uint32_t position = 0; // index into the compute set's vertices
    uint64_t cycles = 0;
    bool operator==(const VertexEstimate&) const = default;
};

// The compiler's cycle estimates beside the measured cycles (format 1.2). Each list is sorted by its
// key, (id, ipu) or (computeSet, position), each key once; files before 1.2 have none.
struct CycleEstimates {
    std::vector<EstimatedTileCycles> computeSets; // libpva computeSets[].estimatedCyclesByTile
    std::vector<VertexEstimate> vertices; // libpva computeSets[].vertices[].estimatedCycles
    std::vector<EstimatedTileCycles> programs; // libpva programs[].estimatedCyclesByTile (exchanges)
    bool empty() const { return computeSets.empty() && vertices.empty() && programs.empty(); }
    bool operator==(const CycleEstimates&) const = default;
};

// Consecutive tiles with the same value: a run list covers an IPU's tiles from its tile 0 in order.
struct TileRun {
    uint32_t tiles = 0; // at least 1
    uint32_t bytes = 0;
    bool operator==(const TileRun&) const = default;
};

// A program's own control code on the tiles of one IPU (format 1.3; libpva controlCodeByTile
// adds its descendants' to it). `runs` cover the IPU's tiles exactly.
struct ProgramControlCode {
    uint32_t program = 0;
    uint32_t ipu = 0;
    std::vector<TileRun> runs;
    bool operator==(const ProgramControlCode&) const = default;
};

// A variable a program reads or writes (format 1.3; libpva programs[].vars).
struct ProgramVariable {
    uint32_t program = 0;
    uint32_t variable = 0;
    bool operator==(const ProgramVariable&) const = default;
};

struct ProfileDocument {
    Target target;
    ReportInfo info;
    std::vector<uint32_t> physicalTileIds; // per global tile; empty = identity
    std::vector<uint32_t> ioTiles; // global tile ids reserved for I/O
    std::vector<MemorySeries> memory;
    std::vector<GapSeries> gaps;
    std::vector<LivenessSplit> liveness;
    std::vector<Variable> variables;
    std::vector<VertexType> vertexTypes;
    std::vector<ComputeSet> computeSets;
    std::vector<Exchange> exchanges;
    std::vector<Program> programs;
    std::vector<uint32_t> controlPrograms; // roots
    std::vector<uint32_t> functions;
    std::vector<LivenessStep> livenessSteps;
    std::vector<TileLiveness> tileLiveness;
    std::vector<Run> runs;
    std::vector<ExecutionStep> steps;
    std::vector<DebugContext> debugContexts;
    std::vector<Operation> operations;
    CycleEstimates estimates;
    // Format 1.3, each sorted by its key ((program, ipu), (program, variable)), each key once;
    // files before 1.3 have none.
    std::vector<ProgramControlCode> programControlCode;
    std::vector<ProgramVariable> programVariables;
    bool operator==(const ProfileDocument&) const = default;
};

const char* regionName(MemoryRegion region); // "nonInterleaved", ...
std::optional<MemoryRegion> regionFromName(const std::string& name);

} // namespace popscope
