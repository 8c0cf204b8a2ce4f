#pragma once
// One open report for the Python module: core's Report (which reads and caches its parts lazily)
// plus what the libpva object model needs that the GUI does not keep: the execution steps'
// per-IPU figures as dense columns, per-tile always-live variables and liveness, a program's code
// by tile. Everything is built on first use; Python objects are views onto these arrays.
#include "lowered_variables.hpp"
#include "packed_array.hpp"
#include "program_facts.hpp"
#include "program_liveness_spans.hpp"

#include "popscope/report.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace popscope::python {

// Execution steps' figures, one slot per (step, IPU) of the target: [step * numIpus + ipu].
struct StepColumns {
    uint32_t numIpus = 0;
    StepTable table; // without per-tile cycles (read on demand)
    std::vector<uint32_t> present; // 1 when the step runs on the IPU
    std::vector<uint64_t> cycles, cyclesBase, fromMin, fromMax, toMin, toMax, dataIn, dataOut;
    std::vector<uint32_t> activeTiles;
    std::vector<uint32_t> program, run; // per step
    std::vector<uint32_t> runOffsets; // steps of run r: [runOffsets[r], runOffsets[r + 1]) when sorted by run
    std::vector<uint32_t> runSteps;
};

// Always-live variables of each tile (CSR over global tiles): (variable, bytes on the tile).
struct TileVariables {
    std::vector<uint32_t> offsets; // numTiles + 1
    std::vector<uint32_t> variable, bytes;
};

class ReportHandle {
public:
    explicit ReportHandle(const std::string& path);
    // Reports opened by the module that are still alive (held by a handle or an array view), for
    // the tests that check a dropped report is freed.
    static size_t liveReports();

    const Report& report() const { return *m_report; }
    std::shared_ptr<const void> owner() const { return m_report; }

    const StepColumns& steps();
    std::shared_ptr<const void> stepsOwner();
    const std::vector<Run>& runs();
    // The step's active cycles on every tile of the IPU (empty: no per-tile cycles for it).
    std::vector<uint32_t> tileCycles(uint32_t step, uint32_t ipu);

    const TileVariables& alwaysLiveByTile();
    // Indexes of the always-live variables, in file order.
    const std::vector<uint32_t>& alwaysLiveVariables();
    // Variables whose debug context is `context` or one below it (what an operation's figures count).
    std::vector<uint32_t> variablesUnderContext(int64_t context) const;
    // Not-always-live bytes on one tile at every liveness step.
    const std::vector<uint64_t>& livenessOfTile(uint32_t tile);
    // Code of a program on every tile: vertex code of its compute set plus its exchange's code
    // (the rule core's operationDetails uses for an operation).
    std::vector<uint64_t> programCodeBytesByTile(uint32_t program) const;
    // libpva's loweredVariables (brief variables and their equivalence classes), built once.
    const LoweredVariables& loweredVariables();
    std::shared_ptr<const void> loweredOwner();
    // The first and last liveness step (inclusive) that runs one of the operation's programs or a
    // program below one of them; none when no liveness step does.
    std::optional<std::pair<uint32_t, uint32_t>> operationLivenessSteps(uint32_t operation);
    // The programs' control code and variables (format 1.3; none in older files), read once.
    const ProgramFacts& programFacts();
    // Vertex instances of a compute set's vertex entry on every tile.
    std::vector<uint32_t> vertexCountByTile(uint32_t computeSet, uint32_t position) const;
    // The compiler's estimates (format 1.2) on every tile: of one execution of a compute set, of an
    // exchange program; 0 on the IPUs without a row (and everywhere for other programs).
    std::vector<uint32_t> computeSetEstimateByTile(uint32_t computeSet) const;
    std::vector<uint32_t> programEstimateByTile(uint32_t program) const;
    // One vertex of a compute set's vertex entry; none when the profile has no estimate for it.
    std::optional<uint64_t> vertexEstimate(uint32_t computeSet, uint32_t position) const;

private:
    std::shared_ptr<Report> m_report;
    std::shared_ptr<StepColumns> m_steps;
    std::unique_ptr<std::vector<Run>> m_runs;
    std::unique_ptr<TileVariables> m_alwaysLiveByTile;
    std::unique_ptr<std::vector<uint32_t>> m_alwaysLive;
    std::map<uint32_t, std::vector<uint64_t>> m_tileLiveness;
    std::shared_ptr<const LoweredVariables> m_lowered;
    std::unique_ptr<ProgramLivenessSpans> m_livenessSpans;
    std::unique_ptr<ProgramFacts> m_programFacts;
};

} // namespace popscope::python
