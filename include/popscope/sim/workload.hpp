#pragma once
// The workload description: what the BSP executor runs. Generators build one in memory; a JSON
// spec can describe one by hand (docs/simulator.md). Indexes refer into the Workload's vectors.
#include "popscope/profile_document.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace popscope::sim {

// A run of global tile ids: first, first + stride, ... (count tiles).
struct TileSpan {
    uint32_t first = 0;
    uint32_t count = 0;
    uint32_t stride = 1;
    bool operator==(const TileSpan&) const = default;
};

struct TileSet {
    std::vector<TileSpan> spans;

    static TileSet range(uint32_t first, uint32_t count, uint32_t stride = 1);
    static TileSet single(uint32_t tile) { return range(tile, 1); }
    static TileSet list(const std::vector<uint32_t>& tiles); // compresses consecutive runs
    void add(uint32_t first, uint32_t count, uint32_t stride = 1);
    uint64_t size() const;
    std::vector<uint32_t> expand() const; // in span order
    bool empty() const { return size() == 0; }
};

// Vertex cost models (ipu.md §4). Cycles are tile cycles unless said otherwise.
enum class CostKind {
    Fixed, // worker vertex of `cycles` worker cycles; dealt round-robin over the workers
    Elementwise, // worker vertex: 20 + cyclesPerElement x elements worker cycles
    HeapSort, // HeapSortVertex: 8 (16 key-value) x (19 n floor(log2 n) + 6 n + 2), n = elements
    CompareAndSwap, // supervisor: 19 + 6 x max_w(40 + 17 wl + 13 e + 13 loops), e = comparisons/worker
    MatMul, // flat AMP-rate supervisor (hand-written specs): 30 + flops / (flopsPerCycle x efficiency)
    Copy, // on-tile copy supervisor: 288 + bytes / memcpyBytesPerCycle (elements = bytes)
    ConvPartial, // poplin conv / matmul supervisor vertex of `cycles` tile cycles, planned by
                 // planConvolution from poplibs' estimators (conv_planner.hpp)
};

struct VertexCost {
    CostKind kind = CostKind::Fixed;
    uint64_t cycles = 0; // Fixed (worker cycles), ConvPartial (tile cycles)
    uint64_t elements = 0; // Elementwise, HeapSort n, CompareAndSwap comparisons per tile, Copy bytes
    uint32_t cyclesPerElement = 1; // Elementwise
    bool keyValue = false; // HeapSort
    uint64_t distance = 1; // CompareAndSwap: compare i with i + distance
    uint64_t orderChange = 0; // CompareAndSwap: flip direction every this many comparisons (0 never)
    uint64_t flops = 0; // MatMul, per vertex
    bool half = true; // MatMul: FP16 (AMP 128/cycle on Mk2) or FP32
    uint32_t efficiencyPercent = 100; // MatMul: share of peak reached
};

struct VertexTypeDesc {
    std::string name; // codelet, e.g. "popops::HeapSortVertex<float>"
    uint32_t codeBytes = 0; // per tile that runs it at least once
    uint32_t stateBytes = 0; // per instance (vertexInstanceState)
    uint32_t fieldBytes = 0; // per instance (vertexFieldData)
    uint32_t descriptorBytes = 0; // per instance, in descriptorCategory
    std::string descriptorCategory = "vectorListDescriptor";
};

// `perTile` instances of one vertex type on every tile of `tiles`.
struct VertexGroup {
    uint32_t vertexType = 0;
    TileSet tiles;
    uint32_t perTile = 1;
    VertexCost cost;
    uint32_t jitterPercent = 0; // per-tile cycles scaled by 1 + jitter x u, u in [0,1) (seeded)
};

struct ComputeSetDesc {
    std::string name;
    int64_t debugContext = -1;
    std::vector<VertexGroup> groups;
    uint64_t flops = 0; // estimate for the Operations report
    std::vector<uint32_t> reads; // variables used (live ranges come from uses)
    std::vector<uint32_t> writes;
};

enum class ExchangeKind { Internal, Global };

struct ExchangeDesc {
    std::string name;
    ExchangeKind kind = ExchangeKind::Internal;
    int64_t debugContext = -1;
    TileSet tiles; // receiving tiles
    uint64_t bytesPerTile = 0; // received by each tile
    uint32_t regionsPerTile = 1; // contiguous regions per tile (strided copies need many)
    uint32_t codeBytesPerTile = 0; // 0 = 24 + 8 x regionsPerTile (+ 16 per ring step, global)
    uint32_t ringSteps = 0; // global: collective steps (all-reduce over R replicas: 2(R-1))
    uint32_t jitterPercent = 0;
    std::vector<uint32_t> reads, writes;
};

struct StreamCopyDesc {
    std::string name;
    bool toDevice = true; // host -> IPU (else IPU -> host)
    bool remote = false; // remote buffer in Streaming Memory instead of a host stream
    bool overlap = false; // runs on I/O tiles concurrently with the following compute
    int64_t debugContext = -1;
    TileSet tiles; // tiles that receive or send the data
    uint64_t bytesPerTile = 0;
    int64_t hostWaitCycles = -1; // StreamCopyBegin; -1 = target default
    int64_t hostFinishCycles = -1; // StreamCopyEnd; -1 = target default
    uint32_t codeBytesPerTile = 0; // 0 = 32 + bytesPerTile / 256 (hostExchangeCode)
    std::vector<uint32_t> reads, writes;
};

struct VariableDesc {
    std::string name; // path-like, "layer1/conv/weights"
    std::string category = "variable";
    std::string elementType = "float";
    uint32_t elementBytes = 4;
    uint64_t elements = 0;
    bool alwaysLive = true;
    MemoryRegion region = MemoryRegion::NonInterleaved;
    int64_t debugContext = -1;
    TileSet tiles; // elements spread evenly (first tiles get the remainder)
    // 0: even split. N: tile i gets a share weighted by 1 + N% x s_i, s_i in [-1, 1] from a hash of
    // the tile (60 %) and of the variable and tile (40 %): uneven splits, correlated hot tiles.
    uint32_t unevenPercent = 0;
};

enum class ProgramKind { Sequence, Repeat, Execute, DoExchange, StreamCopy, Sync, Call };
enum class SyncKind { Internal, External, Global };

struct ProgramDesc {
    ProgramKind kind = ProgramKind::Sequence;
    std::string name;
    std::vector<uint32_t> children; // Sequence; Repeat: its body (run in order)
    int64_t ref = -1; // compute set / exchange / stream copy / function index
    uint32_t repeatCount = 1;
    SyncKind sync = SyncKind::Internal;
    std::vector<uint32_t> ipus; // Sync: IPUs taking part (empty = all)
    int64_t debugContext = -1;
};

struct RunDesc {
    std::string name;
    uint32_t controlProgram = 0; // index into Workload::controlPrograms
};

struct OperationDesc {
    std::string name;
    std::string layer = "poplar";
    std::string debugName;
    int64_t debugContext = -1;
    uint64_t flops = 0; // 0 = sum of its compute sets' flops
    std::vector<uint32_t> computeSets, exchanges, streamCopies;
};

struct Workload {
    std::string name;
    std::vector<DebugContext> debugContexts;
    std::vector<VertexTypeDesc> vertexTypes;
    std::vector<VariableDesc> variables;
    std::vector<ComputeSetDesc> computeSets;
    std::vector<ExchangeDesc> exchanges;
    std::vector<StreamCopyDesc> streamCopies;
    std::vector<ProgramDesc> programs;
    std::vector<uint32_t> controlPrograms; // roots, in order
    std::vector<uint32_t> functions; // roots called by Call programs
    std::vector<RunDesc> runs; // empty = one run per control program
    std::vector<OperationDesc> operations;
    // Fixed per-tile costs (our estimates; docs/simulator.md).
    uint32_t stackBytesPerTile = 1536; // 6 worker stacks + supervisor stack
    uint32_t controlCodeBytesPerTile = 2048; // control program skeleton on every tile
    uint32_t controlCodeBytesPerStep = 8; // per program step on every tile of the IPUs it uses
    uint32_t controlIdBytesPerTile = 64;
    // Placement gap per tile holding variables: 0 .. this many bytes (hash of the tile; the
    // allocator cannot pack across memory-element boundaries, our estimate).
    uint32_t placementGapBytesPerTile = 4096;
    std::vector<std::pair<std::string, std::string>> engineOptions;
    std::string frameworkJson;
    std::string appJson;
    std::string timestamp; // ReportInfo::timestamp unless the spec gives one ("" = none)

    // "" when every index is in range and every name unique where needed, else the problem.
    std::string validate(uint32_t totalTiles) const;
};

} // namespace popscope::sim
