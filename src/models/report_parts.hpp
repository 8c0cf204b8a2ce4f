#pragma once
// The parts of a report a page needs before it is shown. Each registered page names its parts;
// the loader reads the union of them, one progress stage each, off the GUI thread, so a report
// added later (Liveness, Program Tree, ...) adds its stage by registering.
#include <vector>

namespace popscope {

class Report;

enum class ReportPart {
    Summary,
    TileMemory,
    Variables,
    VertexTypes,
    ComputeSets,
    Exchanges,
    ProgramTree, // programs, their roots and steps, indexed (Report::programIndex)
    Operations,  // operations with their figures (Report::operationAnalysis)
    Liveness,      // liveness steps and the live-range index (Liveness report)
    ProgramCycles, // execution cycles per program (Liveness report's Cycle Estimates)
};

// The parts every LoadedReport holds (the first pages need them all).
const std::vector<ReportPart>& basicReportParts();
// "Reading variables", for the progress dialog.
const char* partStageMessage(ReportPart part);
// Asks the report for the part (read once, then cached in the Report). The Program Tree and
// Operations parts do not throw: a damaged one is reported by the page that needs it.
void readReportPart(const Report& report, ReportPart part);
// `parts` in a fixed order without repeats, plus the basic parts.
std::vector<ReportPart> partsToLoad(const std::vector<ReportPart>& parts);

} // namespace popscope
