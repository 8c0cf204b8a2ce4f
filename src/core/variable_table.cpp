// VariableTable: a report's variables in packed columns.
#include "popscope/variable_table.hpp"
#include "popscope/free_memory.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace popscope {

Variable VariableRow::toVariable() const
{
    Variable v;
    v.name = std::string(name);
    v.category = category;
    v.elementType = elementType;
    v.sizeBytes = sizeBytes;
    v.alwaysLive = alwaysLive;
    v.debugContext = debugContext;
    v.tiles.assign(tiles.begin(), tiles.end());
    v.liveRanges.assign(liveRanges.begin(), liveRanges.end());
    return v;
}

VariableTable VariableTable::fromVariables(const std::vector<Variable>& variables)
{
    VariableTable table;
    table.reserve(variables.size());
    std::vector<uint32_t> tileEnds;
    std::vector<TileBytes> tiles;
    std::vector<std::pair<uint32_t, StepRange>> ranges;
    for (const Variable& v : variables) {
        if (const std::string_view refused
            = table.append(v.name, v.category, v.elementType, v.sizeBytes, v.alwaysLive, v.debugContext);
            !refused.empty())
            throw std::length_error(std::string(refused));
        tiles.insert(tiles.end(), v.tiles.begin(), v.tiles.end());
        tileEnds.push_back(uint32_t(tiles.size()));
        for (const StepRange& r : v.liveRanges)
            ranges.emplace_back(uint32_t(table.size() - 1), r);
    }
    table.setTiles(std::move(tileEnds), std::move(tiles));
    table.setLiveRanges(ranges);
    table.shrinkToFit();
    return table;
}

VariableRow VariableTable::at(size_t v) const
{
    if (v >= size())
        throw std::out_of_range("variable " + std::to_string(v) + " of " + std::to_string(size()));
    return (*this)[v];
}

std::vector<Variable> VariableTable::toVariables() const
{
    std::vector<Variable> out;
    out.reserve(size());
    for (const VariableRow v : *this)
        out.push_back(v.toVariable());
    return out;
}

namespace {

// A Variable or a VariableRow against either: the same fields.
template <typename A, typename B> bool sameVariable(const A& v, const B& w)
{
    return std::string_view(v.name) == std::string_view(w.name) && v.category == w.category
        && v.elementType == w.elementType && v.sizeBytes == w.sizeBytes && v.alwaysLive == w.alwaysLive
        && v.debugContext == w.debugContext
        && std::equal(v.tiles.begin(), v.tiles.end(), w.tiles.begin(), w.tiles.end())
        && std::equal(v.liveRanges.begin(), v.liveRanges.end(), w.liveRanges.begin(), w.liveRanges.end());
}

template <typename Rows> bool sameVariables(const VariableTable& table, const Rows& rows)
{
    if (rows.size() != table.size())
        return false;
    for (size_t i = 0; i < table.size(); ++i)
        if (!sameVariable(table[i], rows[i]))
            return false;
    return true;
}

} // namespace

bool VariableTable::operator==(const std::vector<Variable>& variables) const
{
    return sameVariables(*this, variables);
}

bool VariableTable::operator==(const VariableTable& other) const
{
    return sameVariables(*this, other);
}

void VariableTable::reserve(size_t variables)
{
    // Built by appending: into spill files as they grow, when spilling is on.
    m_names.reserve(variables);
    m_category.streamWhileBuilding();
    m_elementType.streamWhileBuilding();
    m_alwaysLive.streamWhileBuilding();
    m_debugContext.streamWhileBuilding();
    m_category.values().reserve(variables);
    m_elementType.values().reserve(variables);
    m_sizeBytes.reserve(variables);
    m_alwaysLive.values().reserve(variables);
    m_debugContext.values().reserve(variables);
}

uint16_t VariableTable::symbolIndex(const Symbol& symbol)
{
    const auto [it, added] = m_symbolLookup.try_emplace(symbol.str(), uint16_t(m_symbols.size()));
    if (added)
        m_symbols.push_back(symbol);
    return it->second;
}

std::string_view VariableTable::append(std::string_view name, const Symbol& category,
    const Symbol& elementType, uint64_t sizeBytes, bool alwaysLive, int64_t debugContext)
{
    if (!m_names.fits(name))
        return "the variables' names add up to more than 4 GiB";
    if (debugContext < -1 || debugContext > INT32_MAX)
        return "a variable's debug context is past 32 bits";
    // Room for both texts before either is added: a refused variable leaves nothing behind. Asked
    // only near the limit, which spares every other variable two more lookups.
    if (m_symbols.size() + 2 > size_t(UINT16_MAX) + 1) {
        const size_t newSymbols = size_t(!m_symbolLookup.count(category.str()))
            + size_t(!m_symbolLookup.count(elementType.str()) && elementType.str() != category.str());
        if (m_symbols.size() + newSymbols > size_t(UINT16_MAX) + 1)
            return "the variables have more than 65,536 different categories and element types";
    }
    m_names.append(name);
    m_category.push_back(symbolIndex(category));
    m_elementType.push_back(symbolIndex(elementType));
    m_sizeBytes.push_back(sizeBytes);
    m_alwaysLive.push_back(alwaysLive);
    m_debugContext.push_back(int32_t(debugContext));
    return {};
}

void VariableTable::setTiles(const std::vector<uint32_t>& ends, const std::vector<TileBytes>& tiles)
{
    TileCodeWriter writer;
    writer.reserve(ends.size(), tiles.size());
    for (size_t v = 0; v < ends.size(); ++v) {
        const uint32_t begin = v == 0 ? 0 : ends[v - 1];
        if (!writer.add(std::span(tiles).subspan(begin, ends[v] - begin)))
            throw std::length_error("the variables' tiles add up to more than 4 GiB packed");
    }
    auto [codeEnds, code] = writer.take();
    setTileCode(std::move(codeEnds), std::move(code));
}

void VariableTable::setTileCode(SpilledArray<uint32_t> ends, SpilledArray<uint8_t> code)
{
    m_tileEnds = std::move(ends);
    m_tileCode = std::move(code);
}

bool VariableTable::setLiveRanges(const std::vector<std::pair<uint32_t, StepRange>>& ranges)
{
    // A counting sort by variable: each variable's ranges stay in their order.
    std::vector<uint32_t>& rangeEnds = m_rangeEnds.values();
    rangeEnds.assign(size(), 0);
    for (const auto& [variable, range] : ranges) {
        if (variable >= size()) {
            rangeEnds.clear();
            return false;
        }
        ++rangeEnds[variable];
    }
    uint32_t end = 0;
    for (uint32_t& e : rangeEnds)
        e = end += e;
    std::vector<StepRange>& sorted = m_ranges.values();
    sorted.resize(ranges.size());
    std::vector<uint32_t> next(size(), 0);
    for (size_t v = 1; v < size(); ++v)
        next[v] = rangeEnds[v - 1];
    for (const auto& [variable, range] : ranges)
        sorted[next[variable]++] = range;
    return true;
}

void VariableTable::shrinkToFit()
{
    // Into spill files when spilling is on; otherwise at their final size, but not the names nor
    // the tiles' code: a copy would double them for a moment (bench-huge: 47 and 30 MiB), and the
    // spare end of a reserved or doubled buffer is never written, so never resident.
    freeMemory(m_symbolLookup);
    m_names.finish();
    m_tileCode.spill(false);
    m_tileEnds.spill();
    m_rangeEnds.spill();
    m_category.spill();
    m_elementType.spill();
    m_sizeBytes.spill(); // or kept at its size
    m_alwaysLive.spill();
    m_debugContext.spill();
    m_ranges.spill();
}

} // namespace popscope
