#include "program_facts.hpp"

#include <algorithm>

namespace popscope::python {

ProgramFacts ProgramFacts::of(const Report& report)
{
    ProgramFacts facts;
    facts.m_report = &report;
    const Target& target = report.profile().target();
    facts.m_numTiles = uint32_t(target.numTiles());
    facts.m_tilesPerIpu = target.tilesPerIpu;
    facts.m_controlCode = report.profile().readProgramControlCode();
    facts.m_variables = report.profile().readProgramVariables();
    return facts;
}

std::vector<uint32_t> ProgramFacts::withDescendants(std::span<const uint32_t> programs) const
{
    const ProgramTable& table = m_report->programs();
    std::vector<uint8_t> seen(table.size(), 0);
    std::vector<uint32_t> out, todo(programs.begin(), programs.end());
    while (!todo.empty()) {
        const uint32_t p = todo.back();
        todo.pop_back();
        if (p >= table.size() || seen[p])
            continue;
        seen[p] = 1;
        out.push_back(p);
        for (uint32_t child : table[p].children)
            todo.push_back(child);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<uint64_t> ProgramFacts::controlCodeByTile(std::span<const uint32_t> programs) const
{
    std::vector<uint64_t> bytes(m_numTiles, 0);
    for (uint32_t p : withDescendants(programs)) {
        auto rows = std::equal_range(m_controlCode.begin(), m_controlCode.end(),
            ProgramControlCode { p, 0, {} },
            [](const ProgramControlCode& a, const ProgramControlCode& b) { return a.program < b.program; });
        for (auto row = rows.first; row != rows.second; ++row) {
            uint64_t tile = uint64_t(row->ipu) * m_tilesPerIpu; // runs cover the IPU: checked when read
            for (const TileRun& run : row->runs)
                for (uint32_t k = 0; k < run.tiles && tile < bytes.size(); ++k)
                    bytes[tile++] += run.bytes;
        }
    }
    return bytes;
}

std::vector<uint32_t> ProgramFacts::variablesOf(std::span<const uint32_t> programs) const
{
    std::vector<uint32_t> out;
    for (uint32_t p : withDescendants(programs)) {
        auto rows = std::equal_range(m_variables.begin(), m_variables.end(), ProgramVariable { p, 0 },
            [](const ProgramVariable& a, const ProgramVariable& b) { return a.program < b.program; });
        for (auto row = rows.first; row != rows.second; ++row)
            out.push_back(row->variable);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace popscope::python
