#pragma once
// A report's operations packed in columns (Report::operations()): the names in one buffer, a debug
// name equal to its operation's name not stored twice, each layer once, the programs as one array
// with offsets, all spilled once read (spill::setDirectory). As a std::vector<Operation> (three
// std::strings and a std::vector each), bench-huge's 48 k operations took about 15 MiB a report,
// held by the Program Tree and Operations pages of both reports in compare mode. The profile
// document (writer, JSON, tests) keeps Operation.
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

// One operation of an OperationTable: views into the table, valid while the table lives.
struct OperationRow {
    std::string_view name;
    std::string_view layer;
    std::string_view debugName;
    int64_t debugContext = -1;
    std::span<const uint32_t> programs; // programs that implement it
    uint64_t flops = 0;
    uint64_t codeBytes = 0;
    uint64_t cycles = 0;
    Operation toOperation() const;
};

class OperationTable {
public:
    using Iterator = RowIterator<OperationTable, OperationRow>;

    // A document's operations packed (tests, and tools that build operations by hand).
    static OperationTable fromOperations(const std::vector<Operation>& operations);

    size_t size() const { return m_names.size(); }
    bool empty() const { return size() == 0; }
    OperationRow operator[](size_t o) const
    {
        const uint32_t programBegin = o == 0 ? 0 : m_programEnds[o - 1];
        return { m_names[o], m_layers[m_layerOf[o]], m_debugIsName[o] ? m_names[o] : m_debugNames[o],
            m_debugContext[o],
            std::span<const uint32_t>(m_programs.data() + programBegin, m_programEnds[o] - programBegin),
            m_flops[o], m_codeBytes[o], m_cycles[o] };
    }
    OperationRow at(size_t o) const; // throws std::out_of_range past the end
    Iterator begin() const { return { this, 0 }; }
    Iterator end() const { return { this, size() }; }
    std::vector<Operation> toOperations() const;

    // Building (Profile::readOperationTable): the operations in order, then their programs, then
    // finish(). Refuses (returns why, nothing added) names past 4 GiB in all.
    void reserve(size_t operations);
    std::string_view append(std::string_view name, std::string_view layer, std::string_view debugName,
        int64_t debugContext, uint64_t flops, uint64_t codeBytes, uint64_t cycles);
    // Operation o's programs are programs[ends[o - 1] .. ends[o]) (ends has size() entries).
    void setPrograms(std::vector<uint32_t> ends, std::vector<uint32_t> programs);
    void finish(); // spills the columns

private:
    PackedNames m_names;
    PackedNames m_debugNames; // empty where the debug name is the name (m_debugIsName)
    SpilledArray<uint8_t> m_debugIsName;
    std::vector<std::string> m_layers; // each once
    std::unordered_map<std::string, uint32_t> m_layerLookup; // while appending; finish() frees it
    SpilledArray<uint32_t> m_layerOf; // into m_layers
    SpilledArray<int64_t> m_debugContext;
    SpilledArray<uint64_t> m_flops, m_codeBytes, m_cycles;
    SpilledArray<uint32_t> m_programEnds, m_programs;
};

} // namespace popscope
