// OperationTable: a report's operations in packed columns (operation_table.hpp).
#include "popscope/operation_table.hpp"

#include "popscope/free_memory.hpp"

#include <stdexcept>

namespace popscope {

Operation OperationRow::toOperation() const
{
    Operation op;
    op.name = std::string(name);
    op.layer = std::string(layer);
    op.debugName = std::string(debugName);
    op.debugContext = debugContext;
    op.programs.assign(programs.begin(), programs.end());
    op.flops = flops;
    op.codeBytes = codeBytes;
    op.cycles = cycles;
    return op;
}

OperationTable OperationTable::fromOperations(const std::vector<Operation>& operations)
{
    OperationTable table;
    table.reserve(operations.size());
    std::vector<uint32_t> ends, programs;
    ends.reserve(operations.size());
    for (const Operation& op : operations) {
        if (const std::string_view refused = table.append(
                op.name, op.layer, op.debugName, op.debugContext, op.flops, op.codeBytes, op.cycles);
            !refused.empty())
            throw std::length_error(std::string(refused));
        programs.insert(programs.end(), op.programs.begin(), op.programs.end());
        ends.push_back(uint32_t(programs.size()));
    }
    table.setPrograms(std::move(ends), std::move(programs));
    table.finish();
    return table;
}

OperationRow OperationTable::at(size_t o) const
{
    if (o >= size())
        throw std::out_of_range("operation " + std::to_string(o) + " of " + std::to_string(size()));
    return (*this)[o];
}

std::vector<Operation> OperationTable::toOperations() const
{
    std::vector<Operation> out;
    out.reserve(size());
    for (const OperationRow op : *this)
        out.push_back(op.toOperation());
    return out;
}

void OperationTable::reserve(size_t operations)
{
    m_names.reserve(operations);
    m_debugNames.reserve(operations);
    m_debugIsName.values().reserve(operations);
    m_layerOf.values().reserve(operations);
    for (auto* column : { &m_flops, &m_codeBytes, &m_cycles })
        column->values().reserve(operations);
    m_debugContext.values().reserve(operations);
}

std::string_view OperationTable::append(std::string_view name, std::string_view layer,
    std::string_view debugName, int64_t debugContext, uint64_t flops, uint64_t codeBytes, uint64_t cycles)
{
    const bool debugIsName = debugName == name;
    if (!m_names.fits(name) || !m_debugNames.fits(debugIsName ? std::string_view() : debugName))
        return "the operations' names add up to more than 4 GiB";
    m_names.append(name);
    m_debugNames.append(debugIsName ? std::string_view() : debugName);
    m_debugIsName.push_back(debugIsName);
    const auto [known, added] = m_layerLookup.try_emplace(std::string(layer), uint32_t(m_layers.size()));
    if (added)
        m_layers.emplace_back(layer);
    m_layerOf.push_back(known->second);
    m_debugContext.push_back(debugContext);
    m_flops.push_back(flops);
    m_codeBytes.push_back(codeBytes);
    m_cycles.push_back(cycles);
    return {};
}

void OperationTable::setPrograms(std::vector<uint32_t> ends, std::vector<uint32_t> programs)
{
    ends.resize(size(), uint32_t(programs.size())); // operations past the last listed have none
    m_programEnds = std::move(ends);
    m_programs = std::move(programs);
}

void OperationTable::finish()
{
    if (m_programEnds.size() != size()) // no programs set: none
        setPrograms({}, {});
    freeMemory(m_layerLookup);
    m_names.finish();
    m_debugNames.finish();
    m_debugIsName.spill();
    for (auto* column : { &m_layerOf, &m_programEnds, &m_programs })
        column->spill();
    m_debugContext.spill();
    for (auto* column : { &m_flops, &m_codeBytes, &m_cycles })
        column->spill();
}

} // namespace popscope
