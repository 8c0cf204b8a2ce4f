#pragma once
// Two reports compared: plain numbers for the What changed page, the compare-mode tables and
// `popscope-cli compare`. Rows are matched by name (matchRows); every difference is target - source.
#include "popscope/liveness_report.hpp"
#include "popscope/row_match.hpp"
#include "popscope/trace_comparison.hpp"
#include "popscope/units.hpp"

#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace popscope {

class Report;

// One figure on both sides.
struct ComparedFigure {
    uint64_t source = 0;
    uint64_t target = 0;
    SignedDiff diff;
};
ComparedFigure compareFigure(uint64_t source, uint64_t target);

// One row matched by name; a side that lacks the row has index -1 and figure 0.
struct RowChange {
    std::string name;
    int64_t sourceIndex = -1; // row index in the source's table (Report::variables(), ...)
    int64_t targetIndex = -1;
    uint64_t source = 0;
    uint64_t target = 0;
    SignedDiff diff;
    bool inSource() const { return sourceIndex >= 0; }
    bool inTarget() const { return targetIndex >= 0; }
};

// One table's rows compared on one figure: counts, totals and the rows that moved most.
struct TableChanges {
    std::string table; // "variables", "vertices", "computeSets", "exchanges", "categories"
    std::string metric; // what the figure is: "size", "vertex state", "vertex code", "vertex instances", ...
    std::string unit; // "bytes" or "count"
    uint64_t sourceRows = 0, targetRows = 0;
    uint64_t matchedRows = 0, addedRows = 0, removedRows = 0; // added: target only; removed: source only
    uint64_t grownRows = 0, shrunkRows = 0; // matched rows whose figure rose / fell
    ComparedFigure total; // the figure summed over each side's rows
    uint64_t addedTotal = 0, removedTotal = 0; // the figure summed over new / removed rows
    // Up to CompareOptions::topRows each: grown and shrunk (matched rows, largest |diff| first),
    // added and removed (largest figure first; ties in table order).
    std::vector<RowChange> grown, shrunk, added, removed;
};

struct OptionDifference {
    std::string name;
    std::string source, target; // values; "" where a side lacks the option
    bool inSource = false, inTarget = false;
};

struct ComparedSide {
    std::string path;
    std::string architecture;
    uint32_t numIpus = 0;
    uint32_t tilesPerIpu = 0;
    uint32_t numTiles = 0;
    uint64_t bytesPerTile = 0;
    uint64_t capacity = 0;
    uint32_t peakTile = 0; // global tile id with the most memory (including gaps); lowest id on ties
};

struct ReportComparison {
    ComparedSide source, target;
    uint32_t commonTiles = 0; // tiles compared one to one: min of both sides' tile counts
    std::string tilesNote; // "" when both sides have the same architecture and tiles
    ComparedFigure totalMemory; // including gaps, all tiles
    ComparedFigure totalMemoryExcludingGaps;
    ComparedFigure peakTileMemory; // bytes of each side's most used tile (source.peakTile, target.peakTile)
    ComparedFigure tilesOverCapacity;
    ComparedFigure alwaysLive; // always-live bytes over all tiles
    ComparedFigure notAlwaysLive; // not-always-live bytes over all tiles
    // Per tile over the common range: how many tiles use more / less, and the largest moves.
    uint32_t tilesGrown = 0, tilesShrunk = 0;
    uint32_t tileLargestIncrease = 0, tileLargestDecrease = 0; // tile ids
    ComparedFigure tileIncrease, tileDecrease; // their bytes on both sides
    std::vector<RowChange> categories; // memory by category (excluding gaps), every category of either side
    TableChanges variables; // size in bytes
    // Always-live flag flips among matched variables (e.g. optimiser state offloaded to the host).
    uint64_t becameNotAlwaysLive = 0, becameNotAlwaysLiveBytes = 0; // bytes: source sizes
    uint64_t becameAlwaysLive = 0, becameAlwaysLiveBytes = 0;
    TableChanges vertexState; // per vertex type: instances × state bytes
    TableChanges vertexCode; // per vertex type: tiles holding it × code bytes
    TableChanges computeSets; // vertex instances per compute set
    TableChanges exchangeCode; // code bytes per exchange, summed over tiles
    TableChanges exchangeBytes; // payload bytes per exchange
    std::vector<OptionDifference> engineOptions; // options that differ or exist on one side only
    LivenessComparison liveness; // peak liveness and the variables live there (all IPUs)
    // Operations of every layer, matched by operationKey (layer, name, debug name).
    TableChanges operationCycles; // cycles of each operation's steps
    TableChanges operationFlops;
    TableChanges operationCode; // code bytes of each operation's programs
    TraceComparison trace; // execution traces: only after compareExecutionTraces
};

struct CompareOptions {
    size_t topRows = 10; // rows kept per list (grown, shrunk, added, removed)
    // Asked between the comparison's reads and steps (from its threads); once it says true,
    // compareReports throws ComparisonCancelled at the next one, holding nothing it read for itself.
    std::function<bool()> cancelled;
};

// compareReports was cancelled (CompareOptions::cancelled).
class ComparisonCancelled : public std::exception {
public:
    const char* what() const noexcept override { return "the comparison was cancelled"; }
};

// Reads summary, tile memory, vertex types, operations and the liveness curve of both reports (the
// target's in a second thread), and digests of their variables, compute sets and exchanges, which
// it does not keep in the reports; then compares them. Throws ComparisonCancelled once cancelled.
ReportComparison compareReports(
    const Report& source, const Report& target, const CompareOptions& options = {});

// One headline difference, for the What changed page and the CLI.
struct ChangeLine {
    std::string page; // "memory", "summary", "insights"
    std::string table; // "variables", "vertices", "computeSets", "exchanges", "categories", ""
    std::string rowKey; // the row's name for the GUI to select ("" for totals)
    std::string metric; // "total memory", "peak-tile memory", "tiles over capacity", "category memory",
                        // "variable size", "new variable", "removed variable", "vertex state", ...
    std::string subject; // what the line is about, for people: "Total memory (including gaps)", a name
    int64_t sourceValue = 0, targetValue = 0; // 0 on the side that lacks the row
    SignedDiff diff;
    std::string
        unit; // "bytes", "tiles", "count", "cycles", "flops", "percent" (in basis points: 9416 = 94.16%)
    int worse
        = 1; // which way is worse: +1 a rise (memory, cycles), -1 a fall (parallel efficiency), 0 neither
};

// Headline totals first (total memory, peak-tile memory, tiles over capacity, peak liveness, and
// when the traces were compared the total cycles and parallel efficiency), then every other
// non-zero change ranked by |diff| relative to the source's total memory (largest first), then
// the operations whose cycles, FLOPs or code size moved most and operations on one side only,
// then the shares of the IPUs' cycles (compute, exchange, sync, stream copy) that moved.
std::vector<ChangeLine> whatChanged(const ReportComparison& comparison);

// The line in words: "Total memory (including gaps) grew by 98.4 MiB (75.3%)", "Variable size of
// layer1/w shrank by 1.00 MiB (50.0%)", "New variable: x, 2.00 MiB".
std::string describeChange(const ChangeLine& line, MemoryUnit memoryUnit);
// "+1.50 MiB (+12.5%)", "-3 tiles", "+2,048 B (new)".
std::string formatDiff(const SignedDiff& diff, const std::string& unit, MemoryUnit memoryUnit);
// A figure in its unit: bytes formatted in memoryUnit, counts with separators.
std::string formatValue(int64_t value, const std::string& unit, MemoryUnit memoryUnit);

std::string formatComparisonText(const ReportComparison& comparison, MemoryUnit unit);
std::string formatComparisonJson(const ReportComparison& comparison, MemoryUnit unit);

} // namespace popscope
