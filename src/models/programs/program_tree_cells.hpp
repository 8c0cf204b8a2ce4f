#pragma once
// What each cell of the program tree shows: a program row's figures as text, sort numbers,
// tooltips and colours, and the column headers. The cycles are measured, or, for reports captured
// without execution, the compiler's estimates, labelled as such.
#include "popscope/program_table.hpp"
#include "popscope/row_match.hpp"

#include <QVariant>

#include <cstdint>

namespace popscope {

// Where the Cycles, Share and compare columns take their cycles from.
enum class CycleBasis { Measured, Estimated };

// One program row's figures: its steps and cycles, the compiler's estimate beside them, and in
// compare mode the target's cycles.
struct ProgramRowFigures {
    uint64_t steps = 0;
    uint64_t cycles = 0; // on the basis
    bool hasEstimate = false; // the Estimated column applies (measured basis, estimates present)
    uint64_t estimated = 0;
    uint64_t target = 0;
    bool inTarget = false;
    SignedDiff diff;
};

QVariant programCellText(const ProgramRow& p, int column, const ProgramRowFigures& f, uint64_t rootCycles);
QVariant programCellSortNumber(int column, const ProgramRowFigures& f); // invalid: sort by text
QVariant programCellToolTip(const ProgramRow& p, int column, const ProgramRowFigures& f, CycleBasis basis);
QVariant programCellForeground(const ProgramRow& p, int column, const ProgramRowFigures& f);
QVariant programColumnHeader(int section, int role, bool comparing, CycleBasis basis);

} // namespace popscope
