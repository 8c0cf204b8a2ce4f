#pragma once
// Names one after the other in one buffer, each found by where it ends: a long list of short texts
// without a heap block each (a std::string takes 32 bytes, and a block of its own past 15
// characters). Both arrays can stream into spill files as they grow (spill::setDirectory): a
// report's variable names, program labels and the trace's waiting programs are read this way.
#include "popscope/spilled_array.hpp"

#include <cstdint>
#include <string_view>

namespace popscope {

class PackedNames {
public:
    size_t size() const { return m_ends.size(); }
    bool empty() const { return m_ends.empty(); }
    std::string_view operator[](size_t index) const
    {
        const uint32_t begin = index == 0 ? 0 : m_ends[index - 1];
        return { m_text.data() + begin, m_ends[index] - begin };
    }
    uint64_t textBytes() const { return m_text.size(); }

    // Room for `count` names (and `textBytes` of text, when known) kept in memory; with spilling on,
    // past the spill minimum they stream to files instead.
    void reserve(size_t count, size_t textBytes = 0)
    {
        m_ends.values().reserve(count);
        if (!spill::enabled())
            m_text.values().reserve(textBytes);
        m_text.streamWhileBuilding();
        m_ends.streamWhileBuilding();
    }
    // Whether `name` can be added: the text stays under 4 GiB.
    bool fits(std::string_view name) const { return name.size() <= UINT32_MAX - m_text.size(); }
    // Adds a name; false (and nothing added) when it does not fit.
    bool append(std::string_view name)
    {
        if (!fits(name))
            return false;
        m_text.append(name.data(), name.size());
        m_ends.push_back(uint32_t(m_text.size()));
        return true;
    }
    // After the last append: into spill files, or kept in memory (the text not copied at its size:
    // that would double a large buffer for a moment).
    void finish()
    {
        m_text.spill(false);
        m_ends.spill();
    }

private:
    SpilledArray<char> m_text;
    SpilledArray<uint32_t> m_ends; // where each name ends in m_text
};

} // namespace popscope
