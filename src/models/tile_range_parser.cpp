#include "models/tile_range_parser.hpp"

#include <QRegularExpression>

#include <algorithm>

namespace popscope {

namespace {

bool parseNumber(const QString& text, uint32_t& out)
{
    if (text.isEmpty())
        return false;
    for (QChar c : text)
        if (!c.isDigit())
            return false;
    bool ok = false;
    const qulonglong v = text.toULongLong(&ok);
    if (!ok || v > UINT32_MAX)
        return false;
    out = uint32_t(v);
    return true;
}

} // namespace

TileRangeResult TileRangeParser::parse(const QString& text, uint32_t numTiles)
{
    TileRangeResult result;
    QString normalised = text;
    normalised.replace(QStringLiteral(".."), QStringLiteral("-"));
    normalised.replace(QChar(0x2013), QChar('-')); // en dash
    // Spaces around a dash belong to the range: "100 - 120".
    normalised.replace(QRegularExpression(QStringLiteral("\\s*-\\s*")), QStringLiteral("-"));
    const QStringList items =
        normalised.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    const QString lastTile = numTiles > 0 ? QString::number(numTiles - 1) : QStringLiteral("none");
    for (const QString& item : items) {
        const qsizetype dash = item.indexOf('-');
        uint32_t first = 0, last = 0;
        if (dash < 0) {
            if (!parseNumber(item, first)) {
                result.error = QStringLiteral("“%1” is not a tile number; type tiles like 0, 5, 100-120").arg(item);
                return {{}, result.error};
            }
            last = first;
        } else {
            if (!parseNumber(item.left(dash), first) || !parseNumber(item.mid(dash + 1), last)) {
                result.error = QStringLiteral("“%1” is not a tile range; write ranges as first-last, e.g. 100-120").arg(item);
                return {{}, result.error};
            }
            if (last < first) {
                result.error = QStringLiteral("Range “%1” runs backwards; write it as %2-%3").arg(item).arg(last).arg(first);
                return {{}, result.error};
            }
        }
        if (last >= numTiles) {
            result.error = QStringLiteral("Tile %1 does not exist: this report has tiles 0 to %2")
                               .arg(last >= numTiles && first < numTiles ? last : first)
                               .arg(lastTile);
            return {{}, result.error};
        }
        if (result.tiles.size() + (uint64_t(last) - first + 1) > numTiles * 2ull + 16)
            break; // cannot happen after the bounds check; keeps the loop bounded anyway
        for (uint64_t t = first; t <= last; ++t)
            result.tiles.push_back(uint32_t(t));
    }
    std::sort(result.tiles.begin(), result.tiles.end());
    result.tiles.erase(std::unique(result.tiles.begin(), result.tiles.end()), result.tiles.end());
    return result;
}

QString TileRangeParser::format(const std::vector<uint32_t>& tiles)
{
    QStringList parts;
    size_t i = 0;
    while (i < tiles.size()) {
        size_t j = i;
        while (j + 1 < tiles.size() && tiles[j + 1] == tiles[j] + 1)
            ++j;
        if (j == i)
            parts << QString::number(tiles[i]);
        else if (j == i + 1)
            parts << QString::number(tiles[i]) << QString::number(tiles[j]);
        else
            parts << QStringLiteral("%1-%2").arg(tiles[i]).arg(tiles[j]);
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace popscope
