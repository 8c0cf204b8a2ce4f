#include "popscope/program_estimates.hpp"

#include "popscope/cycle_estimates.hpp"
#include "popscope/program_index.hpp"
#include "popscope/report.hpp"
#include "report_access.hpp"

#include <algorithm>

namespace popscope {

namespace {

// The slowest tile of each id's rows, over its IPUs, by id.
void addSlowest(std::vector<uint64_t>& slowest, const EstimatedTileCycles& row)
{
    if (row.id >= slowest.size())
        slowest.resize(size_t(row.id) + 1, 0);
    for (uint32_t cycles : row.cycles)
        slowest[row.id] = std::max<uint64_t>(slowest[row.id], cycles);
}

// Each program's own estimate: its compute set's (OnTileExecute), or its own rows (exchanges).
std::vector<uint64_t> ownEstimates(
    const ProgramTable& programs, const std::vector<uint64_t>& bySet, const std::vector<uint64_t>& byProgram)
{
    std::vector<uint64_t> own(programs.size(), 0);
    for (size_t p = 0; p < programs.size(); ++p) {
        const ProgramRow row = programs[p];
        if (row.computeSet >= 0 && size_t(row.computeSet) < bySet.size())
            own[p] = bySet[size_t(row.computeSet)];
        else if (p < byProgram.size() && isEstimatedProgramType(row.type))
            own[p] = byProgram[p];
    }
    return own;
}

// How often each program runs in one run of the tree: parents before children (reverse post-order).
std::vector<uint64_t> runsPerProgram(const ProgramTable& programs)
{
    const size_t n = programs.size();
    std::vector<uint32_t> order;
    std::vector<bool> hasParent(n, false);
    forEachProgramPostOrder(programs, [&](uint32_t p) {
        order.push_back(p);
        for (uint32_t child : programs[p].children)
            if (child < n)
                hasParent[child] = true;
    });
    std::vector<uint64_t> runs(n, 0);
    for (auto p = order.rbegin(); p != order.rend(); ++p) {
        const ProgramRow row = programs[*p];
        if (!hasParent[*p])
            runs[*p] += 1;
        const uint64_t times = row.type == "Repeat" ? row.repeatCount : 1;
        for (uint32_t child : row.children)
            if (child < n)
                runs[child] += times * runs[*p];
    }
    return runs;
}

} // namespace

ProgramEstimates estimateProgramCycles(const Report& report)
{
    ProgramEstimates out;
    std::vector<uint64_t> bySet, byProgram;
    detail::ReportAccess::withProfile(report, [&](const Profile& p) {
        out.present = p.hasEstimates();
        if (!out.present)
            return;
        p.forEachComputeSetEstimate([&](const EstimatedTileCycles& row) { addSlowest(bySet, row); });
        p.forEachProgramEstimate([&](const EstimatedTileCycles& row) { addSlowest(byProgram, row); });
    });
    const ProgramTable& programs = report.programs();
    const size_t n = programs.size();
    out.own = out.present ? ownEstimates(programs, bySet, byProgram) : std::vector<uint64_t>(n, 0);
    out.total.assign(n, 0);
    out.perExecution = report.stepCycles().size() > 0;
    const ProgramIndex* index = out.perExecution ? &report.programIndex() : nullptr;
    forEachProgramPostOrder(programs, [&](uint32_t p) {
        const ProgramRow row = programs[p];
        uint64_t total = out.own[p];
        if (index)
            total *= index->stepOffsets[p + 1] - index->stepOffsets[p];
        const uint64_t times = !index && row.type == "Repeat" ? row.repeatCount : 1;
        for (uint32_t child : row.children)
            if (child < n)
                total += times * out.total[child];
        out.total[p] = total;
    });
    if (!out.perExecution)
        out.runs = runsPerProgram(programs);
    return out;
}

} // namespace popscope
