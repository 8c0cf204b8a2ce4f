// The variables live at one liveness step and their bytes per tile, from the variables when the
// report holds them, else streamed from the file, so that Insights holds no more of a large report
// than it does without the peak.
#include "peak_live_variables.hpp"

#include "popscope/profile.hpp"
#include "popscope/report.hpp"
#include "popscope/variable_table.hpp"
#include "report_access.hpp"

#include <algorithm>

namespace popscope::detail {

std::vector<int32_t> LiveAtStep::indexByVariable(size_t numVariables) const
{
    std::vector<int32_t> index(numVariables, -1);
    for (size_t i = 0; i < variables.size(); ++i)
        if (variables[i].first < numVariables)
            index[variables[i].first] = int32_t(i);
    return index;
}

LiveAtStep liveVariablesAt(const Report& report, uint32_t step)
{
    LiveAtStep live;
    live.step = step;
    for (const auto& [variable, range] : *ReportAccess::liveRangeList(report))
        if (range.first <= step && step <= range.last)
            live.variables.push_back({ variable, range });
    std::sort(live.variables.begin(), live.variables.end(),
        [](const auto& a, const auto& b) { return a.first < b.first; });
    live.variables.erase(std::unique(live.variables.begin(), live.variables.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
        live.variables.end());
    live.variableBytes.assign(live.variables.size(), 0);
    return live;
}

void addLiveTiles(const Report& report, LiveAtStep& live, size_t numTiles)
{
    live.tileBytes.assign(numTiles, 0);
    const auto add = [&](size_t index, uint32_t tile, uint32_t bytes) {
        live.variableBytes[index] += bytes;
        if (tile < numTiles)
            live.tileBytes[tile] += bytes;
    };
    if (report.hasVariables()) {
        const VariableTable& table = report.variables();
        for (size_t i = 0; i < live.variables.size(); ++i)
            for (const TileBytes& tb : table.tiles(live.variables[i].first))
                add(i, tb.tile, tb.bytes);
        return;
    }
    ReportAccess::withProfile(report, [&](const Profile& profile) {
        const std::vector<int32_t> indexOf = live.indexByVariable(profile.countRows("variables"));
        profile.forEachVariableTile(
            { { 0, uint32_t(numTiles) } }, [&](uint32_t variable, uint32_t tile, uint32_t bytes) {
                if (variable < indexOf.size() && indexOf[variable] >= 0)
                    add(size_t(indexOf[variable]), tile, bytes);
            });
    });
}

std::vector<std::string> variableNamesById(const Report& report, const std::vector<uint32_t>& ids)
{
    std::vector<std::string> names;
    if (report.hasVariables()) {
        for (uint32_t id : ids)
            names.emplace_back(report.variables()[id].name);
        return names;
    }
    ReportAccess::withProfile(report, [&](const Profile& profile) {
        for (Variable& v : profile.readVariablesById(ids))
            names.push_back(std::move(v.name));
    });
    return names;
}

} // namespace popscope::detail
