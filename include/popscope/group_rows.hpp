#pragma once
// GroupRows: rows of per-group figures (a row per step or block of the trace's LOD, a figure per
// group of tiles) that keep a mostly idle row small. A row with few busy groups holds only their
// (group, figure) pairs; a row with many holds every group's figure. Sync steps, and steps on a
// few tiles, are most rows of a large report (bench-huge: 96 % of level 0's figures are zero), so
// the LOD takes a quarter of the memory it took as dense rows, and a busy report pays nothing.
// Once built (finish()) the rows are in spill files when spilling is on (spill::setDirectory).
#include "popscope/spilled_array.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace popscope {

template <typename T> class GroupRows {
public:
    GroupRows() = default;
    explicit GroupRows(uint32_t groups)
        : m_groups(groups)
    {
        if (groups > 65536) // a group is named by 16 bits
            throw std::length_error("GroupRows: more than 65,536 groups");
    }

    uint32_t groups() const { return m_groups; }
    size_t rows() const { return m_valueStart.empty() ? 0 : m_valueStart.size() - 1; }

    void reserveRows(size_t rows)
    {
        m_valueStart.values().reserve(rows + 1);
        m_groupStart.values().reserve(rows + 1);
    }
    // Appends a row from its dense form: groups() figures, T{} for an idle group.
    void append(const T* dense)
    {
        uint32_t busy = 0;
        for (uint32_t g = 0; g < m_groups; ++g)
            busy += dense[g] != T {};
        // Pairs take sizeof(T) + 2 bytes each, every group sizeof(T): the smaller wins.
        const bool sparse = uint64_t(busy) * (sizeof(T) + sizeof(uint16_t)) < uint64_t(m_groups) * sizeof(T);
        if (m_values.size() + m_groups > UINT32_MAX)
            throw std::length_error("GroupRows: more than 4 G figures in one lane");
        for (uint32_t g = 0; g < m_groups; ++g) {
            if (sparse && dense[g] == T {})
                continue;
            m_values.push_back(dense[g]);
            if (sparse)
                m_groupIndex.push_back(uint16_t(g));
        }
        m_valueStart.push_back(uint32_t(m_values.size()));
        m_groupStart.push_back(uint32_t(m_groupIndex.size()));
    }
    // After the last append: into spill files, or kept in memory at their size.
    void finish()
    {
        m_values.spill();
        m_groupIndex.spill();
        m_valueStart.spill();
        m_groupStart.spill();
    }

    // Writes the row's groups() figures into `dense` (T{} for the groups it does not hold).
    void expand(size_t row, T* dense) const
    {
        const uint32_t first = m_valueStart[row], last = m_valueStart[row + 1];
        const uint32_t pairs = m_groupStart[row + 1] - m_groupStart[row];
        if (pairs == 0 && last - first == m_groups) {
            for (uint32_t g = 0; g < m_groups; ++g)
                dense[g] = m_values[first + g];
            return;
        }
        for (uint32_t g = 0; g < m_groups; ++g)
            dense[g] = T {};
        const uint16_t* groups = m_groupIndex.data() + m_groupStart[row];
        for (uint32_t i = 0; i < pairs; ++i)
            dense[groups[i]] = m_values[first + i];
    }
    T at(size_t row, uint32_t group) const
    {
        const uint32_t first = m_valueStart[row], last = m_valueStart[row + 1];
        if (m_groupStart[row + 1] == m_groupStart[row] && last - first == m_groups)
            return m_values[first + group];
        const uint16_t* groups = m_groupIndex.data() + m_groupStart[row];
        const auto found = std::lower_bound(groups, groups + (last - first), uint16_t(group));
        return found != groups + (last - first) && *found == group ? m_values[first + (found - groups)]
                                                                   : T {};
    }

    // The arrays as a cache file stores them, and their check when read back: every row either
    // holds every group, or as many ascending groups below groups() as figures.
    std::span<const uint32_t> valueStarts() const { return m_valueStart.span(); }
    std::span<const uint32_t> groupStarts() const { return m_groupStart.span(); }
    std::span<const T> values() const { return m_values.span(); }
    std::span<const uint16_t> groupIndex() const { return m_groupIndex.span(); }
    static bool fromArrays(uint32_t groups, std::vector<uint32_t> valueStart,
        std::vector<uint32_t> groupStart, std::vector<T> values, std::vector<uint16_t> groupIndex,
        GroupRows& out)
    {
        if (valueStart.empty() || valueStart.size() != groupStart.size() || valueStart.front() != 0
            || groupStart.front() != 0 || valueStart.back() != values.size()
            || groupStart.back() != groupIndex.size())
            return false;
        for (size_t row = 0; row + 1 < valueStart.size(); ++row) {
            if (valueStart[row + 1] < valueStart[row] || groupStart[row + 1] < groupStart[row])
                return false;
            const uint32_t count = valueStart[row + 1] - valueStart[row];
            const uint32_t pairs = groupStart[row + 1] - groupStart[row];
            if (pairs == 0 && count == groups)
                continue;
            if (pairs != count || count >= groups)
                return false;
            for (uint32_t i = 0; i < pairs; ++i) {
                const uint16_t group = groupIndex[groupStart[row] + i];
                if (group >= groups || (i > 0 && group <= groupIndex[groupStart[row] + i - 1]))
                    return false;
            }
        }
        out.m_groups = groups;
        out.m_valueStart = std::move(valueStart);
        out.m_groupStart = std::move(groupStart);
        out.m_values = std::move(values);
        out.m_groupIndex = std::move(groupIndex);
        out.finish();
        return true;
    }

private:
    uint32_t m_groups = 0;
    SpilledArray<uint32_t> m_valueStart { std::vector<uint32_t> {
        0 } }; // rows + 1: where each row's figures start
    SpilledArray<uint32_t> m_groupStart { std::vector<uint32_t> {
        0 } }; // rows + 1: where a sparse row's groups start
    SpilledArray<T> m_values;
    SpilledArray<uint16_t> m_groupIndex; // a sparse row's groups, ascending
};

} // namespace popscope
