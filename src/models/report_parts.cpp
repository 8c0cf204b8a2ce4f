#include "models/report_parts.hpp"

#include "popscope/errors.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/report.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>

namespace popscope {

const std::vector<ReportPart>& openingParts()
{
    static const std::vector<ReportPart> parts = { ReportPart::Summary };
    return parts;
}

const char* partStageMessage(ReportPart part)
{
    switch (part) {
    case ReportPart::Summary:
        return "Reading the summary";
    case ReportPart::TileMemory:
        return "Reading memory by tile";
    case ReportPart::Variables:
        return "Reading variables";
    case ReportPart::VertexTypes:
        return "Reading vertex types";
    case ReportPart::ComputeSets:
        return "Reading compute sets";
    case ReportPart::Exchanges:
        return "Reading exchanges";
    case ReportPart::Liveness:
        return "Reading liveness steps and indexing live ranges";
    case ReportPart::ProgramCycles:
        return "Reading execution cycles per program";
    case ReportPart::ProgramTree:
        return "Reading the program tree and execution steps";
    case ReportPart::Operations:
        return "Reading operations and debug information";
    case ReportPart::Insights:
        return "Finding the largest variables and vertices";
    }
    return "Reading";
}

namespace {

struct PartHolds {
    std::mutex mutex;
    std::condition_variable released;
    std::set<std::pair<ReportPart, std::string>> held; // (part, path), "" for every report
};

PartHolds& partHolds()
{
    static PartHolds holds;
    return holds;
}

void waitWhileHeld(ReportPart part, const std::string& path)
{
    PartHolds& holds = partHolds();
    std::unique_lock lock(holds.mutex);
    holds.released.wait(lock, [&] {
        return !holds.held.count({ part, {} }) && !holds.held.count({ part, path });
    });
}

} // namespace

void holdReportPart(ReportPart part, bool hold, const std::string& path)
{
    PartHolds& holds = partHolds();
    {
        std::lock_guard lock(holds.mutex);
        if (hold)
            holds.held.insert({ part, path });
        else
            holds.held.erase({ part, path });
    }
    holds.released.notify_all();
}

bool isPartRead(const Report& report, ReportPart part)
{
    switch (part) {
    case ReportPart::Summary:
        return report.hasSummary();
    case ReportPart::TileMemory:
        return report.hasTileMemory();
    case ReportPart::Variables:
        return report.hasVariables();
    case ReportPart::VertexTypes:
        return report.hasVertexTypes();
    case ReportPart::ComputeSets:
        return report.hasComputeSets();
    case ReportPart::Exchanges:
        return report.hasExchanges();
    case ReportPart::Liveness:
        return report.hasLiveness();
    case ReportPart::ProgramCycles:
        return report.hasProgramCycles();
    case ReportPart::ProgramTree:
        return report.hasProgramIndex() && report.hasProgramEstimates();
    case ReportPart::Operations:
        return report.hasOperationAnalysis();
    case ReportPart::Insights:
        return report.hasInsights();
    }
    return false;
}

bool isPartHeld(const Report& report, ReportPart part)
{
    switch (part) {
    case ReportPart::Liveness:
        return report.holdsLiveness();
    case ReportPart::ProgramTree:
        return report.holdsProgramTree();
    case ReportPart::Operations:
        return report.holdsOperations();
    default:
        return isPartRead(report, part);
    }
}

void readReportPart(const Report& report, ReportPart part)
{
    waitWhileHeld(part, report.path());
    switch (part) {
    case ReportPart::Summary:
        report.summary();
        break;
    case ReportPart::TileMemory:
        report.tileMemory();
        break;
    case ReportPart::Variables:
        report.variables();
        break;
    case ReportPart::VertexTypes:
        report.vertexTypes();
        break;
    case ReportPart::ComputeSets:
        report.computeSets();
        break;
    case ReportPart::Exchanges:
        report.exchanges();
        break;
    case ReportPart::Liveness:
        report.liveness();
        report.liveRanges();
        break;
    case ReportPart::ProgramCycles:
        report.programCycles();
        break;
    case ReportPart::ProgramTree:
        report.programIndex();
        report.programCycleEstimates();
        break;
    case ReportPart::Operations:
        report.operationAnalysis();
        break;
    case ReportPart::Insights:
        report.insights();
        break;
    }
}

namespace {

std::atomic<int>& partReaders()
{
    static std::atomic<int> running = 0;
    return running;
}

} // namespace

PartReaderScope::PartReaderScope()
{
    ++partReaders();
}

PartReaderScope::~PartReaderScope()
{
    // The last job to end hands back what its threads freed: their buffers stay in the threads'
    // arenas, between blocks still in use, and a page filled next (two variable tables joined)
    // would allocate beside them. Measured on bench-huge compared with itself: 26 MiB held after
    // its Variables were read, the Memory page shown again 189-206 -> 153-182 MiB.
    if (--partReaders() == 0)
        returnFreedMemory();
}

bool partReadersRunning()
{
    return partReaders().load() > 0;
}

void releaseReportPart(const Report& report, ReportPart part)
{
    switch (part) {
    case ReportPart::Summary:
    case ReportPart::TileMemory:
    case ReportPart::VertexTypes:
    case ReportPart::Insights:
        break; // small, and the summary's base: kept
    case ReportPart::Variables:
        report.releaseVariables();
        break;
    case ReportPart::ComputeSets:
        report.releaseComputeSets();
        break;
    case ReportPart::Exchanges:
        report.releaseExchanges();
        break;
    case ReportPart::Liveness:
        report.releaseLiveness();
        break;
    case ReportPart::ProgramCycles:
        report.releaseProgramCycles();
        break;
    case ReportPart::ProgramTree:
        report.releaseProgramTree();
        break;
    case ReportPart::Operations:
        report.releaseOperations();
        break;
    }
}

uint64_t estimatedPartBytes(const Report& report, ReportPart part)
{
    if (isPartRead(report, part) || !report.hasSummary())
        return 0;
    // Heap added per row, measured with mallinfo2 around each read of bench-large and bench-huge
    // (which agree within 10 %): a variable with its tiles (packed) and name 98 bytes, a vertex instance
    // 2.6, an exchange 900, a liveness step 260 (plus 18 per variable for the live-range index), a
    // program 245 in the tree and 8 in the cycles (plus 32 an execution step while they are summed),
    // an operation 290.
    const ProfileSummary& s = report.summary();
    switch (part) {
    case ReportPart::Summary:
    case ReportPart::TileMemory:
    case ReportPart::VertexTypes:
        return 0;
    case ReportPart::Variables:
        return s.numVariables * 98;
    case ReportPart::ComputeSets:
        return s.numVertices * 26 / 10;
    case ReportPart::Exchanges:
        return s.numExchanges * 900;
    case ReportPart::Liveness:
        return s.numLivenessSteps * 260 + s.numVariables * 18;
    case ReportPart::ProgramCycles:
        return s.numPrograms * 8 + s.numExecutionSteps * 32;
    case ReportPart::ProgramTree:
        return s.numPrograms * 245;
    case ReportPart::Operations:
        return s.numOperations * 290;
    case ReportPart::Insights: // streamed: the variables' bytes on the most used IPU, while it runs
        return s.numVariables * 8;
    }
    return 0;
}

uint64_t estimatedComparisonBytes(const Report& report)
{
    if (!report.hasSummary())
        return 0;
    // The variables' digest about 48 bytes a variable and their join as much again (bench-huge:
    // 1.4 M variables, about 130 MiB a side with the curve), the curve as Liveness reads it.
    const ProfileSummary& s = report.summary();
    return s.numVariables * 96 + (report.hasLiveness() ? 0 : s.numLivenessSteps * 260);
}

std::vector<ReportPart> partsToLoad(const std::vector<ReportPart>& parts)
{
    std::vector<ReportPart> all = parts;
    all.insert(all.end(), openingParts().begin(), openingParts().end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

} // namespace popscope
