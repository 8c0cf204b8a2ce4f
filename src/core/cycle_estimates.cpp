// The compiler's cycle estimates beside the measured cycles, and `popscope-cli estimates`' text and JSON.
#include "popscope/cycle_estimates.hpp"

#include "popscope/errors.hpp"
#include "popscope/program_types.hpp"
#include "popscope/units.hpp"
#include "report_access.hpp"
#include "shown_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>

namespace popscope {

bool isEstimatedProgramType(std::string_view type)
{
    const ProgramFamily family = programTypeInfo(type).family;
    return family == ProgramFamily::Exchange || family == ProgramFamily::StreamCopy;
}

namespace {

// Adds one IPU's row of `id` to the last row of `rows`, or starts a row for it.
void addTileRow(std::vector<EstimateRow>& rows, const EstimatedTileCycles& row)
{
    if (rows.empty() || rows.back().id != row.id) {
        rows.emplace_back();
        rows.back().id = row.id;
    }
    EstimateRow& out = rows.back();
    for (uint32_t cycles : row.cycles) {
        out.estimatedCycles = std::max<uint64_t>(out.estimatedCycles, cycles);
        out.estimatedTileCycles += cycles;
    }
}

// Each row's executions and measured cycles, from the steps that ran its compute set or program.
void addMeasured(const Report& report, EstimateComparison& c)
{
    const ProgramTable& programs = report.programs();
    const StepCycles& steps = report.stepCycles();
    std::map<int64_t, EstimateRow*> bySet, byProgram;
    for (EstimateRow& row : c.computeSets)
        bySet[row.id] = &row;
    for (EstimateRow& row : c.programs)
        byProgram[row.id] = &row;
    for (size_t s = 0; s < steps.size(); ++s) {
        const uint32_t program = steps.program[s];
        EstimateRow* row = nullptr;
        if (auto found = byProgram.find(program); found != byProgram.end())
            row = found->second;
        else if (auto set = bySet.find(programs.at(program).computeSet); set != bySet.end())
            row = set->second; // steps name programs in range: readStepCycles checks them
        if (row) {
            ++row->executions;
            row->measuredCycles += steps.cycles[s];
        }
    }
}

void addNames(const Report& report, EstimateComparison& c)
{
    const ProgramTable& programs = report.programs();
    const GraphDigest digest = detail::ReportAccess::graphDigest(report);
    for (EstimateRow& row : c.computeSets) {
        row.type = "OnTileExecute";
        if (row.id < digest.computeSetNames.size())
            row.name = digest.computeSetNames[row.id];
    }
    for (EstimateRow& row : c.programs) {
        const ProgramRow program = programs.at(row.id); // in range: the read checked it
        row.type = program.type;
        row.name = program.name;
    }
    const std::vector<VertexType>& types = report.vertexTypes();
    std::vector<ComputeSetVertices> entries;
    for (size_t i = 0; i < c.vertices.size(); ++i) {
        VertexEstimateRow& v = c.vertices[i];
        if (i == 0 || c.vertices[i - 1].computeSet != v.computeSet)
            entries = report.computeSetVertices(v.computeSet); // a few rows, by its primary key
        if (v.position < entries.size() && entries[v.position].vertexType < types.size())
            v.vertexType = types[entries[v.position].vertexType].name;
    }
}

std::string ratioText(uint64_t measured, uint64_t estimated)
{
    if (!estimated)
        return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", double(measured) / double(estimated));
    return text;
}

std::string rightAligned(std::string text, size_t width)
{
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

// The `top` rows of the largest estimates, as a table with a total over every row.
void printRows(std::ostream& out, const char* title, const std::vector<EstimateRow>& rows, size_t top)
{
    std::vector<size_t> order(rows.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
        [&](size_t a, size_t b) { return rows[a].estimatedCycles > rows[b].estimatedCycles; });
    uint64_t estimated = 0, measured = 0;
    for (const EstimateRow& row : rows) {
        estimated += row.estimatedCycles * row.executions;
        measured += row.measuredCycles;
    }
    out << "\n"
        << title << ": " << formatCount(rows.size()) << " estimated; over their executions "
        << formatCount(estimated) << " cycles estimated, " << formatCount(measured) << " measured (x"
        << ratioText(measured, estimated) << ")\n";
    out << rightAligned("Estimated", 14) << rightAligned("Measured/run", 15) << rightAligned("Runs", 8)
        << rightAligned("x", 7) << "  Name\n";
    for (size_t i = 0; i < order.size() && i < top; ++i) {
        const EstimateRow& row = rows[order[i]];
        const uint64_t perRun = row.executions ? row.measuredCycles / row.executions : 0;
        out << rightAligned(formatCount(row.estimatedCycles), 14)
            << rightAligned(row.executions ? formatCount(perRun) : "-", 15)
            << rightAligned(formatCount(row.executions), 8)
            << rightAligned(row.executions ? ratioText(perRun, row.estimatedCycles) : "-", 7) << "  "
            << shownText(row.name)
            << (row.type == "OnTileExecute" || std::string_view(row.name).ends_with(row.type)
                       ? ""
                       : " (" + shownText(row.type) + ")")
            << "\n";
    }
    if (order.size() > top)
        out << "  ... " << formatCount(order.size() - top) << " more (--top N)\n";
}

nlohmann::json estimateRowJson(const EstimateRow& row)
{
    return { { "id", row.id }, { "name", row.name }, { "type", row.type },
        { "estimatedCycles", row.estimatedCycles }, { "estimatedTileCycles", row.estimatedTileCycles },
        { "executions", row.executions }, { "measuredCycles", row.measuredCycles } };
}

} // namespace

EstimateComparison compareEstimates(const Report& report)
{
    EstimateComparison c;
    std::vector<VertexEstimate> vertices;
    detail::ReportAccess::withProfile(report, [&](const Profile& p) {
        c.present = p.hasEstimates();
        p.forEachComputeSetEstimate([&](const EstimatedTileCycles& row) { addTileRow(c.computeSets, row); });
        p.forEachProgramEstimate([&](const EstimatedTileCycles& row) { addTileRow(c.programs, row); });
        vertices = p.readVertexEstimates();
    });
    for (const VertexEstimate& v : vertices)
        c.vertices.push_back({ v.computeSet, v.position, {}, v.cycles });
    if (!c.present)
        return c;
    addNames(report, c);
    addMeasured(report, c);
    return c;
}

std::string formatEstimatesText(const Report& report, const EstimateComparison& c, size_t top)
{
    std::ostringstream out;
    out << printableMessage(report.path()) << ": ";
    if (!c.present) {
        out << "no cycle estimates (the profile is format " << report.profile().formatMajor() << "."
            << report.profile().formatMinor()
            << "; estimates come with 1.2, from the simulator or a converted Poplar report that has them)\n";
        return out.str();
    }
    out << "the compiler's cycle estimates beside the measured cycles (slowest tile; measured: the steps' "
           "slowest IPU, per run)\n";
    printRows(out, "Compute sets", c.computeSets, top);
    printRows(out, "Exchange programs", c.programs, top);
    out << "\n"
        << formatCount(c.vertices.size())
        << " vertex entries carry an estimate of one vertex (--json lists them)\n";
    return out.str();
}

std::string formatEstimatesJson(const Report& report, const EstimateComparison& c)
{
    using nlohmann::json;
    json sets = json::array(), programs = json::array();
    std::map<uint32_t, json> vertices;
    for (const VertexEstimateRow& v : c.vertices)
        vertices[v.computeSet].push_back({ { "position", v.position }, { "type", v.vertexType },
            { "estimatedCycles", v.estimatedCycles } });
    for (const EstimateRow& row : c.computeSets) {
        json j = estimateRowJson(row);
        auto found = vertices.find(row.id);
        j["vertices"] = found == vertices.end() ? json::array() : found->second;
        sets.push_back(std::move(j));
    }
    for (const EstimateRow& row : c.programs)
        programs.push_back(estimateRowJson(row));
    json j = { { "file", report.path() }, { "present", c.present }, { "computeSets", sets },
        { "programs", programs } };
    return j.dump(1, ' ', false, json::error_handler_t::replace);
}

} // namespace popscope
