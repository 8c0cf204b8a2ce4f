#include "popscope/step_table.hpp"

#include <algorithm>

namespace popscope {

StepTable StepTable::of(const std::vector<ExecutionStep>& steps)
{
    StepTable table;
    size_t rows = 0;
    for (const ExecutionStep& step : steps)
        rows += step.ipus.size();
    table.reserve(steps.size(), rows);
    for (const ExecutionStep& step : steps)
        table.addStep(step.run, step.type, step.program, step.computeSet);
    for (size_t index = 0; index < steps.size(); ++index)
        for (const StepIpu& si : steps[index].ipus)
            table.addIpu(index, { si.ipu, si.activeTiles, si.cycles, si.cyclesBase, si.dataIn, si.dataOut });
    table.finish();
    return table;
}

const StepOnIpu* StepTable::onIpu(size_t step, uint32_t ipu) const
{
    for (const StepOnIpu& row : ipus(step))
        if (row.ipu == ipu)
            return &row;
    return nullptr;
}

void StepTable::reserve(size_t steps, size_t rows)
{
    m_ipus.values().reserve(rows);
    m_run.values().reserve(steps);
    m_program.values().reserve(steps);
    m_typeOf.values().reserve(steps);
    m_computeSet.values().reserve(steps);
    m_ipuEnds.values().reserve(steps);
}

void StepTable::addStep(uint32_t run, std::string_view type, uint32_t program, int64_t computeSet)
{
    // A handful of types: a linear search beats a map, and the last one found usually matches.
    uint32_t typeIndex = m_typeOf.empty() ? 0 : m_typeOf.values().back();
    if (typeIndex >= m_types.size() || m_types[typeIndex] != type) {
        const auto found = std::find(m_types.begin(), m_types.end(), type);
        typeIndex = uint32_t(found - m_types.begin());
        if (found == m_types.end())
            m_types.emplace_back(type);
    }
    m_run.push_back(run);
    m_program.push_back(program);
    m_typeOf.push_back(typeIndex);
    m_computeSet.push_back(computeSet);
    m_ipuEnds.push_back(0);
}

bool StepTable::addIpu(size_t step, const StepOnIpu& row)
{
    if (step >= size() || step < m_closed)
        return false;
    if (step == m_closed && !ipus(step).empty() && ipus(step).back().ipu >= row.ipu)
        return false; // each IPU once, in order
    std::vector<uint32_t>& ends = m_ipuEnds.values();
    for (; m_closed < step; ++m_closed) // the steps before it have all their rows
        ends[m_closed] = uint32_t(m_ipus.size());
    m_ipus.push_back(row);
    ends[step] = uint32_t(m_ipus.size());
    return true;
}

void StepTable::finish()
{
    for (; m_closed < size(); ++m_closed)
        m_ipuEnds.values()[m_closed] = uint32_t(m_ipus.size());
    for (auto* column : { &m_run, &m_program, &m_typeOf, &m_ipuEnds })
        column->spill();
    m_computeSet.spill();
    m_ipus.spill();
}

} // namespace popscope
