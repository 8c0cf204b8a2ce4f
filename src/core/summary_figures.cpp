// The one table of summary figures, and how each kind of figure reads as text.
#include "popscope/summary_figures.hpp"

#include "popscope/errors.hpp"
#include "popscope/memory_categories.hpp"
#include "popscope/plural.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace popscope {

namespace {

std::string clockText(double hz)
{
    if (hz <= 0)
        return "not recorded";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GHz", hz / 1e9);
    return text;
}

// Appends rows of one section.
class FigureList {
public:
    explicit FigureList(std::vector<SummaryFigure>& figures)
        : m_figures(figures)
    {
    }
    // `key` prefixes the keys of the section's figures ("memory-by-category").
    void section(const char* name, std::string key)
    {
        m_section = name;
        m_sectionKey = std::move(key);
    }
    SummaryFigure& add(std::string_view key, std::string label, FigureKind kind, uint64_t number = 0)
    {
        SummaryFigure& f = m_figures.emplace_back();
        f.key = m_sectionKey + "." + std::string(key);
        f.section = m_section;
        f.label = std::move(label);
        f.kind = kind;
        f.number = number;
        return f;
    }
    void text(std::string_view key, std::string label, std::string text)
    {
        add(key, std::move(label), FigureKind::Text).text = std::move(text);
    }
    SummaryFigure& count(std::string_view key, std::string label, uint64_t n)
    {
        return add(key, std::move(label), FigureKind::Count, n);
    }
    void bytes(std::string_view key, std::string label, uint64_t n, bool exact = false)
    {
        add(key, std::move(label), FigureKind::Bytes, n).exactBytes = exact;
    }

private:
    std::vector<SummaryFigure>& m_figures;
    std::string m_section;
    std::string m_sectionKey;
};

void targetFigures(FigureList& add, const ProfileSummary& s)
{
    const Target& t = s.target;
    add.section(figure_section::target, "target");
    add.text("type", "Type", t.type);
    add.text("architecture", "Architecture", t.architecture);
    SummaryFigure& when = add.add("timestamp", "Timestamp", FigureKind::Text);
    when.text = recordedTimestamp(s.info.timestamp);
    when.toolTip = "When the profile was written";
    add.count("tiles-per-ipu", "Tiles per IPU", t.tilesPerIpu);
    add.count("ipus", "IPUs", t.numIpus);
    if (t.numReplicas > 1) {
        add.count("ipus-per-replica", "IPUs per replica", t.ipusPerReplica);
        add.count("replicas", "Replicas", t.numReplicas);
        add.count("total-ipus", "Total IPUs", uint64_t(t.numIpus) * t.numReplicas);
    }
    add.count("total-tiles", "Total tiles", t.numTiles());
    add.bytes("memory-per-tile", "Memory per tile", t.bytesPerTile, true);
    add.bytes("memory-per-ipu", "Memory per IPU", t.bytesPerIpu(), true);
    if (t.numReplicas > 1)
        add.bytes("memory-per-replica", "Memory per replica", t.bytesPerIpu() * t.ipusPerReplica);
    add.bytes("total-memory", "Total memory", t.totalMemory(), true);
    add.add("clock", "Clock", FigureKind::Hz).fraction = t.clockHz;
    add.text("compute-instrumentation", "Compute instrumentation", t.computeInstrumentation);
    add.text("external-exchange-instrumentation", "External exchange instrumentation",
        t.externalExchangeInstrumentation);
}

void memoryFigures(FigureList& add, const ProfileSummary& s)
{
    add.section(figure_section::memory, "memory");
    add.bytes("used-excluding-gaps", "Used (excluding gaps)", s.totalUsedExcludingGaps);
    add.bytes("used-including-gaps", "Used (including gaps)", s.totalUsedIncludingGaps);
    add.bytes("capacity", "Capacity", s.totalCapacity);
    add.add("share-used", "Share used", FigureKind::Percent).fraction = s.shareUsed();
    const auto fullest = std::max_element(s.ipus.begin(), s.ipus.end(),
        [](const IpuMemorySummary& a, const IpuMemorySummary& b) { return a.maxTileBytes < b.maxTileBytes; });
    SummaryFigure& most = add.add("most-used-tile", "Most used tile", FigureKind::Bytes,
        fullest == s.ipus.end() ? 0 : fullest->maxTileBytes);
    if (fullest != s.ipus.end())
        most.text = " on tile " + std::to_string(fullest->maxTile);
    add.count("tiles-over-capacity", "Tiles over capacity", s.tilesOverCapacity);
    add.text("fits", "Fits",
        s.fits ? "yes, every tile is within " + formatBytes(s.target.bytesPerTile)
               : "NO: " + countOf(s.tilesOverCapacity, "tile") + ' '
                + pluralWord(s.tilesOverCapacity, "exceeds", "exceed") + ' '
                + formatBytes(s.target.bytesPerTile));
    for (const IpuMemorySummary& ipu : s.ipus) {
        SummaryFigure& f = add.add("ipu-" + std::to_string(ipu.ipu), "IPU " + std::to_string(ipu.ipu),
            FigureKind::Bytes, ipu.usedIncludingGaps);
        f.text = " of " + formatBytes(ipu.capacity) + " (" + formatPercent(ipu.shareUsed())
            + "), fullest tile " + std::to_string(ipu.maxTile) + " at " + formatBytes(ipu.maxTileBytes);
        f.toolTip = "Used (including gaps) on this IPU";
    }
    add.section(figure_section::memoryByCategory, "memory-by-category");
    for (const NamedTotal& c : s.memoryByCategory)
        add.add(c.name, categoryLabel(c.name), FigureKind::Bytes, c.value).text
            = formatShareAfter(c.value, s.totalUsedExcludingGaps);
}

void graphFigures(FigureList& add, const ProfileSummary& s)
{
    add.section(figure_section::graph, "graph");
    add.count("compute-sets", "Compute sets", s.numComputeSets);
    add.count("vertices", "Vertices", s.numVertices).toolTip = "Vertex instances over all compute sets";
    add.count("vertex-types", "Vertex types", s.numVertexTypes);
    add.count("variables", "Variables", s.numVariables);
    add.count("edges", "Edges", s.info.numEdges);
    add.count("programs", "Programs", s.numPrograms);
    add.count("exchanges", "Exchanges", s.numExchanges);
    add.count("liveness-steps", "Liveness steps", s.numLivenessSteps);
    add.count("execution-steps", "Execution steps", s.numExecutionSteps);
    add.count("runs", "Runs", s.numRuns);
    add.count("operations", "Operations", s.numOperations);
    if (s.totalCycles > 0) {
        SummaryFigure& cycles = add.add("total-cycles", "Total cycles", FigureKind::Cycles, s.totalCycles);
        cycles.fraction = s.target.clockHz;
        cycles.toolTip = "Execution span over all IPUs: the latest step end less the earliest start";
    }
    if (s.totalCycles == 0 && s.estimatedCycles > 0) {
        SummaryFigure& cycles
            = add.add("estimated-cycles", "Estimated cycles", FigureKind::Cycles, s.estimatedCycles);
        cycles.fraction = s.target.clockHz;
        cycles.toolTip = "The compiler's estimate of one run of the control programs: the report holds no "
                         "execution";
    }
    add.section(figure_section::cyclesByStepType, "cycles-by-step-type");
    uint64_t all = 0; // saturating: a hostile file could make the sum wrap
    for (const NamedTotal& c : s.cyclesByStepType)
        all = c.value > UINT64_MAX - all ? UINT64_MAX : all + c.value;
    for (const NamedTotal& c : s.cyclesByStepType)
        add.add(c.name, c.name, FigureKind::Cycles, c.value).text = formatShareAfter(c.value, all);
}

void poplarFigures(FigureList& add, const ProfileSummary& s)
{
    add.section(figure_section::poplar, "poplar");
    add.text("poplar-version", "Poplar version", s.info.poplarVersion);
    if (!s.info.generator.empty())
        add.text("written-by", "Written by", s.info.generator);
    add.text("profile-format", "Profile format",
        std::to_string(s.formatMajor) + "." + std::to_string(s.formatMinor));
    add.section(figure_section::reportFiles, "report-files");
    for (const ReportFile& f : s.reportFiles)
        add.text(f.key, f.label, f.present ? "✔ present" : "— not found");
}

} // namespace

std::vector<SummaryFigure> summaryFigures(const ProfileSummary& s)
{
    std::vector<SummaryFigure> figures;
    FigureList add(figures);
    targetFigures(add, s);
    memoryFigures(add, s);
    graphFigures(add, s);
    poplarFigures(add, s);
    return figures;
}

std::vector<std::string> figureSections(const std::vector<SummaryFigure>& figures)
{
    std::vector<std::string> sections;
    for (const SummaryFigure& f : figures)
        if (std::find(sections.begin(), sections.end(), f.section) == sections.end())
            sections.push_back(f.section);
    return sections;
}

const SummaryFigure* findFigure(const std::vector<SummaryFigure>& figures, std::string_view key)
{
    for (const SummaryFigure& f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

std::string sectionNote(const std::string& section)
{
    if (section == figure_section::memoryByCategory)
        return "all tiles, excluding gaps";
    if (section == figure_section::cyclesByStepType)
        return "summed over steps and IPUs";
    return {};
}

std::string figureText(const SummaryFigure& f, MemoryUnit unit)
{
    // Text stored in the file, made safe for a terminal (no escape sequences, bounded length).
    const std::string detail = printableMessage(f.text, 200);
    switch (f.kind) {
    case FigureKind::Text:
        return detail.empty() ? "not recorded" : detail;
    case FigureKind::Count:
        return formatCount(f.number) + detail;
    case FigureKind::Bytes:
        return formatBytes(f.number, unit) + detail;
    case FigureKind::Percent:
        return formatPercent(f.fraction) + detail;
    case FigureKind::Hz:
        return clockText(f.fraction) + detail;
    case FigureKind::Cycles:
        if (f.fraction > 0) {
            char time[64];
            std::snprintf(time, sizeof time, " (%.3f ms at %s)", double(f.number) / f.fraction * 1e3,
                clockText(f.fraction).c_str());
            return formatCount(f.number) + time + detail;
        }
        return formatCount(f.number) + detail;
    }
    return detail;
}

std::string recordedTimestamp(const std::string& timestamp)
{
    const auto first = timestamp.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    const std::string t = timestamp.substr(first, timestamp.find_last_not_of(" \t\r\n") - first + 1);
    if (t == "0")
        return {};
    // An ISO date in or before 1970 is a clock that was not set, not a date.
    const bool isoYear = t.size() >= 5
        && std::all_of(t.begin(), t.begin() + 4, [](unsigned char c) { return std::isdigit(c); })
        && t[4] == '-';
    if (isoYear && (std::stoi(t.substr(0, 4)) < 1970 || t.rfind("1970-01-01", 0) == 0))
        return {};
    return t;
}

} // namespace popscope
