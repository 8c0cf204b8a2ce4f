#include "popscope/variable_tile_bytes.hpp"

namespace popscope {

bool matchesNamePattern(std::string_view name, std::string_view pattern)
{
    // Greedy match with one backtrack point: the last `*` seen and where it started matching.
    size_t n = 0, p = 0, star = std::string_view::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++n;
            ++p;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

std::vector<VariableTileSeries> variableTileSeries(
    const VariableTable& variables, const std::vector<std::string>& patterns, uint32_t numTiles)
{
    std::vector<VariableTileSeries> series;
    series.reserve(patterns.size());
    for (const std::string& pattern : patterns)
        series.push_back({ pattern, 0, 0, std::vector<uint32_t>(numTiles, 0) });
    for (size_t v = 0; v < variables.size(); ++v) {
        const std::string_view name = variables.name(v);
        for (VariableTileSeries& s : series) {
            if (!matchesNamePattern(name, s.pattern))
                continue;
            ++s.matched;
            for (const TileBytes& tile : variables.tiles(v)) {
                s.totalBytes += tile.bytes;
                if (tile.tile < numTiles)
                    s.bytesByTile[tile.tile] += tile.bytes;
            }
        }
    }
    return series;
}

std::vector<std::string> splitVariablePatterns(std::string_view text)
{
    std::vector<std::string> patterns;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view part = text.substr(start, end - start);
        while (!part.empty() && (part.front() == ' ' || part.front() == '\t'))
            part.remove_prefix(1);
        while (!part.empty() && (part.back() == ' ' || part.back() == '\t'))
            part.remove_suffix(1);
        if (!part.empty())
            patterns.emplace_back(part);
        start = end + 1;
    }
    return patterns;
}

} // namespace popscope
