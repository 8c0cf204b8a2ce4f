// The variables live at one liveness step and their bytes per tile (peak_live_variables.hpp).
#include "peak_live_variables.hpp"

#include "popscope/report.hpp"
#include "popscope/variable_table.hpp"
#include "report_access.hpp"
#include "report_variable_rows.hpp"

#include <algorithm>

namespace popscope::detail {

LiveAtStep::LiveAtStep(const Report& report, uint32_t liveStep, size_t numVariables, size_t numTiles)
    : step(liveStep)
    , tileBytes(numTiles, 0)
    , m_indexOf(numVariables, -1)
{
    for (const auto& [variable, range] : *ReportAccess::liveRangeList(report))
        if (range.first <= step && step <= range.last)
            variables.push_back({ variable, range });
    std::sort(
        variables.begin(), variables.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    variables.erase(std::unique(variables.begin(), variables.end(),
                        [](const auto& a, const auto& b) { return a.first == b.first; }),
        variables.end());
    variableBytes.assign(variables.size(), 0);
    fp32.assign(variables.size(), false);
    for (size_t i = 0; i < variables.size(); ++i)
        if (variables[i].first < numVariables)
            m_indexOf[variables[i].first] = int32_t(i);
}

void LiveAtStep::addTile(uint32_t variable, uint32_t tile, uint32_t bytes)
{
    if (variable >= m_indexOf.size() || m_indexOf[variable] < 0)
        return;
    const auto index = uint32_t(m_indexOf[variable]);
    variableBytes[index] += bytes;
    if (tile < tileBytes.size())
        tileBytes[tile] += bytes;
    m_rows.push_back({ index, tile, bytes });
}

void LiveAtStep::addType(uint32_t variable, std::string_view elementType)
{
    if (variable < m_indexOf.size() && m_indexOf[variable] >= 0)
        fp32[size_t(m_indexOf[variable])] = elementType == "float";
}

std::vector<uint64_t> LiveAtStep::bytesOnTile(uint32_t tile) const
{
    std::vector<uint64_t> bytes(variables.size(), 0);
    for (const Row& row : m_rows)
        if (row.tile == tile)
            bytes[row.index] += row.bytes;
    return bytes;
}

std::vector<std::string> variableNamesById(const Report& report, const std::vector<uint32_t>& ids)
{
    std::vector<std::string> names;
    if (report.hasVariables()) { // the names alone: a held variable's tiles are not copied
        for (uint32_t id : ids)
            names.emplace_back(report.variables()[id].name);
        return names;
    }
    for (Variable& v : variablesById(report, ids))
        names.push_back(std::move(v.name));
    return names;
}

} // namespace popscope::detail
