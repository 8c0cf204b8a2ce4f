// Report: lazy, cached, thread-safe parts of one open profile.
#include "popscope/report.hpp"
#include "popscope/spilled_array.hpp"

#include "report_access.hpp"

namespace popscope {

std::shared_ptr<Report> Report::open(const std::string& path)
{
    return std::shared_ptr<Report>(new Report(Profile::open(path)));
}

Report::Report(std::unique_ptr<Profile> profile)
    : m_profile(std::move(profile))
{
}

Report::~Report() = default;

template <typename Read> auto Report::locked(Read&& read) const
{
    std::unique_lock<std::mutex> lock(m_dbMutex, std::try_to_lock);
    if (!lock.owns_lock() && ParallelReadsScope::active()) {
        std::unique_lock<std::mutex> spareLock(m_spareMutex, std::try_to_lock);
        if (spareLock.owns_lock()) {
            if (const Profile* spare = spareConnection())
                return read(*spare);
        }
    }
    if (!lock.owns_lock())
        lock.lock();
    return read(*m_profile);
}

const Profile* Report::spareConnection() const
{
    // A remote profile has none (a second SSH session would cost more than it saves), nor a file
    // replaced since: the first connection then reads every part, one at a time.
    if (!m_spare && !m_spareUnavailable) {
        try {
            m_spare = m_profile->openAgain();
        } catch (const std::exception&) {
        }
        m_spareUnavailable = !m_spare;
    }
    return m_spare.get();
}

const std::string& Report::path() const
{
    return m_profile->path();
}

const Profile& Report::profile() const
{
    return *m_profile;
}

const ProfileSummary& Report::summary() const
{
    return m_summary.get([this] {
        const TileMemory& memory = tileMemory(); // its own part, read outside the connection's lock
        ProfileSummary summary = locked([&](const Profile& p) { return querySummary(p, memory); });
        if (summary.numExecutionSteps > 0)
            return summary;
        const ProgramEstimates& estimates = programCycleEstimates(); // a compile-only report
        if (estimates.present)
            for (uint32_t root : programIndex().controlPrograms)
                if (root < estimates.total.size())
                    summary.estimatedCycles += estimates.total[root];
        return summary;
    });
}

const TileMemory& Report::tileMemory() const
{
    return m_tileMemory.get([this] { return locked([](const Profile& p) { return queryTileMemory(p); }); });
}

namespace {

VariableTable readFullVariables(const Profile& profile)
{
    return profile.readVariableTable(true);
}

} // namespace

const VariableTable& Report::variables() const
{
    return m_variables.get([this] {
        auto variables = locked(readFullVariables);
        // The headers read for variableHeaders() (the Python module's) are a subset of these now:
        // a holder keeps its share. Headers being read now stay (the window releases them later):
        // waiting for them would delay this part by their whole read.
        m_variableHeaders.releaseIfIdle();
        return variables;
    });
}

const std::vector<VertexType>& Report::vertexTypes() const
{
    return m_vertexTypes.get([this] { return locked([](const Profile& p) { return p.readVertexTypes(); }); });
}

const std::vector<ComputeSet>& Report::computeSets() const
{
    return m_computeSets.get([this] { return locked([](const Profile& p) { return p.readComputeSets(); }); });
}

std::vector<ComputeSetVertices> Report::computeSetVertices(uint32_t computeSet) const
{
    if (m_computeSets.ready()) {
        const auto& sets = computeSets();
        return computeSet < sets.size() ? sets[computeSet].vertices : std::vector<ComputeSetVertices> {};
    }
    return locked([computeSet](const Profile& p) { return p.readComputeSetVertices(computeSet); });
}

std::optional<ComputeSet> Report::computeSet(uint32_t computeSet) const
{
    if (m_computeSets.ready()) {
        const auto& sets = computeSets();
        return computeSet < sets.size() ? std::optional<ComputeSet>(sets[computeSet]) : std::nullopt;
    }
    return locked([computeSet](const Profile& p) { return p.readComputeSet(computeSet); });
}

const std::vector<Exchange>& Report::exchanges() const
{
    return m_exchanges.get([this] { return locked([](const Profile& p) { return p.readExchanges(); }); });
}

bool Report::profileHasEstimates() const
{
    return m_hasEstimates.get([this] { return locked([](const Profile& p) { return p.hasEstimates(); }); });
}

std::vector<EstimatedTileCycles> Report::computeSetEstimates(uint32_t computeSet) const
{
    return locked([computeSet](const Profile& p) { return p.readComputeSetEstimates(computeSet); });
}

std::vector<EstimatedTileCycles> Report::programEstimates(uint32_t program) const
{
    return locked([program](const Profile& p) { return p.readProgramEstimates(program); });
}

const std::vector<VertexEstimate>& Report::vertexEstimates() const
{
    return m_vertexEstimates.get(
        [this] { return locked([](const Profile& p) { return p.readVertexEstimates(); }); });
}

// Liveness report.
const LivenessCurve& Report::liveness() const
{
    return m_liveness.get([this] { return locked([](const Profile& p) { return readLivenessCurve(p); }); });
}

const LiveRangeIndex& Report::liveRanges() const
{
    return m_liveRanges.get([this] {
        const Target& t = m_profile->target();
        return LiveRangeIndex(variables(), t.numIpus, t.tilesPerIpu);
    });
}

const std::vector<TileLiveness>& Report::tileLiveness() const
{
    return m_tileLiveness.get(
        [this] { return locked([](const Profile& p) { return p.readTileLiveness(); }); });
}

const ProgramCycles& Report::programCycles() const
{
    return m_programCycles.get(
        [this] { return locked([](const Profile& p) { return readProgramCycles(p); }); });
}

// Program Tree and Operations.
const ProgramTable& Report::programs() const
{
    return m_programs.get([this] { return locked([](const Profile& p) { return p.readProgramTable(); }); });
}

const StepCycles& Report::stepCycles() const
{
    return m_stepCycles.get([this] { return locked([](const Profile& p) { return p.readStepCycles(); }); });
}

const std::vector<DebugContext>& Report::debugContexts() const
{
    return m_debugContexts.get(
        [this] { return locked([](const Profile& p) { return p.readDebugContexts(); }); });
}

const OperationTable& Report::operations() const
{
    return m_operations.get(
        [this] { return locked([](const Profile& p) { return p.readOperationTable(); }); });
}

const ProgramIndex& Report::programIndex() const
{
    return m_programIndex.get([this] {
        auto [controls, functions] = locked(
            [](const Profile& p) { return std::make_pair(p.readControlPrograms(), p.readFunctions()); });
        return buildProgramIndex(
            programs(), std::move(controls), std::move(functions), stepCycles(), operations());
    });
}

const ProgramEstimates& Report::programCycleEstimates() const
{
    return m_programEstimates.get([this] { return estimateProgramCycles(*this); });
}

const InsightsAnalysis& Report::insights() const
{
    return m_insights.get([this] { return analyseInsights(*this); });
}

const TraceSummary& Report::traceSummary() const
{
    return m_traceSummary.get(
        [this] { return locked([](const Profile& p) { return analyseTrace(p, p.readStepTable()); }); });
}

const TraceSummary& Report::traceSummary(const StepTable& steps) const
{
    return m_traceSummary.get(
        [&] { return locked([&](const Profile& p) { return analyseTrace(p, steps); }); });
}

const OperationAnalysis& Report::operationAnalysis() const
{
    return m_operationAnalysis.get([this] {
        const auto variables = locked([](const Profile& p) { return p.readVariablesByDebugContext(); });
        OperationAnalysis analysis
            = analyseOperations(operations(), debugContexts(), variables, stepCycles());
        if (stepCycles().size() == 0) // a compile-only report: its cycles are the compiler's estimates
            useEstimatedCycles(analysis, operations(), programCycleEstimates());
        return analysis;
    });
}

void Report::releaseVariables() const
{
    m_liveRanges.release();
    m_variables.release();
}

void Report::releaseComparisonCaches() const
{
    m_variableHeaders.release();
    m_liveRangeList.release();
}

void Report::releaseLiveness() const
{
    m_liveness.release();
    m_liveRanges.release();
    m_tileLiveness.release();
}

void Report::releaseProgramTree() const
{
    m_programEstimates.release();
    m_programIndex.release();
    m_programs.release();
    m_stepCycles.release();
}

void Report::releaseOperations() const
{
    m_operationAnalysis.release();
    m_operations.release();
    m_debugContexts.release();
}

const VariableTable& Report::variableHeaders() const
{
    if (m_variables.ready())
        return variables();
    return *detail::ReportAccess::variableHeaders(*this); // the cache keeps them
}

std::shared_ptr<const VariableTable> detail::ReportAccess::variableHeaders(const Report& report)
{
    if (report.m_variables.ready())
        return report.m_variables.share([&report] { return report.locked(readFullVariables); });
    return report.m_variableHeaders.share(
        [&report] { return report.locked([](const Profile& p) { return p.readVariableTable(false); }); });
}

VariableDigest detail::ReportAccess::variableDigest(const Report& report)
{
    if (!report.m_variables.ready())
        return report.locked([](const Profile& p) { return p.readVariableDigest(); });
    const auto variables = report.m_variables.share([&report] { return report.locked(readFullVariables); });
    // In memory: the names' buffer at its final size (doubling took a third more).
    size_t nameBytes = 0;
    if (!spill::enabled())
        for (size_t v = 0; v < variables->size(); ++v)
            nameBytes += variables->name(v).size();
    VariableDigest digest;
    digest.reserve(variables->size(), nameBytes);
    for (size_t v = 0; v < variables->size(); ++v) // three columns read, not a row's nine
        if (!digest.append(variables->name(v), variables->sizeBytes(v), variables->alwaysLive(v)))
            throw ProfileError(
                ErrorKind::CorruptProfile, report.path(), "the variables' names add up to more than 4 GiB");
    digest.finish();
    return digest;
}

} // namespace popscope

namespace popscope {

void detail::ReportAccess::withProfile(const Report& report, const std::function<void(const Profile&)>& read)
{
    report.locked(read);
}

GraphDigest detail::ReportAccess::graphDigest(const Report& report)
{
    return report.locked([](const Profile& p) { return p.readGraphDigest(); });
}

std::shared_ptr<const std::vector<std::pair<uint32_t, StepRange>>> detail::ReportAccess::liveRangeList(
    const Report& report)
{
    return report.m_liveRangeList.share(
        [&report] { return report.locked([](const Profile& p) { return p.readLiveRanges(); }); });
}

} // namespace popscope
