#include "tile_costs.hpp"

#include "popscope/sim/cost_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace popscope::sim {

namespace {

constexpr uint32_t kCyclesPerRegion = 3; // per contiguous region an exchange copies (our estimate)
constexpr uint32_t kRemoteWaitCycles = 300; // Streaming Memory: no host to wait for (our estimate)

uint32_t clamp32(uint64_t v)
{
    return uint32_t(std::min<uint64_t>(v, std::numeric_limits<uint32_t>::max()));
}

} // namespace

uint64_t jitter(uint64_t value, uint32_t jitterPercent, uint64_t hash)
{
    if (jitterPercent == 0 || value == 0)
        return value;
    const uint64_t u = hash % 10000; // 1/10000 resolution
    return value + (value * jitterPercent * u) / 1000000;
}

uint64_t transferCycles(double bytes, double bytesPerCycle)
{
    const double cycles = std::ceil(bytes / bytesPerCycle);
    return cycles < double(kMaxRunCycles) ? uint64_t(cycles) : kMaxRunCycles + 1;
}

ComputeSetCycles::ComputeSetCycles(const TargetConfig& target)
    : m_target(target)
    , m_work(target.totalTiles(), 0)
    , m_super(target.totalTiles(), 0)
    , m_mark(target.totalTiles(), 0)
{
}

std::vector<IpuTileCycles> ComputeSetCycles::run(
    const ComputeSetDesc& cs, uint32_t index, std::optional<uint64_t> seed)
{
    std::vector<uint32_t> touched;
    for (size_t gi = 0; gi < cs.groups.size(); ++gi) {
        const auto& g = cs.groups[gi];
        const TileCost cost = vertexGroupCost(m_target, g.cost, g.perTile);
        const uint32_t percent = seed ? g.jitterPercent : 0;
        for (const auto& span : g.tiles.spans) {
            for (uint32_t k = 0; k < span.count; ++k) {
                const uint32_t t = span.first + k * span.stride;
                const uint64_t h = percent ? mixHash(*seed, index, gi, t) : 0;
                if (!m_mark[t]) {
                    m_mark[t] = 1;
                    touched.push_back(t);
                }
                m_super[t] += jitter(cost.supervisorCycles, percent, h);
                m_work[t] += jitter(cost.workerCycles, percent, h >> 20);
            }
        }
    }
    std::sort(touched.begin(), touched.end());
    const uint32_t tpi = m_target.tilesPerIpu;
    std::vector<IpuTileCycles> out;
    for (const uint32_t t : touched) {
        if (out.empty() || out.back().ipu != t / tpi)
            out.push_back({ t / tpi, std::vector<uint32_t>(tpi, 0), 0, 0 });
        IpuTileCycles& ipu = out.back();
        const uint64_t c = m_super[t] + uint64_t(m_target.workers) * m_work[t];
        ipu.cycles[t - ipu.ipu * tpi] = clamp32(std::max<uint64_t>(c, 1));
        ipu.slowest = std::max(ipu.slowest, c);
        m_super[t] = m_work[t] = 0;
        m_mark[t] = 0;
    }
    return out;
}

uint64_t exchangeOverhead(const TargetConfig& target, const ExchangeDesc& ex)
{
    const uint64_t rounds = ex.kind == ExchangeKind::Global ? std::max<uint32_t>(1, ex.ringSteps) : 1;
    return rounds * target.exchangeOverheadCycles;
}

std::vector<IpuTileCycles> exchangeTileCycles(
    const TargetConfig& target, const ExchangeDesc& ex, uint32_t index, std::optional<uint64_t> seed)
{
    const uint32_t tpi = target.tilesPerIpu;
    const uint64_t overhead = exchangeOverhead(target, ex);
    const uint32_t percent = seed ? ex.jitterPercent : 0;
    std::map<uint32_t, IpuTileCycles> byIpu;
    for (const auto& span : ex.tiles.spans) {
        for (uint32_t k = 0; k < span.count; ++k) {
            const uint32_t t = span.first + k * span.stride;
            IpuTileCycles& ipu = byIpu[t / tpi];
            if (ipu.cycles.empty()) {
                ipu.ipu = t / tpi;
                ipu.cycles.assign(tpi, 0);
            }
            const uint64_t bytes
                = jitter(ex.bytesPerTile, percent, percent ? mixHash(*seed, 0x45, index, t) : 0);
            ipu.bytes += bytes;
            ipu.cycles[t - ipu.ipu * tpi] = clamp32(
                overhead + exchangeCycles(target, bytes) + uint64_t(kCyclesPerRegion) * ex.regionsPerTile);
        }
    }
    std::vector<IpuTileCycles> out;
    for (auto& [ipu, tiles] : byIpu) {
        tiles.slowest = *std::max_element(tiles.cycles.begin(), tiles.cycles.end());
        out.push_back(std::move(tiles));
    }
    return out;
}

std::map<uint32_t, std::vector<uint32_t>> streamCopyTiles(
    const TargetConfig& target, const StreamCopyDesc& sc)
{
    const uint32_t tpi = target.tilesPerIpu;
    std::map<uint32_t, std::vector<uint32_t>> tilesByIpu;
    for (const auto& span : sc.tiles.spans)
        for (uint32_t k = 0; k < span.count; ++k) {
            const uint32_t t = span.first + k * span.stride;
            tilesByIpu[t / tpi].push_back(t - (t / tpi) * tpi);
        }
    return tilesByIpu;
}

uint64_t streamCopyMidCycles(const TargetConfig& target, const StreamCopyDesc& sc, uint64_t tiles)
{
    return target.streamCopyMidOverheadCycles
        + std::max<uint64_t>(exchangeCycles(target, sc.bytesPerTile),
            transferCycles(double(sc.bytesPerTile * tiles), target.hostBytesPerCycle()));
}

uint64_t streamCopyBeginCycles(const TargetConfig& target, const StreamCopyDesc& sc)
{
    return sc.hostWaitCycles >= 0 ? uint64_t(sc.hostWaitCycles)
        : sc.remote               ? kRemoteWaitCycles
                                  : target.hostWaitCycles;
}

uint64_t streamCopyEndCycles(const TargetConfig& target, const StreamCopyDesc& sc)
{
    return sc.hostFinishCycles >= 0 ? uint64_t(sc.hostFinishCycles)
        : sc.remote                 ? kRemoteWaitCycles
                                    : target.hostFinishCycles;
}

} // namespace popscope::sim
