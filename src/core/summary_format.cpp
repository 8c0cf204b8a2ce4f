// The CLI's renderings of a ProfileSummary: aligned text for people, JSON for scripts.
#include "popscope/errors.hpp"
#include "popscope/summary.hpp"
#include "popscope/summary_figures.hpp"
#include "popscope/units.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace popscope {

std::string formatSummaryText(const ProfileSummary& s)
{
    std::ostringstream out;
    out << printableMessage(s.path, 200) << '\n';
    const std::vector<SummaryFigure> figures = summaryFigures(s);
    const std::string* section = nullptr;
    for (const SummaryFigure& f : figures) {
        if (!section || *section != f.section) {
            section = &f.section;
            const std::string note = sectionNote(f.section);
            out << f.section << (note.empty() ? "" : " (" + note + ")") << '\n';
        }
        const std::string label = printableMessage(f.label, 200);
        std::string value = figureText(f);
        if (f.exactBytes)
            value += " (" + formatCount(f.number) + " bytes)";
        const size_t width = f.section == figure_section::reportFiles ? 42 : 36;
        out << "  " << label << std::string(label.size() + 2 <= width ? width - label.size() : 2, ' ')
            << value << '\n';
    }
    return out.str();
}

std::string formatSummaryJson(const ProfileSummary& s)
{
    using nlohmann::json;
    const Target& t = s.target;
    json ipus = json::array();
    for (const IpuMemorySummary& ipu : s.ipus) {
        ipus.push_back({ { "ipu", ipu.ipu }, { "usedIncludingGaps", ipu.usedIncludingGaps },
            { "usedExcludingGaps", ipu.usedExcludingGaps }, { "capacity", ipu.capacity },
            { "maxTile", ipu.maxTile }, { "maxTileBytes", ipu.maxTileBytes },
            { "tilesOverCapacity", ipu.tilesOverCapacity } });
    }
    auto totals = [](const std::vector<NamedTotal>& list) {
        json object = json::object();
        for (const NamedTotal& t : list)
            object[t.name] = t.value;
        return object;
    };
    json files = json::object();
    for (const ReportFile& f : s.reportFiles)
        files[f.label] = f.present;
    json j = {
        { "path", s.path },
        { "format", { { "major", s.formatMajor }, { "minor", s.formatMinor } } },
        { "target",
            { { "type", t.type }, { "architecture", t.architecture }, { "numIPUs", t.numIpus },
                { "tilesPerIpu", t.tilesPerIpu }, { "numTiles", t.numTiles() },
                { "bytesPerTile", t.bytesPerTile }, { "bytesPerIPU", t.bytesPerIpu() },
                { "totalMemory", t.totalMemory() }, { "clockFrequency", t.clockHz },
                { "numReplicas", t.numReplicas }, { "ipusPerReplica", t.ipusPerReplica } } },
        { "instrumentation",
            { { "compute", t.computeInstrumentation },
                { "externalExchange", t.externalExchangeInstrumentation } } },
        { "poplarVersion", s.info.poplarVersion },
        { "graph",
            { { "numComputeSets", s.numComputeSets }, { "numVertices", s.numVertices },
                { "numVertexTypes", s.numVertexTypes }, { "numVariables", s.numVariables },
                { "numEdges", s.info.numEdges }, { "numPrograms", s.numPrograms },
                { "numExchanges", s.numExchanges } } },
        { "memory",
            { { "usedIncludingGaps", s.totalUsedIncludingGaps },
                { "usedExcludingGaps", s.totalUsedExcludingGaps }, { "capacity", s.totalCapacity },
                { "tilesOverCapacity", s.tilesOverCapacity }, { "fits", s.fits }, { "ipus", ipus },
                { "byCategory", totals(s.memoryByCategory) } } },
        { "execution",
            { { "numRuns", s.numRuns }, { "numSteps", s.numExecutionSteps }, { "totalCycles", s.totalCycles },
                { "estimatedCycles", s.estimatedCycles },
                { "cyclesByStepType", totals(s.cyclesByStepType) } } },
        { "numLivenessSteps", s.numLivenessSteps },
        { "numOperations", s.numOperations },
        { "reportFiles", files },
    };
    json figures = json::array(); // the table the text and the GUI show, as shown
    for (const SummaryFigure& f : summaryFigures(s))
        figures.push_back({ { "section", f.section }, { "label", f.label }, { "text", figureText(f) } });
    j["figures"] = figures;
    return j.dump(2, ' ', false, json::error_handler_t::replace); // names from the file may not be UTF-8
}

} // namespace popscope
