#include "models/report_parts.hpp"

#include "popscope/errors.hpp"
#include "popscope/report.hpp"

#include <algorithm>

namespace popscope {

const std::vector<ReportPart>& basicReportParts()
{
    static const std::vector<ReportPart> parts = {ReportPart::Summary,     ReportPart::TileMemory,  ReportPart::Variables,
                                                  ReportPart::VertexTypes, ReportPart::ComputeSets, ReportPart::Exchanges};
    return parts;
}

const char* partStageMessage(ReportPart part)
{
    switch (part) {
    case ReportPart::Summary: return "Reading the summary";
    case ReportPart::TileMemory: return "Reading memory by tile";
    case ReportPart::Variables: return "Reading variables";
    case ReportPart::VertexTypes: return "Reading vertex types";
    case ReportPart::ComputeSets: return "Reading compute sets";
    case ReportPart::Exchanges: return "Reading exchanges";
    case ReportPart::Liveness: return "Reading liveness steps and indexing live ranges";
    case ReportPart::ProgramCycles: return "Reading execution cycles per program";
    case ReportPart::ProgramTree: return "Reading the program tree and execution steps";
    case ReportPart::Operations: return "Reading operations and debug information";
    }
    return "Reading";
}

namespace {
// A part only its own pages need: when the file's tables for it are damaged, the report still
// opens and those pages say what is wrong (the part is not cached, so they meet the same error).
template <typename Read>
void readPageOnlyPart(Read read)
{
    try {
        read();
    } catch (const ProfileError&) {
    }
}
} // namespace

void readReportPart(const Report& report, ReportPart part)
{
    switch (part) {
    case ReportPart::Summary: report.summary(); break;
    case ReportPart::TileMemory: report.tileMemory(); break;
    case ReportPart::Variables: report.variables(); break;
    case ReportPart::VertexTypes: report.vertexTypes(); break;
    case ReportPart::ComputeSets: report.computeSets(); break;
    case ReportPart::Exchanges: report.exchanges(); break;
    case ReportPart::Liveness:
        readPageOnlyPart([&] {
            report.liveness();
            report.liveRanges();
        });
        break;
    case ReportPart::ProgramCycles: readPageOnlyPart([&] { report.programCycles(); }); break;
    case ReportPart::ProgramTree: readPageOnlyPart([&] { report.programIndex(); }); break;
    case ReportPart::Operations: readPageOnlyPart([&] { report.operationAnalysis(); }); break;
    }
}

std::vector<ReportPart> partsToLoad(const std::vector<ReportPart>& parts)
{
    std::vector<ReportPart> all = parts;
    all.insert(all.end(), basicReportParts().begin(), basicReportParts().end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

} // namespace popscope
