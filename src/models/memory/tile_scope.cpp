#include "models/memory/tile_scope.hpp"

#include "popscope/plural.hpp"

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

QString bytesText(uint64_t bytes, MemoryUnit unit)
{
    return QString::fromStdString(formatBytes(bytes, unit));
}
QString countText(uint64_t value)
{
    return QString::fromStdString(formatCount(value));
}

QString countOfText(uint64_t count, const char* singular, const char* plural)
{
    return QString::fromStdString(countOf(count, singular, plural));
}

QString pluralText(uint64_t count, const char* singular, const char* plural)
{
    return QString::fromStdString(pluralWord(count, singular, plural));
}

} // namespace popscope
