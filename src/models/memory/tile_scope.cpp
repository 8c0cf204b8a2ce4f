#include "models/memory/tile_scope.hpp"

namespace popscope {

TileScope TileScope::fromSelection(const std::vector<uint32_t>& tiles, uint32_t numTiles)
{
    TileScope scope;
    if (tiles.empty())
        return scope;
    scope.mask.assign(numTiles, 0);
    for (uint32_t t : tiles)
        if (t < numTiles && !scope.mask[t]) {
            scope.mask[t] = 1;
            ++scope.selectedCount;
        }
    return scope;
}

QString bytesText(uint64_t bytes, MemoryUnit unit) { return QString::fromStdString(formatBytes(bytes, unit)); }
QString countText(uint64_t value) { return QString::fromStdString(formatCount(value)); }

} // namespace popscope
