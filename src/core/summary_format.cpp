// The CLI's renderings of a ProfileSummary: aligned text for people, JSON for scripts.
#include "popscope/errors.hpp"
#include "popscope/memory_categories.hpp"
#include "popscope/summary.hpp"
#include "popscope/units.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace popscope {

namespace {

std::string clock(double hz)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g GHz", hz / 1e9);
    return text;
}

std::string bytesWithExact(uint64_t bytes)
{
    return formatBytes(bytes) + " (" + formatCount(bytes) + " bytes)";
}

// Text stored in the file, made safe for a terminal (no escape sequences, bounded length).
std::string shown(const std::string& text)
{
    return printableMessage(text, 200);
}

std::string shareOf(uint64_t part, uint64_t whole)
{
    return whole ? " (" + formatPercent(double(part) / double(whole)) + ")" : std::string();
}

} // namespace

std::string formatSummaryText(const ProfileSummary& s)
{
    std::ostringstream out;
    auto row = [&](const std::string& label, const std::string& value, size_t width = 28) {
        out << "  " << label << std::string(label.size() + 2 <= width ? width - label.size() : 2, ' ') << value << '\n';
    };
    const Target& t = s.target;
    out << shown(s.path) << '\n';
    out << "Target\n";
    row("Type", shown(t.type));
    row("Architecture", shown(t.architecture));
    row("IPUs", formatCount(t.numIpus));
    if (t.numReplicas > 1) {
        row("Replicas", formatCount(t.numReplicas));
        row("Total IPUs", formatCount(uint64_t(t.numIpus) * t.numReplicas));
    }
    row("Tiles per IPU", formatCount(t.tilesPerIpu));
    row("Total tiles", formatCount(t.numTiles()));
    row("Memory per tile", bytesWithExact(t.bytesPerTile));
    row("Memory per IPU", bytesWithExact(t.bytesPerIpu()));
    row("Total memory", bytesWithExact(t.totalMemory()));
    row("Clock", clock(t.clockHz));
    row("Compute instrumentation", shown(t.computeInstrumentation));
    row("External exchange instr.", shown(t.externalExchangeInstrumentation));
    if (!s.info.poplarVersion.empty())
        row("Poplar version", shown(s.info.poplarVersion));
    out << "Graph\n";
    row("Compute sets", formatCount(s.numComputeSets));
    row("Vertices", formatCount(s.numVertices));
    row("Vertex types", formatCount(s.numVertexTypes));
    row("Variables", formatCount(s.numVariables));
    row("Edges", formatCount(s.info.numEdges));
    row("Programs", formatCount(s.numPrograms));
    row("Exchanges", formatCount(s.numExchanges));
    out << "Memory\n";
    const double share = s.totalCapacity ? double(s.totalUsedIncludingGaps) / double(s.totalCapacity) : 0;
    row("Used (including gaps)", formatBytes(s.totalUsedIncludingGaps) + " of " + formatBytes(s.totalCapacity) + " ("
            + formatPercent(share) + ")");
    row("Used (excluding gaps)", formatBytes(s.totalUsedExcludingGaps));
    for (const IpuMemorySummary& ipu : s.ipus) {
        row("IPU " + std::to_string(ipu.ipu),
            formatBytes(ipu.usedIncludingGaps) + " of " + formatBytes(ipu.capacity) + ", fullest tile "
                + std::to_string(ipu.maxTile) + " at " + formatBytes(ipu.maxTileBytes)
                + (ipu.tilesOverCapacity ? ", " + formatCount(ipu.tilesOverCapacity) + " tiles over capacity" : ""));
    }
    if (s.fits)
        row("Fits", "yes, every tile is within " + formatBytes(t.bytesPerTile));
    else
        row("Fits", "NO: " + formatCount(s.tilesOverCapacity) + " tiles exceed " + formatBytes(t.bytesPerTile));
    if (!s.memoryByCategory.empty()) {
        out << "Memory by category (all tiles, excluding gaps)\n";
        for (const NamedTotal& c : s.memoryByCategory)
            row(shown(categoryLabel(c.name)), formatBytes(c.value) + shareOf(c.value, s.totalUsedExcludingGaps));
    }
    out << "Execution\n";
    row("Runs", formatCount(s.numRuns));
    row("Execution steps", formatCount(s.numExecutionSteps));
    if (s.numExecutionSteps) {
        char time[48];
        std::snprintf(time, sizeof time, " (%.3f ms at %s)", double(s.totalCycles) / t.clockHz * 1e3, clock(t.clockHz).c_str());
        row("Total cycles", formatCount(s.totalCycles) + time);
    }
    if (!s.cyclesByStepType.empty()) {
        uint64_t all = 0; // saturating: a hostile file could make the sum wrap
        for (const NamedTotal& c : s.cyclesByStepType)
            all = c.value > UINT64_MAX - all ? UINT64_MAX : all + c.value;
        out << "Cycles by step type (summed over steps and IPUs)\n";
        for (const NamedTotal& c : s.cyclesByStepType)
            row(shown(c.name), formatCount(c.value) + shareOf(c.value, all));
    }
    row("Liveness steps", formatCount(s.numLivenessSteps));
    row("Operations", formatCount(s.numOperations));
    out << "Report files\n";
    for (const ReportFile& f : s.reportFiles)
        row(f.label, f.present ? "present" : "-", 42);
    return out.str();
}

std::string formatSummaryJson(const ProfileSummary& s)
{
    using nlohmann::json;
    const Target& t = s.target;
    json ipus = json::array();
    for (const IpuMemorySummary& ipu : s.ipus) {
        ipus.push_back({ { "ipu", ipu.ipu }, { "usedIncludingGaps", ipu.usedIncludingGaps },
            { "usedExcludingGaps", ipu.usedExcludingGaps }, { "capacity", ipu.capacity }, { "maxTile", ipu.maxTile },
            { "maxTileBytes", ipu.maxTileBytes }, { "tilesOverCapacity", ipu.tilesOverCapacity } });
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
                { "tilesPerIpu", t.tilesPerIpu }, { "numTiles", t.numTiles() }, { "bytesPerTile", t.bytesPerTile },
                { "bytesPerIPU", t.bytesPerIpu() }, { "totalMemory", t.totalMemory() },
                { "clockFrequency", t.clockHz }, { "numReplicas", t.numReplicas },
                { "ipusPerReplica", t.ipusPerReplica } } },
        { "instrumentation", { { "compute", t.computeInstrumentation }, { "externalExchange", t.externalExchangeInstrumentation } } },
        { "poplarVersion", s.info.poplarVersion },
        { "graph",
            { { "numComputeSets", s.numComputeSets }, { "numVertices", s.numVertices },
                { "numVertexTypes", s.numVertexTypes }, { "numVariables", s.numVariables },
                { "numEdges", s.info.numEdges }, { "numPrograms", s.numPrograms }, { "numExchanges", s.numExchanges } } },
        { "memory",
            { { "usedIncludingGaps", s.totalUsedIncludingGaps }, { "usedExcludingGaps", s.totalUsedExcludingGaps },
                { "capacity", s.totalCapacity }, { "tilesOverCapacity", s.tilesOverCapacity }, { "fits", s.fits },
                { "ipus", ipus }, { "byCategory", totals(s.memoryByCategory) } } },
        { "execution",
            { { "numRuns", s.numRuns }, { "numSteps", s.numExecutionSteps }, { "totalCycles", s.totalCycles },
                { "cyclesByStepType", totals(s.cyclesByStepType) } } },
        { "numLivenessSteps", s.numLivenessSteps },
        { "numOperations", s.numOperations },
        { "reportFiles", files },
    };
    return j.dump(2, ' ', false, json::error_handler_t::replace); // names from the file may not be UTF-8
}

} // namespace popscope
