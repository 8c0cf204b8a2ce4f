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
    m_ends.streamWhileBuilding();
    m_code.streamWhileBuilding();
    if (spill::enabled())
        return; // the arrays stream past the spill minimum: a reservation would only be dropped
    m_ends.values().reserve(variables);
    // Three bytes a tile at most is typical (one for the step, one or two for the bytes); more grows
    // the buffer, and what is reserved but never written is never resident.
    std::vector<uint8_t>& code = m_code.values();
    code.reserve(std::min<size_t>(variables + 3 * rows, std::numeric_limits<uint32_t>::max()));
    adviseHugePages(code.data(), code.capacity()); // fewer page faults while it fills
}

bool TileCodeWriter::add(std::span<const TileBytes> tiles)
{
    if (m_code.size() + 5 + tiles.size() * kMaxTileBytes > std::numeric_limits<uint32_t>::max())
        return false;
    m_list.clear();
    appendVarint(m_list, tiles.size());
    int64_t previous = 0;
    for (const TileBytes& tb : tiles) {
        const int64_t step = int64_t(tb.tile) - previous;
        appendVarint(m_list, (uint64_t(step) << 1) ^ uint64_t(step >> 63)); // zigzag
        appendVarint(m_list, tb.bytes);
        previous = tb.tile;
    }
    m_code.append(m_list.data(), m_list.size());
    m_ends.push_back(uint32_t(m_code.size()));
    return true;
}

std::pair<SpilledArray<uint32_t>, SpilledArray<uint8_t>> TileCodeWriter::take()
{
    m_ends.spill();
    m_code.spill(false); // kept in memory: not copied at its size (what was reserved and not written
                         // is not resident)
    return { std::move(m_ends), std::move(m_code) };
}

} // namespace popscope
