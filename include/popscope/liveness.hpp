#pragma once
// The Liveness report's analysis: not-always-live bytes over the liveness program steps, for all
// IPUs, one IPU or a set of tiles; the peak; which variables are live at a step. Qt-free, so the
// page, What changed and `popscope-cli liveness` print the same numbers.
#include "popscope/narrow_figures.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_document.hpp"
#include "popscope/spilled_array.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace popscope {

class Profile;
class Report;
class VariableTable;

// The liveness steps of one report as read from the file (Report::liveness()).
struct LivenessCurve {
    uint32_t numIpus = 0;
    uint32_t tilesPerIpu = 0;
    uint64_t bytesPerTile = 0;
    std::vector<uint32_t> stepProgram; // per step: programs.id
    NarrowFigures notAlwaysLive; // [step * numIpus + ipu]: the file's per-IPU curve
    std::vector<uint64_t> alwaysLiveByIpu; // always-live bytes of each IPU (memory_liveness)
    std::vector<uint32_t> alwaysLiveByTile; // per global tile, for a tile selection
    // By programs.id: names, types (OnTileExecute, DoExchange, Sync, ...) and compute sets.
    ProgramLabels programs;
    bool hasTileLiveness = false; // the file has liveness_by_tile rows

    size_t numSteps() const { return stepProgram.size(); }
    std::string_view stepName(size_t step) const { return programs.name(stepProgram[step]); }
    const std::string& stepType(size_t step) const { return programs.type(stepProgram[step]); }
    uint64_t notAlwaysLiveOn(size_t step, uint32_t ipu) const { return notAlwaysLive[step * numIpus + ipu]; }
};

// Reads steps, programs and the always-live split; throws ProfileError on bad content.
LivenessCurve readLivenessCurve(const Profile& profile);

// What a curve or a table covers.
struct LivenessScope {
    enum class Kind { AllIpus, Ipu, Tiles };
    Kind kind = Kind::AllIpus;
    uint32_t ipu = 0;
    std::vector<uint32_t> tiles; // sorted, unique global tile ids (Kind::Tiles)

    static LivenessScope allIpus() { return {}; }
    static LivenessScope onIpu(uint32_t ipu) { return { Kind::Ipu, ipu, {} }; }
    static LivenessScope onTiles(std::vector<uint32_t> tiles);
    // Whether the scope has tiles on IPU `ipu`.
    bool coversIpu(uint32_t ipu, uint32_t tilesPerIpu) const;
    // "all IPUs", "IPU 1", "tile 5", "3 tiles"
    std::string describe() const;
    bool operator==(const LivenessScope&) const = default;
};

// The curve of one scope.
struct LivenessSeries {
    std::vector<uint64_t> notAlwaysLive; // per step
    uint64_t alwaysLive = 0; // constant over the steps
    uint64_t capacity = 0; // bytes per tile × the scope's tiles
    // How the curve was obtained, for the page and the CLI: "per-IPU liveness from the profile",
    // "per-tile liveness from the profile" or "computed from the variables' bytes on the selected
    // tiles and their live ranges (the profile has no per-tile liveness)".
    std::string basis;
    bool computedFromVariables = false;
};

// Throws ProfileError(InvalidInput) for an IPU or tile the report lacks.
LivenessSeries livenessSeries(const Report& report, const LivenessScope& scope);

struct LivenessPeak {
    uint32_t step = 0;
    uint64_t bytes = 0; // not-always-live bytes at the step
};
// The first step with the most not-always-live bytes ({0, 0} for no steps).
LivenessPeak findPeak(const std::vector<uint64_t>& notAlwaysLive);

// Variables' live ranges indexed by step (a segment tree over the ranges sorted by first step),
// and each variable's bytes per IPU: "what is live at step s" without scanning every variable.
class LiveRangeIndex {
public:
    LiveRangeIndex() = default;
    LiveRangeIndex(const VariableTable& variables, uint32_t numIpus, uint32_t tilesPerIpu);

    // Not-always-live variables live at `step`, ascending, each once.
    std::vector<uint32_t> liveAt(uint32_t step) const;
    std::span<const uint32_t> alwaysLive() const { return m_alwaysLive.span(); }
    uint64_t bytesOnIpu(uint32_t variable, uint32_t ipu) const
    {
        for (uint32_t i = m_ipuStart[variable]; i < m_ipuStart[variable + 1]; ++i)
            if (m_ipuOf[i] == ipu)
                return m_ipuBytes[i];
        return 0;
    }
    size_t numRanges() const { return m_first.size(); }

private:
    void collect(size_t node, size_t lo, size_t hi, size_t end, uint32_t step, std::vector<uint32_t>& out,
        spill::ScanPacer& pacer) const;
    // Ranges sorted by first step; m_maxLast is a segment tree (node 1 = all) of their last steps.
    // Spilled once built (spill::setDirectory): a query reads a few pages of them.
    SpilledArray<uint32_t> m_first, m_last, m_variable;
    SpilledArray<uint32_t> m_maxLast;
    SpilledArray<uint32_t> m_alwaysLive;
    // Each variable's bytes on the IPUs that hold it (most are on one): its entries are
    // [m_ipuStart[v], m_ipuStart[v + 1]). A dense variables × IPUs table took 180 MB in bench-huge.
    SpilledArray<uint32_t> m_ipuStart;
    SpilledArray<uint32_t> m_ipuOf;
    NarrowFigures m_ipuBytes;
    uint32_t m_numIpus = 1;
};

// One variable's bytes in a scope.
struct ScopedVariable {
    uint32_t variable = 0; // index into Report::variables()
    uint64_t bytes = 0;
};

// Bytes of variable `v` in the scope: its size for all IPUs, else the sum over its tiles there.
uint64_t variableBytes(const Report& report, uint32_t variable, const LivenessScope& scope);
// Not-always-live variables live at `step` with bytes in the scope (zero-byte ones left out),
// largest first (ties by name), or in variable order: at a peak, ties among 800 k variables read
// their names here and there, 50 MiB of bench-huge's spill files in a few milliseconds.
std::vector<ScopedVariable> liveVariablesAt(
    const Report& report, uint32_t step, const LivenessScope& scope, bool largestFirst = true);
// Always-live variables with bytes in the scope, largest first (or in variable order: sorting
// 250,000 of them costs more than a tree that sorts its own rows).
std::vector<ScopedVariable> alwaysLiveVariables(
    const Report& report, const LivenessScope& scope, bool largestFirst = true);
// What the always-live variables hold in the scope, summed without listing them (the list is 16
// bytes a variable: 21 MiB for bench-huge's 1.3 M always-live variables).
uint64_t alwaysLiveBytes(const Report& report, const LivenessScope& scope);

// Vertex instances of the compute set a step runs (OnTileExecute), per vertex type, in the scope.
struct StepVertices {
    uint32_t vertexType = 0; // index into Report::vertexTypes()
    uint64_t instances = 0;
    uint64_t stateBytes = 0; // instances × the type's state bytes
};
std::vector<StepVertices> stepVertices(const Report& report, uint32_t step, const LivenessScope& scope);

// Cycles a step's program took when executed, per IPU (summed over its executions), and the
// compiler's estimate of one execution beside them (format 1.2: its compute set's, or the
// exchange program's, slowest tile in the scope on each IPU).
struct StepCycleEstimate {
    bool hasExecution = false; // the profile has execution steps at all
    uint64_t executions = 0; // execution steps that ran the program
    std::vector<uint64_t> cyclesByIpu;
    uint64_t cycles = 0; // the slowest IPU of the scope (they run in parallel)
    bool hasEstimate = false; // the compiler estimated the program (on some tile of the scope)
    std::vector<uint64_t> estimatedByIpu; // numIpus long: 0 where it has no estimated tile
    uint64_t estimatedCycles = 0; // the slowest IPU's estimate in the scope
};
StepCycleEstimate stepCycleEstimate(const Report& report, uint32_t step, const LivenessScope& scope);

// Execution cycles of every program on every IPU (Report::programCycles()), summed over its steps.
// Only the IPUs a program ran on hold an entry: bench-huge's 416 k programs on 16 IPUs took 53 MiB
// as a dense table, where its 256 k steps each run on one IPU.
struct ProgramCycles {
    uint32_t numIpus = 0;
    bool hasExecution = false;
    std::vector<uint32_t> executions; // per program
    std::vector<uint32_t> ends; // per program: where its entries in `byIpu` end
    std::vector<std::pair<uint32_t, uint64_t>> byIpu; // (IPU, cycles), IPUs ascending per program
    // numIpus long: 0 for the IPUs the program did not run on.
    std::vector<uint64_t> cyclesByIpu(uint32_t program) const;
};
ProgramCycles readProgramCycles(const Profile& profile);

} // namespace popscope
