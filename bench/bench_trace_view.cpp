// The Execution Trace page's speed on bench-large (28,808 steps with per-tile cycles × 5,888
// tiles), against its budgets in docs/performance.md:
//   bench_trace_view [PROFILE.pop]
// Figures:
//   - the page's data built cold (no cache: LOD + where the cycles wait; budget 10 s) and again
//     with the cache written by the first build (budget 1 s);
//   - repaints of a 1920×1080 trace over a scripted pan/zoom from the whole run down to single
//     cycles, then down to single tiles, in the Flame and the Flat view (what the GUI thread
//     spends: step rows, axis, the BSP pictures — the last ones moved until the worker's new ones
//     are in; budget 16 ms p95), and how long the worker takes to make the exact pictures;
//   - peak RSS of the process (the app's budget with the trace open: 400 MB).
#include "bench_support.hpp"
#include "models/trace/trace_data.hpp"
#include "models/trace/trace_zoom.hpp"
#include "views/trace/trace_view.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPainter>
#include <QTemporaryDir>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace popscope;

namespace {

void line(const char* what, double ms, double budgetMs)
{
    std::printf(
        "%-62s %9.1f ms  budget %7.0f ms  %s\n", what, ms, budgetMs, ms <= budgetMs ? "OK" : "OVER BUDGET");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString path = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(POPSCOPE_BENCH_PROFILE);
    if (!std::filesystem::exists(path.toStdString())) {
        std::fprintf(stderr,
            "bench_trace_view: %s does not exist; make it with\n"
            "  cmake --build build/release --target bench_large_profile\n",
            qPrintable(path));
        return 1;
    }
    QTemporaryDir cache;
    qputenv("POPSCOPE_CACHE_DIR", cache.path().toLocal8Bit());
    std::atomic<bool> cancelled { false };
    const auto quiet = [](int, const QString&) {};
    // As the window has it when the page starts: the report with the parts its loader read (the
    // program tree); not timed.
    const auto openedReport = [&path] {
        std::shared_ptr<const Report> report = Report::open(path.toStdString());
        report->programIndex();
        return report;
    };
    std::shared_ptr<const Report> report = openedReport();
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<TraceData> data = buildTraceData(report, quiet, cancelled);
    line("trace data built cold (LOD + where the cycles wait)", double(timer.nsecsElapsed()) / 1e6, 10000);
    data.reset();
    report = openedReport(); // the report opened again: the LOD from the cache, the waits found again
    timer.restart();
    data = buildTraceData(report, quiet, cancelled);
    line("trace data again, LOD from the cache (+ where the cycles wait)", double(timer.nsecsElapsed()) / 1e6,
        1000);
    std::printf("LOD from the cache: %s\n", data->lodFromCache ? "yes" : "NO");

    TraceZoom zoom;
    TraceView view(&zoom);
    view.resize(1920, 1080);
    view.setTrace(data);
    zoom.setExtent(data->lod.endCycle());
    // Each frame paints the view into one reused 1920x1080 image, as a repaint paints into the
    // window's backing store (QWidget::grab would add a pixmap allocation per frame).
    QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
    const auto repaint = [&] {
        QPainter painter(&target);
        view.render(&painter);
    };
    bool budgetsMet = true;
    // The scripted pan/zoom in one view mode: from the whole run to ~16 cycles around a point in
    // the middle of the run, panning at each level; then the tiles, from every tile to one.
    const auto percentiles = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return std::array<double, 3> { values[values.size() / 2],
            values[std::min(values.size() - 1, values.size() * 95 / 100)], values.back() };
    };
    // The scripted pan/zoom in one view mode: from the whole run to ~16 cycles around a point in
    // the middle of the run, panning at each level; then the tiles, from every tile to one. Each
    // step repaints at once (the last pictures moved and scaled: what the GUI thread spends), then
    // waits for the worker's pictures (the latency until the picture is exact) and repaints them.
    const auto script = [&](const char* mode) {
        std::vector<double> frames, latencies;
        const auto step = [&] {
            QElapsedTimer t;
            t.start();
            repaint(); // GUI thread: step rows, axis, the last pictures moved; starts the worker
            frames.push_back(double(t.nsecsElapsed()) / 1e6);
            while (!view.picturesCurrent())
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            latencies.push_back(double(t.nsecsElapsed()) / 1e6);
            QElapsedTimer again;
            again.start();
            repaint(); // the exact pictures, as the window repaints when they arrive
            frames.push_back(double(again.nsecsElapsed()) / 1e6);
            if (qEnvironmentVariableIsSet("BENCH_VERBOSE"))
                std::printf(
                    "%s step %zu: window %llu cycles, tiles %u-%u: repaint %.1f ms, pictures in %.1f ms%s\n",
                    mode, latencies.size(), static_cast<unsigned long long>(zoom.width()), view.firstTile(),
                    view.lastTile(), frames[frames.size() - 2], latencies.back(),
                    view.showsSingleTiles() ? " (single tiles)" : "");
        };
        zoom.fit();
        view.setTileWindow(0, data->lod.tilesPerIpu());
        step();
        const uint64_t middle = data->lod.endCycle() / 2;
        while (zoom.width() > TraceZoom::kMinimumWidth) {
            const uint64_t first = middle - std::min(middle, zoom.width() / 3);
            zoom.setWindow(first, first + zoom.width() * 2 / 3, false);
            step();
            zoom.panBy(0.1);
            step();
            zoom.panBy(-0.1);
            step();
        }
        zoom.setWindow(middle, middle + 20000, false);
        for (uint32_t shown = data->lod.tilesPerIpu(); shown >= 1; shown /= 2) {
            view.setTileWindow(0, shown);
            step();
            if (shown == 1)
                break;
        }
        const auto [p50, p95, most] = percentiles(frames);
        std::printf("%s: %zu repaints at 1920x1080 (whole run to %llu cycles, then to one tile): p50 %.1f "
                    "ms, p95 %.1f ms, "
                    "max %.1f ms  budget p95 16 ms  %s\n",
            mode, frames.size(), static_cast<unsigned long long>(TraceZoom::kMinimumWidth), p50, p95, most,
            p95 <= 16 ? "OK" : "OVER BUDGET");
        const auto [l50, l95, lmost] = percentiles(latencies);
        std::printf("%s: exact pictures after each of the %zu steps (worker): p50 %.1f ms, p95 %.1f ms, max "
                    "%.1f ms\n",
            mode, latencies.size(), l50, l95, lmost);
        budgetsMet = budgetsMet && p95 <= 16;
    };
    view.setFlame(true);
    script("Flame");
    view.setFlame(false);
    script("Flat");
    std::printf("peak RSS %.0f MiB  budget 400 MB  %s\n", double(popscope::bench::peakRssKb()) / 1024.0,
        popscope::bench::peakRssKb() / 1024.0 <= 400 ? "OK" : "OVER BUDGET");
    return 0;
}
