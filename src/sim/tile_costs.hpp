#pragma once
// The cost model's cycles of each tile in a compute set, an exchange or a stream copy: what the
// BSP executor runs (adding each tile's seeded jitter) and what the compiler's estimates record
// (the figures as they are), computed by the same functions so the two cannot drift apart.
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace popscope::sim {

// What a profile records at most (docs/profile-format.md); transfers past it saturate one above.
constexpr uint64_t kMaxRunCycles = uint64_t(1) << 48;

// Scales `value` by 1 + jitterPercent/100 x u, u in [0, 1) from the hash: never below `value`.
uint64_t jitter(uint64_t value, uint32_t jitterPercent, uint64_t hash);
// Cycles of a transfer at a rate, rounded up; kMaxRunCycles + 1 past the limit (a double beyond
// 2^64 has no uint64_t value), which the executor reports as a run too long.
uint64_t transferCycles(double bytes, double bytesPerCycle);

// One IPU's tiles in a superstep.
struct IpuTileCycles {
    uint32_t ipu = 0;
    std::vector<uint32_t> cycles; // tilesPerIpu long, 0 on the tiles without work (capped at 2^32 - 1)
    uint64_t slowest = 0; // the slowest tile's cycles
    uint64_t bytes = 0; // exchanges: the bytes its tiles receive
};

// One execution of a compute set, tile by tile: each tile's vertex groups add their supervisor
// cycles and their busiest worker's (vertexGroupCost); the tile takes supervisor + workers x
// worker cycles, at least 1. Keeps per-tile scratch between compute sets.
class ComputeSetCycles {
public:
    explicit ComputeSetCycles(const TargetConfig& target);
    // The IPUs compute set `index` runs on, ascending. With a seed every group's figures on every
    // tile get the group's jitter (the executor); without, they are the cost model's (the estimate).
    std::vector<IpuTileCycles> run(const ComputeSetDesc& cs, uint32_t index, std::optional<uint64_t> seed);

private:
    const TargetConfig& m_target;
    std::vector<uint64_t> m_work; // per global tile: its busiest worker's cycles
    std::vector<uint64_t> m_super; // per global tile: supervisor cycles
    std::vector<uint8_t> m_mark; // per global tile: touched by the compute set
};

// An exchange's receiving tiles by IPU, ascending: rounds x the exchange overhead, the bytes at
// the exchange rate and a few cycles per region. With a seed each tile's bytes get the jitter;
// without, every tile receives bytesPerTile.
std::vector<IpuTileCycles> exchangeTileCycles(
    const TargetConfig& target, const ExchangeDesc& ex, uint32_t index, std::optional<uint64_t> seed);
// rounds x exchangeOverheadCycles: what a global exchange's IPU-Link bound adds to its bytes.
uint64_t exchangeOverhead(const TargetConfig& target, const ExchangeDesc& ex);

// A stream copy's tiles (tile in its IPU) by IPU.
std::map<uint32_t, std::vector<uint32_t>> streamCopyTiles(
    const TargetConfig& target, const StreamCopyDesc& sc);
// The Mid phase on an IPU whose `tiles` tiles copy: overhead + the slower of the tile's exchange
// and the IPU's share of the host link.
uint64_t streamCopyMidCycles(const TargetConfig& target, const StreamCopyDesc& sc, uint64_t tiles);
// The host's part of the Begin (waiting for the host) and End (waiting for it to finish) phases.
uint64_t streamCopyBeginCycles(const TargetConfig& target, const StreamCopyDesc& sc);
uint64_t streamCopyEndCycles(const TargetConfig& target, const StreamCopyDesc& sc);

} // namespace popscope::sim
