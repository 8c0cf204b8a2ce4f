#include "models/trace/trace_data.hpp"

#include "models/cache_folder.hpp"
#include "models/qt_text.hpp"
#include "models/report_parts.hpp"

#include "popscope/profile.hpp"
#include "popscope/program_index.hpp"
#include "popscope/remote/sftp_file.hpp"
#include "popscope/report.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <future>

namespace popscope {

namespace {
constexpr qint64 kCacheBudgetBytes = qint64(1) << 30; // 1 GiB of trace caches, newest kept
}

QString TraceData::stepName(uint32_t step) const
{
    return step < steps.size() ? programName(steps.program(step)) : QString();
}

QString TraceData::programName(uint32_t program) const
{
    return program < programs.labels.size()
        ? toQString(programs.labels.name(program))
        : QCoreApplication::translate("popscope::TraceData", "program %1").arg(program);
}

QString TraceData::flameSpanName(size_t level, const FlameSpan& span) const
{
    if (level > 0)
        return programName(span.id);
    return span.id < runs.size() && !runs[span.id].name.empty()
        ? QString::fromStdString(runs[span.id].name)
        : QCoreApplication::translate("popscope::TraceData", "run %1").arg(span.id);
}

std::string_view TraceData::flameSpanType(size_t level, const FlameSpan& span) const
{
    if (level == 0)
        return "Run";
    return span.id < programs.labels.size() ? std::string_view(programs.labels.type(span.id))
                                            : std::string_view("Unknown");
}

std::pair<uint64_t, uint64_t> TraceData::runSpan(uint32_t run) const
{
    uint64_t first = UINT64_MAX, last = 0;
    for (size_t step = 0; step < steps.size(); ++step)
        if (steps.run(step) == run)
            for (const StepOnIpu& si : steps.ipus(step)) {
                first = std::min(first, si.cyclesBase);
                last = std::max(last, si.cyclesBase + si.cycles);
            }
    return first < last ? std::pair { first, last } : std::pair<uint64_t, uint64_t> { 0, 0 };
}

QString traceCacheFolder()
{
    return cacheFolder(QStringLiteral("trace"));
}

void pruneTraceCache(qint64 budgetBytes)
{
    QDir folder(traceCacheFolder());
    // Newest first: the oldest caches go once the folder holds more than the budget.
    const QFileInfoList files = folder.entryInfoList({ QStringLiteral("*.lod") }, QDir::Files, QDir::Time);
    qint64 kept = 0;
    for (const QFileInfo& file : files) {
        kept += file.size();
        if (kept > budgetBytes)
            QFile::remove(file.absoluteFilePath());
    }
}

namespace {

// What names a profile's level-of-detail cache. A remote profile's identity comes over SFTP: the
// local path form would find no file, and every remote profile would share one cache entry.
std::string profileIdentity(const Profile& profile)
{
    const auto& remoteFile = profile.remoteFile();
    if (!remoteFile)
        return TraceLod::identityOf(profile.path());
    std::vector<char> head(65536);
    size_t got = 0;
    try {
        got = remoteFile->read(head.data(), head.size(), 0);
    } catch (const std::exception& error) { // the page shows it with Retry, like a part that failed
        throw ProfileError(ErrorKind::RemoteFailed, profile.path(), error.what());
    }
    return TraceLod::identityOf(remoteFile->size(), remoteFile->modified(), head.data(), got);
}

// The level of detail from the cache when it holds this profile's, else built and cached; false
// when cancelled while building.
bool loadOrBuildLod(TraceData& data, const std::string& identity,
    const std::function<void(int, const QString&)>& progress, const std::atomic<bool>& cancelled)
{
    QDir().mkpath(traceCacheFolder());
    data.cachePath
        = QDir(traceCacheFolder()).filePath(QString::fromStdString(identity) + QStringLiteral(".lod"));
    const Target& target = data.profile->target();
    data.lodFromCache = data.lod.load(data.cachePath.toStdString(), identity)
        && data.lod.fits(data.steps, target.numIpus, target.tilesPerIpu);
    if (data.lodFromCache)
        return true;
    progress(5, QCoreApplication::translate("popscope::TraceData", "Summarising every tile's cycles"));
    data.lod = TraceLod::build(*data.profile, data.steps, [&](uint64_t done, uint64_t total) {
        progress(5 + int(total ? 60 * done / total : 60),
            QCoreApplication::translate("popscope::TraceData", "Summarising every tile's cycles"));
        return !cancelled.load();
    });
    if (data.lod.cancelled())
        return false;
    data.lod.save(data.cachePath.toStdString(), identity); // a failed save only costs time next time
    pruneTraceCache(kCacheBudgetBytes);
    return true;
}

} // namespace

std::shared_ptr<TraceData> buildTraceData(std::shared_ptr<const Report> report,
    const std::function<void(int, const QString&)>& progress, const std::atomic<bool>& cancelled)
{
    auto data = std::make_shared<TraceData>();
    data->report = report;
    // The page being shown: its reads of the report may take the report's second connection.
    const ParallelReadsScope parallelReads;
    // A local file's whole-run figures (every per-tile row read once more; computed once per report,
    // What changed asks for them too) are computed meanwhile on the report's connection; this
    // thread reads the steps and the level of detail on the trace's own, then the outline of the
    // program tree the flame nests the steps in. Both sides take about as long on bench-huge. A
    // cancel or a throw waits for them (the future's destructor): about a second on bench-huge. A
    // remote file's are computed after, from the steps read here (its reads queue on one connection).
    std::future<const TraceSummary*> wholeRun;
    if (!report->profile().remoteFile())
        wholeRun = std::async(std::launch::async, [report] { return &report->traceSummary(); });
    progress(0, QCoreApplication::translate("popscope::TraceData", "Reading the steps"));
    data->profile = Profile::open(report->path());
    data->steps = data->profile->readStepTable();
    data->runs = data->profile->readRuns();
    if (cancelled)
        return nullptr;

    if (!loadOrBuildLod(*data, profileIdentity(*data->profile), progress, cancelled))
        return nullptr;
    if (cancelled)
        return nullptr;
    progress(68, QCoreApplication::translate("popscope::TraceData", "Nesting the steps in their programs"));
    data->programs = data->profile->readProgramOutline();
    if (cancelled)
        return nullptr;
    // The vertex types the step details name (the page's work part): read here, beside the whole
    // run's figures, rather than before the build starts.
    progress(75, QCoreApplication::translate("popscope::TraceData", "Reading vertex types"));
    readReportPart(*report, ReportPart::VertexTypes); // through the parts' test hook (holdReportPart)
    if (cancelled)
        return nullptr;
    data->flame = buildTraceFlame(data->lod, data->steps, data->programs.parent);
    progress(85, QCoreApplication::translate("popscope::TraceData", "Finding where the cycles wait"));
    data->summary = wholeRun.valid() ? wholeRun.get() : &report->traceSummary(data->steps);
    progress(100, QCoreApplication::translate("popscope::TraceData", "Done"));
    return cancelled ? nullptr : data;
}

} // namespace popscope
