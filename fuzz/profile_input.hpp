#pragma once
// Fuzz target: a .pop file from elsewhere, opened and read part by part as `popscope-cli check`
// and the report pages do. A damaged or hostile file must end in ProfileError; anything else
// (a crash, a sanitizer report, another exception, a leak, a hang) is a finding.
#include "fuzz_support.hpp"

#include "popscope/execution_trace.hpp"
#include "popscope/insights.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_index.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"
#include "popscope/trace_flame.hpp"
#include "popscope/trace_lod.hpp"
#include "popscope/units.hpp"

namespace popscope::fuzz {

namespace detail {

// Each read on its own, so a part refused early does not hide the readers after it.
template <typename Read> void attempt(Read&& read)
{
    try {
        read();
    } catch (const ProfileError&) {
        // Expected for damaged files.
    }
}

inline void readProfile(const std::string& path)
{
    std::unique_ptr<Profile> profile;
    try {
        profile = Profile::open(path);
    } catch (const ProfileError&) {
        return;
    }
    const Profile& p = *profile;
    attempt([&] { p.readPhysicalTileIds(); });
    attempt([&] { p.readIoTiles(); });
    attempt([&] { p.readMemory(); });
    attempt([&] { p.readGaps(); });
    attempt([&] { p.readLivenessSplit(); });
    attempt([&] { p.readVariables(); });
    attempt([&] { p.readVertexTypes(); });
    attempt([&] { p.readComputeSets(); });
    attempt([&] { p.readExchanges(); });
    attempt([&] { p.readPrograms(); });
    attempt([&] { p.readControlPrograms(); });
    attempt([&] { p.readFunctions(); });
    attempt([&] { p.readLivenessSteps(); });
    attempt([&] { p.readTileLiveness(); });
    attempt([&] { p.readRuns(); });
    attempt([&] { p.readSteps(); });
    // The execution trace's reads: the packed steps, the whole-run figures over every per-tile row,
    // and the level of detail built from them.
    attempt([&] {
        const StepTable steps = p.readStepTable();
        analyseTrace(p, steps);
        const TraceLod lod = TraceLod::build(p, steps);
        buildTraceFlame(lod, steps, p.readProgramOutline().parent);
    });
    attempt([&] { p.readDebugContexts(); });
    attempt([&] { p.readOperations(); });
    attempt([&] { p.totalCycles(); });
    attempt([&] { p.cyclesByStepType(); });
    attempt([&] { p.countVertexInstances(); });
    // What `popscope-cli check` does: the whole document, validated.
    attempt([&] { p.readDocument(); });
}

inline void readReport(const std::string& path)
{
    std::shared_ptr<Report> report;
    try {
        report = Report::open(path);
    } catch (const ProfileError&) {
        return;
    }
    const Report& r = *report;
    attempt([&] { formatSummaryText(r.summary()); });
    attempt([&] { r.tileMemory(); });
    attempt([&] { r.variables(); });
    attempt([&] { r.vertexTypes(); });
    attempt([&] { r.computeSets(); });
    attempt([&] { r.exchanges(); });
    attempt([&] { formatInsightsText(analyseInsights(r), MemoryUnit::Binary); });
    // Compare mode, the report against itself (both sides read the same parts).
    attempt([&] {
        const ReportComparison comparison = compareReports(r, r);
        for (const ChangeLine& line : whatChanged(comparison))
            describeChange(line, MemoryUnit::Binary);
    });
}

} // namespace detail

// One fuzzing input; also run by the regression tests (tests/fuzz-regressions/).
inline int profileInput(const uint8_t* data, size_t size)
{
    const std::string path = fuzz::writeInput(data, size, "input.pop");
    detail::readProfile(path);
    detail::readReport(path);
    return 0;
}

} // namespace popscope::fuzz
