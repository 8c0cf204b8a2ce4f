#pragma once
// The tile selection box's parser: core's parseTileSelection / formatTileSelection with Qt strings.
#include <QString>

#include <cstdint>
#include <vector>

namespace popscope {

struct TileRangeResult {
    std::vector<uint32_t> tiles; // sorted, unique
    QString error; // empty when the text is valid
    bool ok() const { return error.isEmpty(); }
};

class TileRangeParser {
public:
    // Accepts numbers and ranges "a-b" (also "a..b") separated by commas, spaces or semicolons.
    // Every tile must be < numTiles. Empty text is a valid, empty selection.
    static TileRangeResult parse(const QString& text, uint32_t numTiles);
    // Sorted tiles -> "0, 5, 100-120".
    static QString format(const std::vector<uint32_t>& tiles);
};

} // namespace popscope
