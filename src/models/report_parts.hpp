#pragma once
// The parts of a report a page needs before it shows it. Opening a report reads the summary alone;
// each page names its own parts (ReportPage::parts) and reads them, off the GUI thread, when it is
// first shown (PartsLoader). A part read once stays in core's Report for every page.
#include <cstdint>
#include <string>
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
    Operations, // operations with their figures (Report::operationAnalysis)
    Liveness, // liveness steps and the live-range index (Liveness report)
    ProgramCycles, // execution cycles per program (Liveness report's Cycle Estimates)
    Insights, // the Insights report's analysis (Report::insights), a few KiB
};
constexpr int kReportPartCount = int(ReportPart::Insights) + 1; // keep Insights last

// What opening a report reads before the first page: the summary.
const std::vector<ReportPart>& openingParts();
// "Reading variables", for progress.
const char* partStageMessage(ReportPart part);
// Asks the report for the part (read once, then cached in the Report); throws ProfileError for a
// damaged part, which is not cached, so asking again retries.
void readReportPart(const Report& report, ReportPart part);
// Whether the part is read already (never blocks).
bool isPartRead(const Report& report, ReportPart part);
// Whether the report holds any of the part (read in full or in part): what releasing it frees.
bool isPartHeld(const Report& report, ReportPart part);
// Lets go of a part read before (Report::release*), so its memory returns; the summary, tile memory
// and vertex types (small) stay. Only when no page that shows the part is loaded and no job runs.
void releaseReportPart(const Report& report, ReportPart part);
// Marks a background job that reads parts by reference (a page's parts loader, the comparer, the
// trace builder) for its lifetime, abandoned or not: while any runs, no part is released.
class PartReaderScope {
public:
    PartReaderScope();
    ~PartReaderScope();
    PartReaderScope(const PartReaderScope&) = delete;
    PartReaderScope& operator=(const PartReaderScope&) = delete;
};
bool partReadersRunning();
// Roughly what reading the part adds to the heap, from the summary's counts (measured on
// bench-large and bench-huge), so the window can make room before a page reads its parts.
uint64_t estimatedPartBytes(const Report& report, ReportPart part);
// Roughly what compareReports holds of the report while it runs: its digest of the variables and
// their join, and the liveness curve unless read already (the graph tables' digest is small).
uint64_t estimatedComparisonBytes(const Report& report);
// `parts` in a fixed order without repeats, plus the opening parts.
std::vector<ReportPart> partsToLoad(const std::vector<ReportPart>& parts);

// Test hook: while a part is held, every read of it waits until it is released, so a test can
// make a page's loading slow deterministically, without timers. `path` holds it for the report
// opened from that file only (its Report::path()); empty holds it for every report.
void holdReportPart(ReportPart part, bool hold, const std::string& path = {});

} // namespace popscope
