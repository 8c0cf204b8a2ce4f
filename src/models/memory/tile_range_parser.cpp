#include "models/memory/tile_range_parser.hpp"

#include "popscope/tile_selection.hpp"

namespace popscope {

TileRangeResult TileRangeParser::parse(const QString& text, uint32_t numTiles)
{
    TileSelection selection = parseTileSelection(text.toStdString(), numTiles);
    return { std::move(selection.tiles), QString::fromStdString(selection.error) };
}

QString TileRangeParser::format(const std::vector<uint32_t>& tiles)
{
    return QString::fromStdString(formatTileSelection(tiles));
}

} // namespace popscope
