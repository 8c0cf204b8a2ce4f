#pragma once
// A report's variable rows for the analyses that keep a few figures of them (Insights and its peak
// liveness): from the variables when the report holds them, else streamed from its file, so that a
// large report is read once, row by row, and never held. Internal to core.
#include "popscope/profile.hpp"

#include <cstdint>
#include <vector>

namespace popscope {

class Report;

namespace detail {

// How many variables the report has.
size_t variableCount(const Report& report);
// Every (variable, tile, bytes) row on the tiles of `ranges`, in the file's order when streamed.
void forEachVariableTile(const Report& report, const std::vector<Profile::TileRange>& ranges,
    const Profile::VariableTileVisitor& visit);
// Every variable's size and element type, in id order.
void forEachVariableSize(const Report& report, const Profile::VariableSizeVisitor& visit);
// The variables with these ids, in that order (tiles and live ranges only when held).
std::vector<Variable> variablesById(const Report& report, const std::vector<uint32_t>& ids);

} // namespace detail
} // namespace popscope
