#pragma once
// Helpers for the simulator tests: run a generator, measure a document.
#include "popscope/profile_document.hpp"
#include "popscope/sim/generators.hpp"
#include "popscope/sim/simulator.hpp"

#include <map>
#include <string>
#include <vector>

namespace simtest {

inline popscope::ProfileDocument simulate(const std::string& workload,
    std::map<std::string, std::string> params = {}, uint64_t seed = 1, const std::string& target = "Mk2")
{
    popscope::sim::SimulationSpec spec;
    spec.workload = workload;
    spec.params = std::move(params);
    spec.seed = seed;
    spec.target = target;
    spec.source = "test";
    return popscope::sim::simulateSpec(spec);
}

// Wall-clock length of the execution: the latest end of any step on any IPU.
inline uint64_t span(const popscope::ProfileDocument& doc)
{
    uint64_t end = 0;
    for (const auto& s : doc.steps)
        for (const auto& i : s.ipus)
            end = std::max(end, i.cyclesBase + i.cycles);
    return end;
}

inline uint64_t cyclesOfType(const popscope::ProfileDocument& doc, const std::string& type)
{
    uint64_t total = 0;
    for (const auto& s : doc.steps)
        if (s.type == type)
            for (const auto& i : s.ipus)
                total += i.cycles;
    return total;
}

// Per global tile: bytes of one category (non-overlapped).
inline std::vector<uint64_t> categoryBytes(const popscope::ProfileDocument& doc, const std::string& category)
{
    std::vector<uint64_t> out(doc.target.numTiles(), 0);
    for (const auto& m : doc.memory)
        if (m.category == category && !m.overlapped)
            for (size_t t = 0; t < m.bytesByTile.size(); ++t)
                out[m.ipu * doc.target.tilesPerIpu + t] += m.bytesByTile[t];
    return out;
}

// Per global tile: total including gaps.
inline std::vector<uint64_t> tileTotals(const popscope::ProfileDocument& doc)
{
    std::vector<uint64_t> out(doc.target.numTiles(), 0);
    for (const auto& m : doc.memory)
        if (!m.overlapped)
            for (size_t t = 0; t < m.bytesByTile.size(); ++t)
                out[m.ipu * doc.target.tilesPerIpu + t] += m.bytesByTile[t];
    for (const auto& g : doc.gaps)
        for (size_t t = 0; t < g.bytesByTile.size(); ++t)
            out[g.ipu * doc.target.tilesPerIpu + t] += g.bytesByTile[t];
    return out;
}

inline uint64_t sum(const std::vector<uint64_t>& v)
{
    uint64_t s = 0;
    for (uint64_t x : v)
        s += x;
    return s;
}

inline uint64_t maxOf(const std::vector<uint64_t>& v)
{
    uint64_t m = 0;
    for (uint64_t x : v)
        m = std::max(m, x);
    return m;
}

} // namespace simtest
