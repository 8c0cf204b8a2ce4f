#include "app/window_script.hpp"

#include "app/demo_profile.hpp"
#include "app/main_window.hpp"
#include "app/navigation_option.hpp"
#include "models/image_file.hpp"
#include "models/memory/memory_series.hpp"
#include "models/what_changed/report_comparer.hpp"
#include "views/liveness/liveness_page.hpp"
#include "views/liveness/liveness_tables_view.hpp"
#include "views/memory/memory_page.hpp"
#include "views/memory/variables_graph_page.hpp"
#include "views/programs/operations_page.hpp"
#include "views/programs/program_tree_page.hpp"
#include "views/query/query_page.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/trace/trace_view.hpp"
#include "views/what_changed/what_changed_page.hpp"
#include "views/widgets/tab_key.hpp"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

namespace popscope {

namespace {

// The problem `page` shows in place of the report, naming the file: a part it, or a page shown
// inside it (a Memory tab, Insights' pages), could not read; its own work that failed (a trace
// build, a comparison); or a part its analysis could not read. "" when it shows the report.
QString pageProblem(const ReportPage& page)
{
    if (!page.loadError().isEmpty())
        return page.loadError();
    for (const ReportPage* inner : page.findChildren<ReportPage*>())
        if (inner->isVisibleTo(&page) && !inner->loadError().isEmpty())
            return inner->loadError();
    if (const auto* operations = qobject_cast<const OperationsPage*>(&page))
        return operations->problem();
    if (const auto* tree = qobject_cast<const ProgramTreePage*>(&page))
        return tree->problem();
    if (const auto* query = qobject_cast<const QueryPage*>(&page))
        return query->problem();
    if (const auto* changes = qobject_cast<const WhatChangedPage*>(&page)) {
        if (changes->isReady() && !changes->comparison())
            return changes->statusText();
        return changes->comparer()->traceError();
    }
    return {};
}

// A page inside `page` that shows with it and still reads its parts (a Memory tab, the Variables
// graph), or null.
ReportPage* loadingInnerPage(ReportPage* page)
{
    if (page)
        for (ReportPage* inner : page->findChildren<ReportPage*>())
            if (inner->isVisibleTo(page) && inner->isLoading())
                return inner;
    return nullptr;
}

} // namespace

WindowScript::WindowScript(MainWindow* window, AppOptions options)
    : QObject(window)
    , m_window(window)
    , m_options(std::move(options))
{
}

void WindowScript::start()
{
    if (m_options.size.isValid())
        m_window->resize(m_options.size);
    const bool scripted = !m_options.screenshot.isEmpty();
    if (scripted)
        m_window->setInteractive(false);
    QString file = m_options.file;
    if (file.isEmpty() && m_options.demo)
        file = demoProfilePath();
    if (file.isEmpty()) {
        if (scripted)
            QTimer::singleShot(500, this, &WindowScript::finish);
        return;
    }
    connect(m_window, &MainWindow::reportOpened, this, &WindowScript::apply, Qt::SingleShotConnection);
    connect(
        m_window, &MainWindow::openFailed, this, [this, scripted](const QString&, const QString& message) {
            std::fprintf(stderr, "popscope: %s\n", qPrintable(message));
            if (scripted) {
                m_exitCode = kExitOpenFailed;
                QApplication::exit(m_exitCode);
            }
        });
    if (m_options.compare.isEmpty())
        m_window->openFile(file);
    else
        m_window->compareFiles(file, m_options.compare);
}

void WindowScript::apply()
{
    if (!m_options.page.isEmpty()
        && m_options.page.compare(QStringLiteral("Start"), Qt::CaseInsensitive) != 0) {
        const PageInfo* info = m_window->pages().find(m_options.page);
        m_pageRefused = !info || !m_window->showPage(info->id);
        if (!info)
            std::fprintf(stderr, "popscope: no report page called “%s” (%s)\n", qPrintable(m_options.page),
                qPrintable(m_window->pages().ids().join(QStringLiteral(", "))));
        else if (m_pageRefused)
            std::fprintf(stderr, "popscope: %s\n", qPrintable(info->unavailableReason()));
    }
    // The page reads its parts when shown: its options apply, and the screenshot is taken, once
    // it shows the report (or says why it cannot).
    ReportPage* shown = m_window->page(m_window->currentPage());
    if (shown && shown->isLoading()) {
        connect(shown, &ReportPage::ready, this, &WindowScript::applyOptions, Qt::SingleShotConnection);
        connect(shown, &ReportPage::loadFailed, this, &WindowScript::applyOptions, Qt::SingleShotConnection);
        return;
    }
    applyOptions();
}

void WindowScript::applyOptions()
{
    if (std::exchange(m_applied, true))
        return;
    applyMemoryOptions();
    auto* liveness = qobject_cast<LivenessPage*>(m_window->page(page_ids::liveness));
    applyLivenessOptions(liveness);
    auto* trace = qobject_cast<ExecutionTracePage*>(m_window->page(page_ids::executionTrace));
    selectTab(liveness, trace);
    if (applyQueryOption())
        return;
    // The Execution Trace builds its data after the report opened: its options apply, and the
    // screenshot is taken, once it is ready.
    if (trace && m_window->currentPage() == page_ids::executionTrace) {
        if (trace->isReady()) {
            applyTraceOptions(trace);
        } else if (trace->isLoading()) {
            connect(
                trace, &ExecutionTracePage::ready, this, [this, trace] { applyTraceOptions(trace); },
                Qt::SingleShotConnection);
            // A build that fails shows why in the page: the screenshot shows that.
            connect(trace, &ReportPage::loadFailed, this, &WindowScript::scheduleScreenshot,
                Qt::SingleShotConnection);
        } else {
            scheduleScreenshot(); // it failed already
        }
        return;
    }
    // --show on a Memory table tab shows the tab, and --graph variables the Variables graph, which
    // read their parts: the row is selected, and the screenshot taken, once they are read.
    const bool shown = showRowOption();
    if (ReportPage* tab = loadingInnerPage(m_window->page(m_window->currentPage()))) {
        const auto afterTab = [this] {
            if (!showRowOption())
                reportMissingRow();
            scheduleScreenshot();
        };
        connect(tab, &ReportPage::ready, this, afterTab, Qt::SingleShotConnection);
        connect(
            tab, &ReportPage::loadFailed, this, &WindowScript::scheduleScreenshot, Qt::SingleShotConnection);
        return;
    }
    if (!shown)
        reportMissingRow();
    scheduleScreenshot();
}

bool WindowScript::applyQueryOption()
{
    auto* query = qobject_cast<QueryPage*>(m_window->page(m_window->currentPage()));
    if (!query || m_options.query.isEmpty())
        return false;
    connect(
        query, &QueryPage::queryFinished, this, &WindowScript::scheduleScreenshot, Qt::SingleShotConnection);
    query->runQuery(m_options.query);
    return true;
}

bool WindowScript::showRowOption()
{
    if (m_options.show.isEmpty())
        return true;
    ReportPage* page = m_window->page(m_window->currentPage());
    const std::optional<NavigationTarget> target = showOptionTarget(m_window->currentPage(), m_options.show);
    return page && target && page->showRow(*target);
}

void WindowScript::reportMissingRow()
{
    std::fprintf(stderr, "popscope: the page has no row “%s” in “%s”\n",
        qPrintable(m_options.show.section(QLatin1Char('='), 1)),
        qPrintable(m_options.show.section(QLatin1Char('='), 0, 0)));
}

void WindowScript::scheduleScreenshot()
{
    if (!m_options.screenshot.isEmpty())
        QTimer::singleShot(700, this, &WindowScript::finish);
}

void WindowScript::applyMemoryOptions()
{
    MemoryPage* memory = m_window->memoryPage();
    if (!m_options.breakdown.isEmpty()) {
        const QStringList names = { QStringLiteral("none"), QStringLiteral("category"),
            QStringLiteral("region"), QStringLiteral("liveness") };
        memory->breakdownBox()->setCurrentIndex(int(names.indexOf(m_options.breakdown)));
    }
    if (!m_options.graph.isEmpty()) {
        const QStringList graphs
            = { QStringLiteral("total"), QStringLiteral("variables"), QStringLiteral("tile-map") };
        memory->setGraph(MemoryGraph(graphs.indexOf(m_options.graph)));
    }
    if (!m_options.variables.isEmpty() && !memory->variablesGraph()->applyPatterns(m_options.variables))
        std::fprintf(
            stderr, "popscope: --variables: %s\n", qPrintable(memory->variablesGraph()->patternError()));
    if (!m_options.select.isEmpty() && !memory->applyTileText(m_options.select))
        std::fprintf(stderr, "popscope: %s\n", qPrintable(memory->tileError()));
}

void WindowScript::applyLivenessOptions(LivenessPage* liveness)
{
    QString stepError;
    if (liveness && !m_options.steps.isEmpty() && !liveness->selectStepsText(m_options.steps, &stepError))
        std::fprintf(stderr, "popscope: --steps: %s\n", qPrintable(stepError));
    for (const QString& name : m_options.lifetimes)
        if (liveness && !liveness->addLifetime(name))
            std::fprintf(
                stderr, "popscope: --lifetime: no not-always-live variable called “%s”\n", qPrintable(name));
}

void WindowScript::selectTab(LivenessPage* liveness, ExecutionTracePage* trace)
{
    if (m_options.tab.isEmpty())
        return;
    const PageId shown = m_window->currentPage();
    const bool livenessShown = liveness && shown == page_ids::liveness;
    const bool traceShown = trace && shown == page_ids::executionTrace;
    QTabWidget* tabWidget = livenessShown ? static_cast<QTabWidget*>(liveness->tables())
        : traceShown                      ? trace->tabs()
                                          : m_window->memoryPage()->tabs();
    const PageId tabbed = livenessShown ? page_ids::liveness
        : traceShown                    ? page_ids::executionTrace
                                        : page_ids::memory;
    if (!showTabKey(tabWidget, tabKeyNamed(tabbed, m_options.tab)))
        std::fprintf(stderr, "popscope: no %s tab called “%s” (%s)\n", qPrintable(tabbed.toString()),
            qPrintable(m_options.tab), qPrintable(tabIds(tabbed).join(QStringLiteral(", "))));
}

void WindowScript::applyTraceOptions(ExecutionTracePage* trace)
{
    if (!m_options.traceScale.isEmpty())
        trace->setSameTimeScale(m_options.traceScale == QStringLiteral("same"));
    if (!m_options.traceView.isEmpty())
        trace->setFlame(m_options.traceView == QStringLiteral("flame"));
    if (m_options.traceStep >= 0)
        trace->zoomToStep(uint32_t(m_options.traceStep));
    if (m_options.traceAlign)
        trace->setAligned(true);
    if (!m_options.screenshot.isEmpty())
        QTimer::singleShot(500, this, &WindowScript::finish);
}

QString WindowScript::shownPageId() const
{
    if (m_window->isShowingStartPage())
        return QStringLiteral("start");
    return m_window->currentPage().toString();
}

QString WindowScript::shownPageProblem() const
{
    const ReportPage* page
        = m_window->isShowingStartPage() ? nullptr : m_window->page(m_window->currentPage());
    if (!page)
        return {};
    if (const QString problem = pageProblem(*page); !problem.isEmpty())
        return problem;
    if (!page->isReady() || page->isBusy())
        return QStringLiteral("the page was still reading the report when the screenshot was taken");
    return {};
}

void WindowScript::finish()
{
    if (m_options.screenshot.isEmpty())
        return;
    for (TraceView* trace : m_window->findChildren<TraceView*>()) // its pictures come from a worker
        if (trace->isVisible())
            trace->finishPictures();
    const QPixmap shot = m_window->grab();
    // What the page shows decides the exit code; the screenshot is saved either way, since a
    // picture of the error page helps to see what went wrong.
    const QString problem = shownPageProblem();
    if (problem.isEmpty())
        std::fprintf(stdout, "popscope: page %s ready\n", qPrintable(shownPageId()));
    else
        std::fprintf(
            stderr, "popscope: page %s failed: %s\n", qPrintable(shownPageId()), qPrintable(problem));
    if (!problem.isEmpty() || m_pageRefused) // a --page that could not be shown said why in apply()
        m_exitCode = kExitPageFailed;
    QString error;
    if (!saveImageFile(shot.toImage(), m_options.screenshot, &error)) {
        std::fprintf(stderr, "popscope: %s\n", qPrintable(error));
        m_exitCode = kExitScreenshotNotSaved;
    } else {
        std::fprintf(stdout, "popscope: wrote %s (%dx%d)\n", qPrintable(m_options.screenshot), shot.width(),
            shot.height());
    }
    std::fflush(stdout);
    QApplication::exit(m_exitCode);
}

} // namespace popscope
