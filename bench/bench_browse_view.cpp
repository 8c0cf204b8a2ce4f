// Peak resident memory while browsing every report (DESIGN.md §6: ≤ 400 MB on bench-large): opens
// the profile in the real window class as a user does, shows each registered page in turn, lets it
// finish its work (the trace built and its pictures painted, What changed filled) and paints it at
// 1920×1080, then prints the process's peak RSS after each page.
//   bench_browse_view [PROFILE.pop] [--compare TARGET.pop]
#include "app/main_window.hpp"
#include "app/memory_allocator.hpp"
#include "app/page_registry.hpp"
#include "bench_support.hpp"
#include "bench_window_settings.hpp"
#include "models/trace/trace_zoom.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/trace/trace_view.hpp"
#include "views/what_changed/what_changed_page.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <filesystem>

using namespace popscope;

namespace {

// Runs the event loop until `done` holds or `timeoutMs` passes; false on timeout.
template <typename Done> bool waitUntil(Done done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

// Lets a page finish what it starts when shown.
bool settle(ReportPage* page)
{
    if (auto* trace = qobject_cast<ExecutionTracePage*>(page)) {
        if (!waitUntil([trace] { return trace->isReady(); }, 60000))
            return false;
        for (TraceView* view : { trace->sourceView(), trace->targetView() })
            if (view && view->isVisible())
                view->finishPictures();
    }
    if (auto* changes = qobject_cast<WhatChangedPage*>(page))
        if (!waitUntil([changes] { return changes->comparison() != nullptr; }, 60000))
            return false;
    waitUntil([] { return false; }, 300); // whatever the page queued (rebuilds, lazy tables)
    return true;
}

// The trace's deepest work: from the whole run in to single tiles, panning at each zoom (rows read
// from the file into the painters' caches), every picture finished.
void zoomToSingleTiles(ExecutionTracePage* page)
{
    TraceView* view = page->sourceView();
    TraceZoom* zoom = page->zoom();
    const uint64_t middle = zoom->extent() / 2;
    for (uint64_t width : { zoom->extent() / 8, zoom->extent() / 64, uint64_t(200000), uint64_t(20000) }) {
        zoom->setWindow(middle, middle + width, false);
        for (uint32_t tiles : { 1472u, 368u, 92u, 23u }) {
            view->setTileWindow(0, tiles);
            for (int pan = 0; pan < 4; ++pan) {
                zoom->panBy(0.5);
                view->finishPictures();
                QApplication::processEvents();
            }
        }
    }
    std::printf(
        "  (execution-trace: zoomed from the whole run to 20,000 cycles and to single tiles%s, panned)\n",
        view->showsSingleTiles() ? "" : " -- NOT REACHED");
    view->setTileWindow(0, 1472);
    zoom->fit();
    view->finishPictures();
}

} // namespace

int main(int argc, char** argv)
{
    configureMemoryAllocator(argv); // as the app does
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("popscope-bench"));
    const bench::FreshWindowSettings settings;
    QString source = QString::fromLocal8Bit(POPSCOPE_BENCH_PROFILE);
    QString target;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--compare") == 0 && i + 1 < argc)
            target = QString::fromLocal8Bit(argv[++i]);
        else
            source = QString::fromLocal8Bit(argv[i]);
    }
    for (const QString& path : { source, target })
        if (!path.isEmpty() && !std::filesystem::exists(path.toStdString())) {
            std::fprintf(stderr,
                "bench_browse_view: %s is missing (cmake --build build/release --target "
                "bench_large_profile)\n",
                qPrintable(path));
            return 1;
        }
    MainWindow window;
    window.setInteractive(false);
    window.resize(1920, 1080);
    window.show();
    bool opened = false;
    QObject::connect(&window, &MainWindow::reportOpened, [&] { opened = true; });
    QObject::connect(&window, &MainWindow::openFailed, [&](const QString& path, const QString& message) {
        std::fprintf(stderr, "bench_browse_view: %s: %s\n", qPrintable(path), qPrintable(message));
        std::exit(1);
    });
    QElapsedTimer timer;
    timer.start();
    if (target.isEmpty())
        window.openFile(source);
    else
        window.compareFiles(source, target);
    if (!waitUntil([&] { return opened; }, 120000)) {
        std::fprintf(stderr, "bench_browse_view: the report did not open in 120 s\n");
        return 1;
    }
    std::printf("%s opened in %lld ms, peak RSS %.0f MiB\n", target.isEmpty() ? "report" : "both reports",
        static_cast<long long>(timer.elapsed()), double(bench::peakRssKb()) / 1024.0);
    for (const PageInfo& info : window.pages().pages()) {
        const PageId id = info.id;
        if (!window.showPage(id))
            continue; // not available in this mode (What changed without a comparison)
        timer.restart();
        if (!settle(window.page(id))) {
            std::fprintf(
                stderr, "bench_browse_view: the %s page did not finish in 60 s\n", qPrintable(id.toString()));
            return 1;
        }
        window.grab(); // paints it
        if (auto* trace = qobject_cast<ExecutionTracePage*>(window.page(id)))
            zoomToSingleTiles(trace);
        std::printf("  %-16s shown and settled in %6lld ms, peak RSS %4.0f MiB (%4.0f MB)\n",
            qPrintable(id.toString()), static_cast<long long>(timer.elapsed()),
            double(bench::peakRssKb()) / 1024.0, double(bench::peakRssKb()) * 1.024 / 1000.0);
    }
    const double peakMb = double(bench::peakRssKb()) * 1.024 / 1000.0;
    if (target.isEmpty())
        std::printf("peak RSS after browsing every report: %.0f MB  budget 400 MB  %s\n", peakMb,
            peakMb <= 400 ? "OK" : "OVER BUDGET");
    else // DESIGN.md's budget is one report's
        std::printf(
            "peak RSS after browsing every report, two reports held: %.0f MB (one report's budget: 400 MB)\n",
            peakMb);
    return 0;
}
