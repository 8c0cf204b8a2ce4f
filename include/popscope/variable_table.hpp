#pragma once
// A report's variables packed in columns (Report::variables()): every name in one buffer, a
// palette of categories and element types, and every variable's tiles and live ranges in one
// array each. As a std::vector<Variable>, each variable was a 120-byte struct with its name, its
// tile list and its range list on the heap apart: bench-huge's 1.4 M variables took 350 MiB that
// way, about 190 MiB as columns, about 125 with the tiles packed (TileList), and 16 MiB less with
// categories and element types in 16 bits, debug contexts in 32 and sizes in NarrowFigures. The
// profile document (writer, JSON, tests) keeps Variable.
#include "popscope/narrow_figures.hpp"
#include "popscope/packed_names.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/row_iterator.hpp"
#include "popscope/spilled_array.hpp"
#include "popscope/tile_list.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace popscope {

// One variable of a VariableTable: views into the table, valid while the table lives.
struct VariableRow {
    std::string_view name;
    const Symbol& category;
    const Symbol& elementType;
    uint64_t sizeBytes;
    bool alwaysLive;
    int64_t debugContext; // index into debugContexts, -1 none
    TileList tiles;
    std::span<const StepRange> liveRanges; // only for not-always-live variables
    Variable toVariable() const;
};

class VariableTable {
public:
    using Iterator = RowIterator<VariableTable, VariableRow>;

    // A document's variables packed (tests, and tools that build variables by hand).
    static VariableTable fromVariables(const std::vector<Variable>& variables);

    size_t size() const { return m_names.size(); }
    bool empty() const { return m_names.empty(); }
    VariableRow operator[](size_t v) const
    {
        return { m_names[v], m_symbols[m_category[v]], m_symbols[m_elementType[v]], m_sizeBytes[v],
            m_alwaysLive[v] != 0, int64_t(m_debugContext[v]), tilesOf(v), slice(m_ranges, m_rangeEnds, v) };
    }
    VariableRow at(size_t v) const; // throws std::out_of_range past the end
    // One field without making a row: a row reads nine spilled columns, and a scan of every
    // variable for one field read them all (the Liveness tables at bench-huge's peak mapped 40-50
    // MiB of spill files in a few milliseconds).
    uint64_t sizeBytes(size_t v) const { return m_sizeBytes[v]; }
    std::string_view name(size_t v) const { return m_names[v]; }
    bool alwaysLive(size_t v) const { return m_alwaysLive[v] != 0; }
    TileList tiles(size_t v) const { return tilesOf(v); }
    VariableRow front() const { return (*this)[0]; }
    Iterator begin() const { return { this, 0 }; }
    Iterator end() const { return { this, size() }; }
    std::vector<Variable> toVariables() const;
    // The same variables, tiles and ranges as `variables` (tests, and checks of a round trip).
    bool operator==(const std::vector<Variable>& variables) const;
    bool operator==(const VariableTable& other) const;

    // Building (Profile::readVariableTable): the variables in order, then their tiles and ranges.
    void reserve(size_t variables);
    // Adds a variable and returns nothing, or returns why it did not (nothing added): the names
    // would pass 4 GiB, the categories and element types 65,536 texts, or the debug context 32 bits.
    std::string_view append(std::string_view name, const Symbol& category, const Symbol& elementType,
        uint64_t sizeBytes, bool alwaysLive, int64_t debugContext);
    // Every variable's tiles: variable v's are tiles[ends[v - 1] .. ends[v]) (ends has size()
    // entries). Ranges: (variable, range) in any order, kept in that order per variable; false,
    // and none set, for a variable past the table.
    void setTiles(const std::vector<uint32_t>& ends, const std::vector<TileBytes>& tiles);
    // The tiles packed already (TileCodeWriter::take), for the first ends.size() variables; the
    // variables after them have none (not padded: the arrays may be in spill files already).
    void setTileCode(SpilledArray<uint32_t> ends, SpilledArray<uint8_t> code);
    bool setLiveRanges(const std::vector<std::pair<uint32_t, StepRange>>& ranges);
    void shrinkToFit();

private:
    template <typename T>
    static std::span<const T> slice(
        const SpilledArray<T>& items, const SpilledArray<uint32_t>& ends, size_t v)
    {
        if (ends.empty())
            return {};
        const uint32_t begin = v == 0 ? 0 : ends[v - 1];
        return { items.data() + begin, ends[v] - begin };
    }
    TileList tilesOf(size_t v) const
    {
        return v >= m_tileEnds.size() ? TileList()
                                      : TileList(m_tileCode.data() + (v == 0 ? 0 : m_tileEnds[v - 1]));
    }
    // Its index in m_symbols, added if new (append checks there is room).
    uint16_t symbolIndex(const Symbol& symbol);

    // Spilled (spill::setDirectory) by shrinkToFit: the names and tiles are most of a large report's
    // variables, and a page reads a screenful of them at a time.
    PackedNames m_names;
    std::vector<Symbol> m_symbols; // the categories and element types, each once
    std::unordered_map<std::string, uint16_t> m_symbolLookup; // while appending; shrinkToFit clears it
    SpilledArray<uint16_t> m_category, m_elementType; // into m_symbols
    NarrowFigures m_sizeBytes;
    SpilledArray<uint8_t> m_alwaysLive;
    SpilledArray<int32_t> m_debugContext; // -1 none
    SpilledArray<uint32_t> m_tileEnds; // where each variable's TileList ends; empty when not read
    SpilledArray<uint8_t> m_tileCode;
    SpilledArray<uint32_t> m_rangeEnds; // empty when the ranges were not read
    SpilledArray<StepRange> m_ranges;
};

} // namespace popscope
