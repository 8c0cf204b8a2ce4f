#pragma once
// A report's programs packed in columns (Report::programs()): every name in one buffer, each type
// once, the children as one array with offsets, all spilled once read (spill::setDirectory). As a
// std::vector<Program>, bench-huge's 416 k programs took about 84 MiB (two std::strings and a
// std::vector each); these columns take about 20, in spill files. The profile document (writer,
// JSON, tests) keeps Program.
#include "popscope/packed_names.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/row_iterator.hpp"
#include "popscope/spilled_array.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace popscope {

// One program of a ProgramTable: views into the table, valid while the table lives.
struct ProgramRow {
    std::string_view type;
    std::string_view name;
    std::span<const uint32_t> children; // indexes into the table
    int64_t computeSet = -1;
    int64_t exchange = -1;
    int64_t debugContext = -1;
    uint32_t repeatCount = 0;
    Program toProgram() const;
};

class ProgramTable {
public:
    using Iterator = RowIterator<ProgramTable, ProgramRow>;

    // A document's programs packed (tests, and tools that build programs by hand).
    static ProgramTable fromPrograms(const std::vector<Program>& programs);

    size_t size() const { return m_names.size(); }
    bool empty() const { return size() == 0; }
    std::string_view name(size_t p) const { return m_names[p]; } // without the row's other columns
    ProgramRow operator[](size_t p) const
    {
        const uint32_t childBegin = p == 0 ? 0 : m_childEnds[p - 1];
        return { m_types[m_typeOf[p]], m_names[p],
            std::span<const uint32_t>(m_children.data() + childBegin, m_childEnds[p] - childBegin),
            m_computeSet[p], m_exchange[p], m_debugContext[p], m_repeatCount[p] };
    }
    ProgramRow at(size_t p) const; // throws std::out_of_range past the end
    Iterator begin() const { return { this, 0 }; }
    Iterator end() const { return { this, size() }; }
    std::vector<Program> toPrograms() const;
    bool operator==(const std::vector<Program>& programs) const;

    // Building (Profile::readProgramTable): the programs in order, then their children, then
    // finish(). Refuses (returns why, nothing added) names past 4 GiB in all.
    void reserve(size_t programs);
    std::string_view append(std::string_view type, std::string_view name, int64_t computeSet,
        int64_t exchange, int64_t debugContext, uint32_t repeatCount);
    // Program p's children are children[ends[p - 1] .. ends[p]) (ends has size() entries).
    void setChildren(std::vector<uint32_t> ends, std::vector<uint32_t> children);
    void finish(); // spills the columns

private:
    PackedNames m_names;
    std::vector<std::string> m_types; // each once
    std::unordered_map<std::string, uint32_t> m_typeLookup; // while appending; finish() frees it
    SpilledArray<uint32_t> m_typeOf; // into m_types
    SpilledArray<int64_t> m_computeSet, m_exchange, m_debugContext;
    SpilledArray<uint32_t> m_repeatCount;
    SpilledArray<uint32_t> m_childEnds, m_children;
};

} // namespace popscope
