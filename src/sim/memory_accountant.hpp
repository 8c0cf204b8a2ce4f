#pragma once
// Memory per tile by category, variables' placement and live ranges, and liveness per program
// step. Not-always-live variables share addresses: a tile holds the peak of their live bytes over
// the program steps; the rest of their bytes are reported as overlapped (docs/simulator.md).
#include "popscope/profile_document.hpp"
#include "popscope/sim/target_config.hpp"
#include "popscope/sim/workload.hpp"
#include "program_layout.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace popscope::sim {

class MemoryAccountant {
public:
    MemoryAccountant(const Workload& workload, const TargetConfig& target, const ProgramLayout& layout);

    // Fills memory, gaps, liveness split, variables, liveness steps, vertex types, compute sets
    // and the exchanges' code bytes of `doc` (whose exchanges ProgramLayout has already emitted).
    void emit(ProfileDocument& doc);

    // Called now and then from the long loops; it throws to stop (a cancel).
    void setCheckpoint(std::function<void()> checkpoint) { m_checkpoint = std::move(checkpoint); }

    uint64_t computeSetCodeBytes(uint32_t computeSet) const { return m_computeSetCode[computeSet]; }
    struct VariableScratch;
    uint64_t exchangeCodeBytes(uint32_t docExchange) const { return m_exchangeCode[docExchange]; }

private:
    size_t categoryIndex(const std::string& name);
    void add(size_t category, uint32_t tile, uint64_t bytes) { m_bytes[category][tile] += bytes; }
    void accountVertices(ProfileDocument& doc);
    ComputeSetVertices placeVertices(
        size_t computeSet, uint32_t type, std::vector<std::vector<uint8_t>>& typeOnTile);
    void accountExchanges(ProfileDocument& doc);
    void accountControl();
    void accountVariables(ProfileDocument& doc);
    void findLiveSpans(VariableScratch& s) const;
    Variable placeVariable(size_t variable, VariableScratch& s);
    void placeOnTile(size_t variable, uint32_t tile, uint64_t bytes, size_t category, size_t notAlwaysLiveRow,
        VariableScratch& s, Variable& out);
    void holdPeaks(VariableScratch& s);
    void emitLivenessSteps(const VariableScratch& s, ProfileDocument& doc) const;
    void emitSeries(ProfileDocument& doc) const;

    const Workload& m_workload;
    const TargetConfig& m_target;
    const ProgramLayout& m_layout;
    uint32_t m_numTiles = 0;
    std::vector<std::string> m_categories;
    std::vector<std::vector<uint64_t>> m_bytes; // [category][tile], not overlapped
    std::vector<std::vector<uint64_t>> m_overlapped; // [category][tile]
    std::vector<std::vector<uint64_t>> m_interleaved; // [category][tile], subset of m_bytes
    std::vector<uint64_t> m_gaps; // per tile (alignment padding)
    std::vector<uint64_t> m_peakNotAlwaysLive; // per tile
    std::vector<uint64_t> m_computeSetCode;
    std::vector<uint64_t> m_exchangeCode;
    std::function<void()> m_checkpoint;
};

// Spreads `elements` over `tiles` evenly, the first tiles taking the remainder.
inline uint64_t elementsOnTile(uint64_t elements, uint64_t numTiles, uint64_t index)
{
    const uint64_t base = elements / numTiles, rem = elements % numTiles;
    return base + (index < rem ? 1 : 0);
}

// Splits `elements` over `tiles` (in order): evenly when unevenPercent is 0, else weighted by
// 1 + unevenPercent% x s_i (VariableDesc::unevenPercent). Always sums to `elements`.
void splitElements(uint64_t elements, const std::vector<uint32_t>& tiles, uint32_t unevenPercent,
    uint64_t variable, std::vector<uint64_t>& out);

} // namespace popscope::sim
