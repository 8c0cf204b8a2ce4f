#pragma once
// Per-tile bytes of the variables a user names: the Memory page's Variables graph (the query
// schema's variable_tiles table holds the same rows for SQL). Each entry is a variable's name or a pattern
// (`*` any run of characters, `?` one character); its series sums the variables it matches, tile by tile.
#include "popscope/variable_table.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

struct VariableTileSeries {
    std::string pattern; // as given
    uint64_t matched = 0; // variables whose name it matches
    uint64_t totalBytes = 0; // their bytes over every tile
    std::vector<uint32_t> bytesByTile; // per global tile
};

// Whether `name` matches `pattern` as a whole (`*` and `?`; no other character is special).
bool matchesNamePattern(std::string_view name, std::string_view pattern);

// One series per pattern, in the order given, over `numTiles` global tiles (tiles past it are
// left out). A variable two patterns match counts in both.
std::vector<VariableTileSeries> variableTileSeries(
    const VariableTable& variables, const std::vector<std::string>& patterns, uint32_t numTiles);

// The patterns of a comma-separated list ("a, b*"), each trimmed, empty ones dropped.
std::vector<std::string> splitVariablePatterns(std::string_view text);

} // namespace popscope
