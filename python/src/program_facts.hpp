#pragma once
// The programs' control code by tile and the variables they use (format 1.3) as libpva gives them
// per program: a program's figures are its own and those of every program below it in the tree
// (each counted once, though a function is called from several places).
#include "popscope/report.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace popscope::python {

class ProgramFacts {
public:
    // Reads the two tables whole (a few rows per leaf program); both may be empty.
    static ProgramFacts of(const Report& report);

    bool hasControlCode() const { return !m_controlCode.empty(); }
    bool hasVariables() const { return !m_variables.empty(); }
    // Control code of `programs` and the programs below them on every tile of the report.
    std::vector<uint64_t> controlCodeByTile(std::span<const uint32_t> programs) const;
    // Variables that `programs` or the programs below them use, ascending, each once.
    std::vector<uint32_t> variablesOf(std::span<const uint32_t> programs) const;

private:
    // `programs` and every program below them, each once.
    std::vector<uint32_t> withDescendants(std::span<const uint32_t> programs) const;

    const Report* m_report = nullptr;
    uint32_t m_numTiles = 0, m_tilesPerIpu = 0;
    std::vector<ProgramControlCode> m_controlCode; // in (program, ipu) order
    std::vector<ProgramVariable> m_variables; // in (program, variable) order
};

} // namespace popscope::python
