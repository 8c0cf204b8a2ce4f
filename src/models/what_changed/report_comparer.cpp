#include "models/what_changed/report_comparer.hpp"

#include "models/report_parts.hpp"

#include "popscope/errors.hpp"
#include "popscope/remote/remote_settings.hpp"

#include <QtConcurrent/QtConcurrentRun>

namespace popscope {

namespace {

// A watcher whose result nobody wants any more: it goes once its work ends (the work holds its
// reports itself, so nothing waits for it). A watcher still held has not said so yet (its finished
// signal ends its holding), even if isFinished(): Qt 6 answers from the future, which may have
// finished with its signal still queued. Deleted now, the queued signal would never come.
template <typename T> void release(QFutureWatcher<T>*& watcher, QObject* owner)
{
    if (!watcher)
        return;
    watcher->disconnect(owner);
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
    watcher = nullptr;
}

} // namespace

ReportComparer::ReportComparer(QObject* parent)
    : QObject(parent)
{
}

ReportComparer::~ReportComparer()
{
    waitForFinished();
}

void ReportComparer::waitForFinished()
{
    const remote::GuiWaitScope waiting; // a question its reading asks now gets no answer
    if (m_figures)
        m_figures->waitForFinished();
    if (m_traces)
        m_traces->waitForFinished();
}

void ReportComparer::setStage(const QString& stage)
{
    m_stage = stage;
    if (!stage.isEmpty())
        emit progress(stage);
}

void ReportComparer::drop()
{
    if (m_cancelFigures)
        m_cancelFigures->store(true);
    m_cancelFigures.reset();
    QFutureWatcher<Figures>* figures = m_figures;
    release(m_figures, this);
    if (figures) // its end lets the window release what it kept from being released
        connect(figures, &QFutureWatcherBase::finished, this, &ReportComparer::droppedWorkEnded);
    release(m_traces, this); // a late result belongs to other reports
    m_source.reset();
    m_target.reset();
    m_comparison.reset();
    m_tracesDue = false;
    m_traceError.clear();
    m_stage.clear();
}

void ReportComparer::holdTraces(bool hold)
{
    m_tracesHeld = hold;
    if (!hold && m_tracesDue) {
        m_tracesDue = false;
        compareTraces();
    }
}

void ReportComparer::start(
    std::shared_ptr<const LoadedReport> source, std::shared_ptr<const LoadedReport> target)
{
    drop();
    if (!source || !target)
        return;
    m_source = source->core;
    m_target = target->core;
    setStage(tr("Comparing %1 with %2…").arg(source->fileName(), target->fileName()));
    m_figures = new QFutureWatcher<Figures>(this);
    connect(m_figures, &QFutureWatcherBase::finished, this, &ReportComparer::onCompared);
    m_cancelFigures = std::make_shared<std::atomic<bool>>(false);
    // Reading the parts it needs, the join and the diffs run off the GUI thread.
    m_figures->setFuture(
        QtConcurrent::run([a = m_source, b = m_target, cancel = m_cancelFigures]() -> Figures {
            const PartReaderScope reading; // no part is released meanwhile, even once dropped
            CompareOptions options;
            options.cancelled = [cancel] { return cancel->load(); };
            try {
                return { std::make_shared<ReportComparison>(compareReports(*a, *b, options)), {} };
            } catch (const ComparisonCancelled&) { // dropped: nobody waits for the result
                return { nullptr, {} };
            } catch (const ProfileError& error) { // a damaged part: said on the page, not a crash
                return { nullptr, QString::fromStdString(error.what()) };
            } catch (const std::bad_alloc&) {
                return { nullptr, tr("not enough memory to compare the reports") };
            }
        }));
}

void ReportComparer::onCompared()
{
    auto* watcher = std::exchange(m_figures, nullptr);
    watcher->deleteLater();
    m_cancelFigures.reset();
    const Figures result = watcher->result();
    if (!result.comparison) {
        m_source.reset();
        m_target.reset();
        m_stage.clear();
        emit failed(result.error);
        return;
    }
    m_comparison = result.comparison;
    if (m_tracesHeld) {
        m_tracesDue = true;
        setStage(tr("The execution traces are compared when this page is shown"));
    } else {
        compareTraces();
    }
    emit compared();
}

void ReportComparer::compareTraces()
{
    setStage(tr("Analysing the execution traces (total cycles, parallel efficiency)…"));
    m_traces = new QFutureWatcher<Traces>(this);
    connect(m_traces, &QFutureWatcherBase::finished, this, &ReportComparer::onTracesCompared);
    // No PartReaderScope: this stage reads the trace summaries alone, which are never released
    // (their program names are read from a share of the programs).
    m_traces->setFuture(QtConcurrent::run([a = m_source, b = m_target]() -> Traces {
        try {
            return { compareExecutionTraces(*a, *b), {} };
        } catch (const ProfileError& error) { // a damaged trace: said on the page, the rest stays
            return { {}, QString::fromStdString(error.what()) };
        } catch (const std::bad_alloc&) {
            return { {}, tr("not enough memory to analyse the execution traces") };
        }
    }));
}

void ReportComparer::onTracesCompared()
{
    auto* watcher = std::exchange(m_traces, nullptr);
    watcher->deleteLater();
    const Traces result = watcher->result();
    m_comparison->trace = result.comparison;
    m_traceError = result.error;
    m_source.reset();
    m_target.reset();
    m_stage.clear();
    emit tracesCompared();
}

} // namespace popscope
