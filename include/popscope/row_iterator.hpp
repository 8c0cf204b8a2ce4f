#pragma once
// The iterator of a table whose rows are values made on access (VariableTable, ProgramTable): a
// forward iterator by concept, an input iterator by category (a row is not a reference).
#include <cstddef>
#include <iterator>

namespace popscope {

template <typename Table, typename Row> class RowIterator {
public:
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;
    using value_type = Row;
    using reference = Row;
    using difference_type = std::ptrdiff_t;
    RowIterator() = default;
    RowIterator(const Table* table, size_t index)
        : m_table(table)
        , m_index(index)
    {
    }
    Row operator*() const { return (*m_table)[m_index]; }
    RowIterator& operator++()
    {
        ++m_index;
        return *this;
    }
    RowIterator operator++(int)
    {
        RowIterator before = *this;
        ++m_index;
        return before;
    }
    difference_type operator-(const RowIterator& other) const
    {
        return difference_type(m_index) - difference_type(other.m_index);
    }
    bool operator==(const RowIterator& other) const { return m_index == other.m_index; }

private:
    const Table* m_table = nullptr;
    size_t m_index = 0;
};

} // namespace popscope
