#include "report_handle.hpp"

#include "popscope/liveness.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace popscope::python {

namespace {
std::vector<std::weak_ptr<const Report>>& openedReports()
{
    static std::vector<std::weak_ptr<const Report>> reports; // used with the GIL held
    return reports;
}

// Where a step does not run on an IPU, its cyclesBase slot holds the IPU's clock at that point:
// the end of the IPU's previous step, or the start of its next one when that comes earlier (a
// step that overlaps the ones after it, such as a copy on I/O tiles, does not move the clock) or
// when the IPU has no previous step. Its active cycles stay 0: an empty interval at that cycle.
void fillIdleClocks(StepColumns& s)
{
    constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();
    const size_t n = s.program.size(), ipus = s.numIpus;
    for (size_t ipu = 0; ipu < ipus; ++ipu) {
        uint64_t next = kNone; // first the start of the IPU's next step, walking backwards
        for (size_t i = n; i-- > 0;) {
            const size_t slot = i * ipus + ipu;
            if (s.present[slot])
                next = s.cyclesBase[slot];
            else
                s.cyclesBase[slot] = next;
        }
        uint64_t end = kNone;
        for (size_t slot = ipu; slot < n * ipus; slot += ipus) {
            if (s.present[slot]) {
                end = s.cyclesBase[slot] + s.cycles[slot]; // both below 2^48: bounded when read
                continue;
            }
            next = s.cyclesBase[slot];
            s.cyclesBase[slot] = end != kNone ? std::min(end, next) : next != kNone ? next : 0;
        }
    }
}
// A remote profile is opened with the environment as it is now (a script may set
// POPSCOPE_SSH_TIMEOUT after importing popscope).
const std::string& withRemoteEnvironment(const std::string& path)
{
    remote::setRemoteSettings(remote::withEnvironment(remote::RemoteSettings {}));
    return path;
}

} // namespace

ReportHandle::ReportHandle(const std::string& path)
    : m_report(Report::open(withRemoteEnvironment(path)))
{
    auto& reports = openedReports();
    std::erase_if(reports, [](const auto& report) { return report.expired(); });
    reports.push_back(m_report);
}

size_t ReportHandle::liveReports()
{
    auto& reports = openedReports();
    std::erase_if(reports, [](const auto& report) { return report.expired(); });
    return reports.size();
}

// The Profile's read functions bypass the Report's connection lock; the module calls them with
// the GIL held and never from another thread, so the connection is still used by one at a time.
const StepColumns& ReportHandle::steps()
{
    if (m_steps)
        return *m_steps;
    auto s = std::make_shared<StepColumns>();
    s->numIpus = m_report->profile().target().numIpus;
    const std::vector<ExecutionStep> rows = m_report->profile().readSteps(false);
    s->table = StepTable::of(rows);
    const size_t n = rows.size();
    const size_t slots = n * s->numIpus;
    s->present.assign(slots, 0);
    for (auto* column : { &s->cycles, &s->cyclesBase, &s->fromMin, &s->fromMax, &s->toMin, &s->toMax,
             &s->dataIn, &s->dataOut })
        column->assign(slots, 0);
    s->activeTiles.assign(slots, 0);
    s->program.resize(n);
    s->run.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const ExecutionStep& step = rows[i];
        s->program[i] = step.program;
        s->run[i] = step.run;
        for (const StepIpu& ipu : step.ipus) {
            const size_t slot = i * s->numIpus + ipu.ipu; // ipu < numIpus: checked by readSteps
            s->present[slot] = 1;
            s->cycles[slot] = ipu.cycles;
            s->cyclesBase[slot] = ipu.cyclesBase;
            s->fromMin[slot] = ipu.activeCyclesFromMin;
            s->fromMax[slot] = ipu.activeCyclesFromMax;
            s->toMin[slot] = ipu.activeCyclesToMin;
            s->toMax[slot] = ipu.activeCyclesToMax;
            s->dataIn[slot] = ipu.dataIn;
            s->dataOut[slot] = ipu.dataOut;
            s->activeTiles[slot] = ipu.activeTiles;
        }
    }
    fillIdleClocks(*s);
    // Steps of each run, in step order.
    const uint32_t numRuns = uint32_t(runs().size());
    s->runOffsets.assign(numRuns + 1, 0);
    for (uint32_t r : s->run)
        if (r < numRuns)
            ++s->runOffsets[r + 1];
    std::partial_sum(s->runOffsets.begin(), s->runOffsets.end(), s->runOffsets.begin());
    s->runSteps.resize(s->runOffsets.back());
    std::vector<uint32_t> next(s->runOffsets.begin(), s->runOffsets.end() - 1);
    for (uint32_t i = 0; i < n; ++i)
        if (s->run[i] < numRuns)
            s->runSteps[next[s->run[i]]++] = i;
    m_steps = std::move(s);
    return *m_steps;
}

std::shared_ptr<const void> ReportHandle::stepsOwner()
{
    steps();
    return m_steps;
}

const std::vector<Run>& ReportHandle::runs()
{
    if (!m_runs)
        m_runs = std::make_unique<std::vector<Run>>(m_report->profile().readRuns());
    return *m_runs;
}

std::vector<uint32_t> ReportHandle::tileCycles(uint32_t step, uint32_t ipu)
{
    return m_report->profile().readTileCycles(steps().table, step, ipu);
}

const TileVariables& ReportHandle::alwaysLiveByTile()
{
    if (m_alwaysLiveByTile)
        return *m_alwaysLiveByTile;
    const auto& variables = m_report->variables();
    const uint32_t numTiles = m_report->numTiles();
    auto t = std::make_unique<TileVariables>();
    t->offsets.assign(size_t(numTiles) + 1, 0);
    for (const VariableRow v : variables)
        if (v.alwaysLive)
            for (const TileBytes& tb : v.tiles)
                if (tb.tile < numTiles)
                    ++t->offsets[tb.tile + 1];
    std::partial_sum(t->offsets.begin(), t->offsets.end(), t->offsets.begin());
    t->variable.resize(t->offsets.back());
    t->bytes.resize(t->offsets.back());
    std::vector<uint32_t> next(t->offsets.begin(), t->offsets.end() - 1);
    for (uint32_t i = 0; i < variables.size(); ++i)
        if (variables[i].alwaysLive)
            for (const TileBytes& tb : variables[i].tiles)
                if (tb.tile < numTiles) {
                    const uint32_t at = next[tb.tile]++;
                    t->variable[at] = i;
                    t->bytes[at] = tb.bytes;
                }
    m_alwaysLiveByTile = std::move(t);
    return *m_alwaysLiveByTile;
}

const std::vector<uint32_t>& ReportHandle::alwaysLiveVariables()
{
    if (!m_alwaysLive) {
        const auto& variables = m_report->variableHeaders();
        auto list = std::make_unique<std::vector<uint32_t>>();
        for (uint32_t i = 0; i < variables.size(); ++i)
            if (variables[i].alwaysLive)
                list->push_back(i);
        m_alwaysLive = std::move(list);
    }
    return *m_alwaysLive;
}

std::vector<uint32_t> ReportHandle::variablesUnderContext(int64_t context) const
{
    std::vector<uint32_t> found;
    const auto& contexts = m_report->debugContexts();
    if (context < 0 || size_t(context) >= contexts.size())
        return found;
    // Parents come before their children (checked when read), so one pass marks the subtree.
    std::vector<char> under(contexts.size(), 0);
    for (size_t c = size_t(context); c < contexts.size(); ++c)
        under[c] = c == size_t(context) || (contexts[c].parent >= 0 && under[size_t(contexts[c].parent)]);
    const auto& variables = m_report->variableHeaders();
    for (uint32_t i = 0; i < variables.size(); ++i)
        if (variables[i].debugContext >= 0 && size_t(variables[i].debugContext) < under.size()
            && under[size_t(variables[i].debugContext)])
            found.push_back(i);
    return found;
}

const std::vector<uint64_t>& ReportHandle::livenessOfTile(uint32_t tile)
{
    auto found = m_tileLiveness.find(tile);
    if (found != m_tileLiveness.end())
        return found->second;
    LivenessSeries series = livenessSeries(*m_report, LivenessScope::onTiles({ tile }));
    return m_tileLiveness.emplace(tile, std::move(series.notAlwaysLive)).first->second;
}

const LoweredVariables& ReportHandle::loweredVariables()
{
    if (!m_lowered)
        m_lowered = std::make_shared<const LoweredVariables>(LoweredVariables::of(*m_report));
    return *m_lowered;
}

std::shared_ptr<const void> ReportHandle::loweredOwner()
{
    loweredVariables();
    return m_lowered;
}

std::optional<std::pair<uint32_t, uint32_t>> ReportHandle::operationLivenessSteps(uint32_t operation)
{
    const OperationTable& operations = m_report->operations();
    if (operation >= operations.size())
        throw std::out_of_range("operation " + std::to_string(operation) + " is out of range");
    if (!m_livenessSpans)
        m_livenessSpans = std::make_unique<ProgramLivenessSpans>(ProgramLivenessSpans::of(*m_report));
    return m_livenessSpans->spanOf(operations[operation].programs);
}

const ProgramFacts& ReportHandle::programFacts()
{
    if (!m_programFacts)
        m_programFacts = std::make_unique<ProgramFacts>(ProgramFacts::of(*m_report));
    return *m_programFacts;
}

std::vector<uint64_t> ReportHandle::programCodeBytesByTile(uint32_t program) const
{
    const uint32_t numTiles = m_report->numTiles();
    std::vector<uint64_t> bytes(numTiles, 0);
    const ProgramRow p = m_report->programs().at(program);
    const auto& sets = m_report->computeSets();
    const auto& types = m_report->vertexTypes();
    if (p.computeSet >= 0 && size_t(p.computeSet) < sets.size())
        for (const ComputeSetVertices& v : sets[size_t(p.computeSet)].vertices)
            if (v.vertexType < types.size())
                for (const TileCount& tc : v.countByTile)
                    if (tc.tile < numTiles && tc.count > 0)
                        bytes[tc.tile] += types[v.vertexType].codeBytes;
    const auto& exchanges = m_report->exchanges();
    if (p.exchange >= 0 && size_t(p.exchange) < exchanges.size())
        for (const TileBytes& tb : exchanges[size_t(p.exchange)].codeBytesByTile)
            if (tb.tile < numTiles)
                bytes[tb.tile] += tb.bytes;
    return bytes;
}

std::vector<uint32_t> ReportHandle::vertexCountByTile(uint32_t computeSet, uint32_t position) const
{
    std::vector<uint32_t> counts(m_report->numTiles(), 0);
    const ComputeSetVertices& v = m_report->computeSets().at(computeSet).vertices.at(position);
    for (const TileCount& tc : v.countByTile)
        if (tc.tile < counts.size())
            counts[tc.tile] += tc.count;
    return counts;
}

namespace {

std::vector<uint32_t> allTiles(const Target& target, const std::vector<EstimatedTileCycles>& rows)
{
    std::vector<uint32_t> cycles(target.numTiles(), 0);
    for (const EstimatedTileCycles& row : rows) // checked when read: its tiles within its IPU
        std::copy(row.cycles.begin(), row.cycles.end(),
            cycles.begin() + ptrdiff_t(uint64_t(row.ipu) * target.tilesPerIpu + row.firstTile));
    return cycles;
}

} // namespace

std::vector<uint32_t> ReportHandle::computeSetEstimateByTile(uint32_t computeSet) const
{
    return allTiles(m_report->profile().target(), m_report->computeSetEstimates(computeSet));
}

std::vector<uint32_t> ReportHandle::programEstimateByTile(uint32_t program) const
{
    return allTiles(m_report->profile().target(), m_report->programEstimates(program));
}

std::optional<uint64_t> ReportHandle::vertexEstimate(uint32_t computeSet, uint32_t position) const
{
    const std::vector<VertexEstimate>& estimates = m_report->vertexEstimates(); // in key order
    const auto found = std::lower_bound(estimates.begin(), estimates.end(), std::pair(computeSet, position),
        [](const VertexEstimate& e, const std::pair<uint32_t, uint32_t>& key) {
            return std::pair(e.computeSet, e.position) < key;
        });
    if (found == estimates.end() || found->computeSet != computeSet || found->position != position)
        return std::nullopt;
    return found->cycles;
}

} // namespace popscope::python
