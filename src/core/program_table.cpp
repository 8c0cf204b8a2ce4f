// ProgramTable: a report's programs packed in columns.
#include "popscope/program_table.hpp"

#include "popscope/free_memory.hpp"

#include <stdexcept>

namespace popscope {

Program ProgramRow::toProgram() const
{
    Program p;
    p.type = std::string(type);
    p.name = std::string(name);
    p.children.assign(children.begin(), children.end());
    p.computeSet = computeSet;
    p.exchange = exchange;
    p.debugContext = debugContext;
    p.repeatCount = repeatCount;
    return p;
}

ProgramTable ProgramTable::fromPrograms(const std::vector<Program>& programs)
{
    ProgramTable table;
    table.reserve(programs.size());
    std::vector<uint32_t> ends, children;
    for (const Program& p : programs) {
        if (const std::string_view refused
            = table.append(p.type, p.name, p.computeSet, p.exchange, p.debugContext, p.repeatCount);
            !refused.empty())
            throw std::length_error(std::string(refused));
        children.insert(children.end(), p.children.begin(), p.children.end());
        ends.push_back(uint32_t(children.size()));
    }
    table.setChildren(std::move(ends), std::move(children));
    table.finish();
    return table;
}

ProgramRow ProgramTable::at(size_t p) const
{
    if (p >= size())
        throw std::out_of_range("program " + std::to_string(p) + " of " + std::to_string(size()));
    return (*this)[p];
}

std::vector<Program> ProgramTable::toPrograms() const
{
    std::vector<Program> out;
    out.reserve(size());
    for (const ProgramRow p : *this)
        out.push_back(p.toProgram());
    return out;
}

bool ProgramTable::operator==(const std::vector<Program>& programs) const
{
    if (programs.size() != size())
        return false;
    for (size_t i = 0; i < size(); ++i)
        if (!((*this)[i].toProgram() == programs[i]))
            return false;
    return true;
}

void ProgramTable::reserve(size_t programs)
{
    m_names.reserve(programs);
    for (auto* column : { &m_typeOf, &m_repeatCount }) {
        column->values().reserve(programs);
        column->streamWhileBuilding();
    }
    for (auto* column : { &m_computeSet, &m_exchange, &m_debugContext }) {
        column->values().reserve(programs);
        column->streamWhileBuilding();
    }
}

std::string_view ProgramTable::append(std::string_view type, std::string_view name, int64_t computeSet,
    int64_t exchange, int64_t debugContext, uint32_t repeatCount)
{
    if (!m_names.append(name))
        return "the programs' names add up to more than 4 GiB";
    const auto [known, added] = m_typeLookup.try_emplace(std::string(type), uint32_t(m_types.size()));
    if (added)
        m_types.emplace_back(type);
    m_typeOf.push_back(known->second);
    m_computeSet.push_back(computeSet);
    m_exchange.push_back(exchange);
    m_debugContext.push_back(debugContext);
    m_repeatCount.push_back(repeatCount);
    return {};
}

void ProgramTable::setChildren(std::vector<uint32_t> ends, std::vector<uint32_t> children)
{
    ends.resize(size(), ends.empty() ? 0 : ends.back()); // programs past the last with children: none
    m_childEnds = std::move(ends);
    m_children = std::move(children);
}

void ProgramTable::finish()
{
    if (m_childEnds.size() != size()) // no children set: none
        setChildren({}, {});
    freeMemory(m_typeLookup);
    m_names.finish();
    for (auto* column : { &m_typeOf, &m_repeatCount, &m_childEnds, &m_children })
        column->spill();
    for (auto* column : { &m_computeSet, &m_exchange, &m_debugContext })
        column->spill();
}

} // namespace popscope
