// TileCodeWriter: variables' tiles packed for VariableTable (tile_list.hpp has the format).
#include "popscope/tile_list.hpp"

#include "huge_pages.hpp"

#include <algorithm>
#include <limits>

namespace popscope {

namespace {

void appendVarint(std::vector<uint8_t>& code, uint64_t value)
{
    while (value >= 0x80) {
        code.push_back(uint8_t(value) | 0x80);
        value >>= 7;
    }
    code.push_back(uint8_t(value));
}

// A step and its bytes take at most 10 bytes; the count at most 5.
constexpr size_t kMaxTileBytes = 10;

} // namespace

void TileCodeWriter::reserve(size_t variables, size_t rows)
{
    m_ends.reserve(variables);
    // Three bytes a tile at most is typical (one for the step, one or two for the bytes); more grows
    // the buffer, and what is reserved but never written is never resident.
    m_code.reserve(std::min<size_t>(variables + 3 * rows, std::numeric_limits<uint32_t>::max()));
    adviseHugePages(m_code.data(), m_code.capacity()); // fewer page faults while it fills
}

bool TileCodeWriter::add(std::span<const TileBytes> tiles)
{
    if (m_code.size() + 5 + tiles.size() * kMaxTileBytes > std::numeric_limits<uint32_t>::max())
        return false;
    appendVarint(m_code, tiles.size());
    int64_t previous = 0;
    for (const TileBytes& tb : tiles) {
        const int64_t step = int64_t(tb.tile) - previous;
        appendVarint(m_code, (uint64_t(step) << 1) ^ uint64_t(step >> 63)); // zigzag
        appendVarint(m_code, tb.bytes);
        previous = tb.tile;
    }
    m_ends.push_back(uint32_t(m_code.size()));
    return true;
}

} // namespace popscope
