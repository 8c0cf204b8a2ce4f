// The variable rows of a report, held or streamed (report_variable_rows.hpp). A streamed read holds
// the report's connection while it runs, so a visitor must not ask the report for anything.
#include "report_variable_rows.hpp"

#include "popscope/report.hpp"
#include "popscope/variable_table.hpp"
#include "report_access.hpp"

#include <algorithm>

namespace popscope::detail {

size_t variableCount(const Report& report)
{
    if (report.hasVariables())
        return report.variables().size();
    size_t count = 0;
    ReportAccess::withProfile(
        report, [&](const Profile& profile) { count = profile.countRows("variables"); });
    return count;
}

void forEachVariableTile(const Report& report, const std::vector<Profile::TileRange>& ranges,
    const Profile::VariableTileVisitor& visit)
{
    if (!report.hasVariables()) {
        ReportAccess::withProfile(
            report, [&](const Profile& profile) { profile.forEachVariableTile(ranges, visit); });
        return;
    }
    const auto inRanges = [&](uint32_t tile) {
        return std::any_of(ranges.begin(), ranges.end(),
            [tile](const Profile::TileRange& range) { return tile >= range.first && tile < range.end; });
    };
    const VariableTable& table = report.variables();
    for (size_t v = 0; v < table.size(); ++v)
        for (const TileBytes& tb : table.tiles(v))
            if (inRanges(tb.tile))
                visit(uint32_t(v), tb.tile, tb.bytes);
}

void forEachVariableSize(const Report& report, const Profile::VariableSizeVisitor& visit)
{
    if (!report.hasVariables()) {
        ReportAccess::withProfile(
            report, [&](const Profile& profile) { profile.forEachVariableSize(visit); });
        return;
    }
    const VariableTable& table = report.variables();
    for (size_t v = 0; v < table.size(); ++v) {
        const VariableRow row = table[v];
        visit(uint32_t(v), row.sizeBytes, std::string_view(row.elementType));
    }
}

std::vector<Variable> variablesById(const Report& report, const std::vector<uint32_t>& ids)
{
    std::vector<Variable> variables;
    if (report.hasVariables()) {
        const VariableTable& table = report.variables();
        for (uint32_t id : ids)
            variables.push_back(table[id].toVariable());
        return variables;
    }
    ReportAccess::withProfile(
        report, [&](const Profile& profile) { variables = profile.readVariablesById(ids); });
    return variables;
}

} // namespace popscope::detail
