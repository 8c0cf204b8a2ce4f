#include "models/report_parts.hpp"

#include "popscope/errors.hpp"
#include "popscope/report.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <set>

namespace popscope {

const std::vector<ReportPart>& openingParts()
{
    static const std::vector<ReportPart> parts = { ReportPart::Summary };
    return parts;
}

const std::vector<ReportPart>& memoryReportParts()
{
    static const std::vector<ReportPart> parts = { ReportPart::TileMemory, ReportPart::Variables,
        ReportPart::VertexTypes, ReportPart::ComputeSets, ReportPart::Exchanges };
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
        return report.hasProgramIndex();
    case ReportPart::Operations:
        return report.hasOperationAnalysis();
    }
    return false;
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
        break;
    case ReportPart::Operations:
        report.operationAnalysis();
        break;
    }
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
