#pragma once
// A typed tile selection such as "0, 5, 100-120" parsed into sorted unique global tile ids, and a
// selection formatted back into that compact form. Qt-free, so the CLI, the GUI's tile box and
// `--select` share it, and a fuzz target covers it (the text is typed or scripted by people).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace popscope {

struct TileSelection {
    std::vector<uint32_t> tiles; // sorted, unique, each < numTiles
    std::string error; // empty when the text is valid; then names the bad item
    bool ok() const { return error.empty(); }
};

// Accepts numbers and ranges "a-b" (also "a..b", "a–b", "a - b") separated by commas, spaces or
// semicolons. Every tile must be < numTiles. Empty text is a valid, empty selection. Memory and
// time are bounded by numTiles and the text's length, whatever the text repeats.
TileSelection parseTileSelection(std::string_view text, uint32_t numTiles);

// Sorted tiles -> "0, 5, 100-120" (two neighbours stay "1, 2").
std::string formatTileSelection(const std::vector<uint32_t>& tiles);

} // namespace popscope
