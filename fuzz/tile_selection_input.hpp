#pragma once
// Fuzz target: the tile selection parser (the tile box, --select). The first two bytes choose the
// report's tile count (up to 65,536, one IPU's worth: enough to reach every branch while keeping
// executions fast), the rest is the typed text. A valid selection must be sorted, unique, inside
// the report and survive format → parse; a refused one must say why, briefly, and select nothing.
#include "fuzz_support.hpp"

#include "popscope/tile_selection.hpp"

#include <cstdlib>

namespace popscope::fuzz {

inline int tileSelectionInput(const uint8_t* data, size_t size)
{
    if (size < 2)
        return 0;
    const uint32_t numTiles = uint32_t(data[0]) | uint32_t(data[1]) << 8; // 0..65535
    const std::string_view text = fuzz::asText(data + 2, size - 2);
    const TileSelection selection = parseTileSelection(text, numTiles);
    if (!selection.ok()) {
        if (!selection.tiles.empty() || selection.error.size() > 200)
            std::abort();
        return 0;
    }
    for (size_t i = 0; i < selection.tiles.size(); ++i)
        if (selection.tiles[i] >= numTiles || (i > 0 && selection.tiles[i] <= selection.tiles[i - 1]))
            std::abort();
    if (parseTileSelection(formatTileSelection(selection.tiles), numTiles).tiles != selection.tiles)
        std::abort();
    return 0;
}

} // namespace popscope::fuzz
