#pragma once
// Simulated IPU targets: Mk1, Mk2 and Bow presets with the parameters of
// shared/reference/ipu.md §9, every field overridable.
#include <cstdint>
#include <string>
#include <vector>

namespace popscope::sim {

struct TargetConfig {
    std::string architecture = "Mk2"; // "Mk1" | "Mk2" | "Bow"
    uint32_t numIpus = 1; // IPUs per replica (the IPUs the profile describes)
    uint32_t replicas = 1; // data-parallel replicas (identical copies)
    uint32_t tilesPerIpu = 1472;
    uint64_t bytesPerTile = 638976; // 624 KiB
    double clockHz = 1.33e9;
    uint32_t workers = 6; // worker contexts per tile (+1 supervisor)
    uint32_t exchangeBytesPerCycle = 4; // per tile, on-chip exchange
    uint32_t internalSyncCycles = 90; // poplibs CTCLossPlan syncCycles
    uint32_t exchangeOverheadCycles = 100; // small-exchange fixed overhead
    double globalSyncSecondsPerHop = 15e-9; // poplibs setGlobalSyncLatency: 2 x 15 ns x hops
    double ipuLinkBytesPerSecond = 128.0 * 1073741824.0 / 8.0 * 0.85; // per link, IPUModel
    uint32_t ipuLinksPerTransfer = 2; // links used by one IPU's global exchange ("2 up")
    double hostBytesPerSecond = 16e9; // per IPU, host / Streaming Memory link (our estimate)
    uint32_t streamCopyMidOverheadCycles = 500; // our estimate
    uint32_t hostWaitCycles = 12000; // StreamCopyBegin when the host is not ready (rough)
    uint32_t hostFinishCycles = 2000; // StreamCopyEnd (rough)
    uint32_t flopsPerCycleHalf = 128; // per tile, FP16 with FP32 accumulate (AMP)
    uint32_t flopsPerCycleFloat = 32;
    uint32_t memcpyBytesPerCycle = 8;
    uint32_t ioTilesPerIpu = 0; // tiles reserved for host I/O (even, allocated in pairs)

    // Mk1 | Mk2 | Bow (case-insensitive); throws ProfileError(InvalidInput) otherwise.
    static TargetConfig preset(const std::string& name);
    static std::vector<std::string> presetNames();

    uint32_t totalTiles() const { return numIpus * tilesPerIpu; }
    uint32_t totalIpus() const { return numIpus * replicas; }
    // 2 x 15 ns x (1 + floor(ipus / 4)) x clock, rounded up (ipu.md §3).
    uint64_t globalSyncCycles(uint32_t ipus) const;
    double ipuLinkBytesPerCycle() const;
    double hostBytesPerCycle() const;
    // Global ids of the I/O tiles: pairs spread evenly over each IPU (ipu.md §4).
    std::vector<uint32_t> ioTiles() const;
    // Global ids of the tiles left for compute on one IPU (all tiles minus its I/O tiles).
    std::vector<uint32_t> computeTiles(uint32_t ipu) const;
    // "" when consistent, else the problem (e.g. odd I/O tile count).
    std::string validate() const;
};

// Applies "field=value" (field names as in TargetConfig, e.g. clockHz, tilesPerIpu);
// throws ProfileError(InvalidInput) naming `source` and the field.
void setTargetField(
    TargetConfig& target, const std::string& field, const std::string& value, const std::string& source);
std::vector<std::string> targetFieldNames();
// The field's value as text that setTargetField reads back ("" for an unknown field).
std::string targetFieldText(const TargetConfig& target, const std::string& field);

} // namespace popscope::sim
