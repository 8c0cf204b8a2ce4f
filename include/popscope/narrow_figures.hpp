#pragma once
// Unsigned figures kept in 32 bits each while every one fits, in 64 from the first that does not.
// A liveness curve holds bytes per IPU for each of hundreds of thousands of steps: an IPU's memory
// is far below 4 GiB, so half the memory, and a file with absurd figures still reads them exactly.
#include "popscope/spilled_array.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace popscope {

class NarrowFigures {
public:
    void reserve(size_t count)
    {
        if (m_isWide)
            m_wide.values().reserve(count);
        else
            m_narrow.values().reserve(count);
    }
    void push_back(uint64_t value)
    {
        if (!m_isWide && value <= std::numeric_limits<uint32_t>::max()) {
            m_narrow.values().push_back(uint32_t(value));
            return;
        }
        if (!m_isWide) {
            std::vector<uint32_t>& narrow = m_narrow.values();
            m_wide.values().reserve(narrow.capacity());
            m_wide.values().assign(narrow.begin(), narrow.end());
            std::vector<uint32_t>().swap(narrow); // `= {}` would keep the memory
            m_isWide = true;
        }
        m_wide.values().push_back(value);
    }

    void shrinkToFit()
    {
        m_narrow.values().shrink_to_fit();
        m_wide.values().shrink_to_fit();
    }
    // Into a spill file when spilling is on (no figure is added after).
    void spill()
    {
        m_narrow.spill();
        m_wide.spill();
    }

    size_t size() const { return m_isWide ? m_wide.size() : m_narrow.size(); }
    uint64_t operator[](size_t index) const { return m_isWide ? m_wide[index] : m_narrow[index]; }
    // One of the two holds the figures (the other is empty): for views that keep the width.
    bool isWide() const { return m_isWide; }
    std::span<const uint32_t> narrow() const { return m_narrow.span(); }
    std::span<const uint64_t> wide() const { return m_wide.span(); }

private:
    SpilledArray<uint32_t> m_narrow;
    SpilledArray<uint64_t> m_wide;
    bool m_isWide = false;
};

} // namespace popscope
