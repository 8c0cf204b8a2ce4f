#pragma once
// A variable's tiles as VariableTable packs them: a varint count, then for each tile its id as a
// zigzag varint step from the tile before it (the first one's from 0) and its bytes as a varint.
// Tiles in a row take one byte for the id and one to three for the bytes: bench-huge's 11.7 M
// vars_info rows took 94 MB as 8-byte TileBytes, and about 30 this way. TileList reads one
// variable's tiles in order; TileCodeWriter packs them.
#include "popscope/profile_document.hpp"
#include "popscope/spilled_array.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <utility>
#include <vector>

namespace popscope {

namespace tile_code {

inline uint64_t readVarint(const uint8_t*& p)
{
    uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
        const uint8_t byte = *p++;
        value |= uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return value;
    }
}

} // namespace tile_code

class TileList {
public:
    class Iterator {
    public:
        using iterator_concept = std::forward_iterator_tag;
        using iterator_category = std::input_iterator_tag; // tiles are values, not references
        using value_type = TileBytes;
        using reference = TileBytes;
        using difference_type = std::ptrdiff_t;
        Iterator() = default;
        Iterator(const uint8_t* code, uint32_t remaining)
            : m_code(code)
            , m_remaining(remaining)
        {
            decode();
        }
        TileBytes operator*() const { return m_current; }
        Iterator& operator++()
        {
            --m_remaining;
            decode();
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator before = *this;
            ++*this;
            return before;
        }
        // Iterators of one list: equal when as many tiles remain.
        bool operator==(const Iterator& other) const { return m_remaining == other.m_remaining; }

    private:
        void decode()
        {
            if (m_remaining == 0)
                return;
            const uint64_t zigzag = tile_code::readVarint(m_code);
            const int64_t step = int64_t(zigzag >> 1) ^ -int64_t(zigzag & 1);
            m_current.tile = uint32_t(int64_t(m_current.tile) + step);
            m_current.bytes = uint32_t(tile_code::readVarint(m_code));
        }
        const uint8_t* m_code = nullptr;
        uint32_t m_remaining = 0;
        TileBytes m_current; // the first tile steps from 0
    };

    TileList() = default;
    // The list packed at `code` (a count, then the tiles). Read when asked, not here: a row made
    // for its name or size (sorting 1.4 M rows) does not touch the tiles' buffer.
    explicit TileList(const uint8_t* code)
        : m_code(code)
    {
    }
    size_t size() const { return count(); }
    bool empty() const { return count() == 0; }
    Iterator begin() const
    {
        if (!m_code)
            return {};
        const uint8_t* tiles = m_code;
        const auto count = uint32_t(tile_code::readVarint(tiles));
        return { tiles, count };
    }
    Iterator end() const { return {}; }
    TileBytes front() const { return *begin(); } // not on an empty list

private:
    uint32_t count() const
    {
        const uint8_t* code = m_code;
        return code ? uint32_t(tile_code::readVarint(code)) : 0;
    }
    const uint8_t* m_code = nullptr; // null: no tiles
};

// Packs variables' tiles one variable after another; ends[v] is where variable v's list ends.
// With spilling on, the code and the ends stream into spill files as they grow: two reports' codes
// (about 30 MiB each on bench-huge) were in the heap side by side until their reads ended.
class TileCodeWriter {
public:
    // Room for `variables` lists of `rows` tiles in all, from counts a file stores.
    void reserve(size_t variables, size_t rows);
    // The next variable's tiles; false, and nothing added, once the code would pass 4 GiB.
    bool add(std::span<const TileBytes> tiles);
    size_t variables() const { return m_ends.size(); }
    // (ends, code) for VariableTable::setTileCode, finished (spilled or kept in memory).
    std::pair<SpilledArray<uint32_t>, SpilledArray<uint8_t>> take();

private:
    SpilledArray<uint32_t> m_ends;
    SpilledArray<uint8_t> m_code;
    std::vector<uint8_t> m_list; // one variable's list as it is packed
};

} // namespace popscope
