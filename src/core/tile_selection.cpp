#include "popscope/tile_selection.hpp"

#include <algorithm>

namespace popscope {

namespace {

constexpr std::string_view kEnDash = "\xE2\x80\x93";

bool isSeparator(char c)
{
    return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool isSpace(char c)
{
    return c != ',' && c != ';' && isSeparator(c);
}

// "100 .. 120", "100–120" and "100 - 120" all become "100-120"; items are then split on separators.
std::string normalise(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "..") == 0) {
            out += '-';
            ++i;
        } else if (text.compare(i, kEnDash.size(), kEnDash) == 0) {
            out += '-';
            i += kEnDash.size() - 1;
        } else {
            out += text[i];
        }
    }
    // Spaces around a dash belong to the range.
    std::string joined;
    joined.reserve(out.size());
    for (size_t i = 0; i < out.size(); ++i) {
        if (isSpace(out[i])) {
            size_t j = i;
            while (j < out.size() && isSpace(out[j]))
                ++j;
            if (j < out.size() && out[j] == '-') { // drop the spaces before a dash
                i = j - 1;
                continue;
            }
        }
        joined += out[i];
        if (out[i] == '-')
            while (i + 1 < out.size() && isSpace(out[i + 1])) // and after it
                ++i;
    }
    return joined;
}

bool parseNumber(std::string_view text, uint32_t& out)
{
    if (text.empty() || text.size() > 10)
        return false;
    uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
        value = value * 10 + uint64_t(c - '0');
    }
    if (value > UINT32_MAX)
        return false;
    out = uint32_t(value);
    return true;
}

// Text from the user, quoted in a message: cut so a pasted novel does not become the message.
std::string quoted(std::string_view item)
{
    constexpr size_t kMax = 40;
    std::string text(item.substr(0, kMax));
    if (item.size() > kMax) {
        while (!text.empty() && (uint8_t(text.back()) & 0xC0) == 0x80) // not mid-character
            text.pop_back();
        if (!text.empty() && uint8_t(text.back()) >= 0xC0)
            text.pop_back();
        text += "…";
    }
    return "“" + text + "”";
}

TileSelection failure(std::string message)
{
    return { {}, std::move(message) };
}

} // namespace

TileSelection parseTileSelection(std::string_view text, uint32_t numTiles)
{
    const std::string normalised = normalise(text);
    const std::string lastTile = numTiles > 0 ? std::to_string(numTiles - 1) : "none";
    std::vector<std::pair<uint32_t, uint32_t>> ranges; // merged below: repeats cost nothing more
    size_t pos = 0;
    while (pos < normalised.size()) {
        while (pos < normalised.size() && isSeparator(normalised[pos]))
            ++pos;
        size_t end = pos;
        while (end < normalised.size() && !isSeparator(normalised[end]))
            ++end;
        if (end == pos)
            break;
        const std::string_view item(normalised.data() + pos, end - pos);
        pos = end;
        const size_t dash = item.find('-');
        uint32_t first = 0, last = 0;
        if (dash == std::string_view::npos) {
            if (!parseNumber(item, first))
                return failure(quoted(item) + " is not a tile number; type tiles like 0, 5, 100-120");
            last = first;
        } else {
            if (!parseNumber(item.substr(0, dash), first) || !parseNumber(item.substr(dash + 1), last))
                return failure(
                    quoted(item) + " is not a tile range; write ranges as first-last, e.g. 100-120");
            if (last < first)
                return failure("Range " + quoted(item) + " runs backwards; write it as "
                    + std::to_string(last) + "-" + std::to_string(first));
        }
        if (last >= numTiles)
            return failure("Tile " + std::to_string(first < numTiles ? last : first)
                + " does not exist: this report has tiles 0 to " + lastTile);
        ranges.emplace_back(first, last);
    }
    std::sort(ranges.begin(), ranges.end());
    TileSelection result;
    uint64_t next = 0; // the first tile not yet in the result: each tile is added once
    for (const auto& [first, last] : ranges) {
        for (uint64_t t = std::max<uint64_t>(first, next); t <= last; ++t)
            result.tiles.push_back(uint32_t(t));
        next = std::max<uint64_t>(next, uint64_t(last) + 1);
    }
    return result;
}

std::string formatTileSelection(const std::vector<uint32_t>& tiles)
{
    std::string out;
    const auto add = [&out](const std::string& part) {
        if (!out.empty())
            out += ", ";
        out += part;
    };
    size_t i = 0;
    while (i < tiles.size()) {
        size_t j = i;
        while (j + 1 < tiles.size() && tiles[j + 1] == tiles[j] + 1)
            ++j;
        if (j == i) {
            add(std::to_string(tiles[i]));
        } else if (j == i + 1) {
            add(std::to_string(tiles[i]));
            add(std::to_string(tiles[j]));
        } else {
            add(std::to_string(tiles[i]) + "-" + std::to_string(tiles[j]));
        }
        i = j + 1;
    }
    return out;
}

} // namespace popscope
