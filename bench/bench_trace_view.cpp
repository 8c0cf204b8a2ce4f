// The Execution Trace page's speed on bench-large (28,808 steps with per-tile cycles × 5,888
// tiles), against the Execution Trace issue's budgets:
//   bench_trace_view [PROFILE.pop]
// Figures:
//   - the page's data built cold (no cache: LOD + where the cycles wait; budget 10 s) and again
//     with the cache written by the first build (budget 1 s);
//   - repaints of a 1920×1080 trace over a scripted pan/zoom from the whole run down to single
//     cycles, then down to single tiles (each frame: the LOD's or the file's cells and the
//     painting; budget 16 ms p95);
//   - peak RSS of the process (the app's budget with the trace open: 400 MB).
#include "bench_support.hpp"
#include "models/trace_data.hpp"
#include "views/trace_view.hpp"
#include "views/trace_zoom.hpp"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPainter>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace popscope;

namespace {

void line(const char* what, double ms, double budgetMs)
{
    std::printf("%-62s %9.1f ms  budget %7.0f ms  %s\n", what, ms, budgetMs, ms <= budgetMs ? "OK" : "OVER BUDGET");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString path = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(POPSCOPE_BENCH_PROFILE);
    if (!std::filesystem::exists(path.toStdString())) {
        std::fprintf(stderr, "bench_trace_view: %s does not exist; make it with\n"
                             "  cmake --build build/release --target bench_large_profile\n", qPrintable(path));
        return 1;
    }
    QTemporaryDir cache;
    qputenv("POPSCOPE_CACHE_DIR", cache.path().toLocal8Bit());
    std::atomic<bool> cancelled{false};
    const auto quiet = [](int, const QString&) {};
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<TraceData> data = buildTraceData(path, quiet, cancelled);
    line("trace data built cold (LOD + where the cycles wait)", double(timer.nsecsElapsed()) / 1e6, 10000);
    timer.restart();
    data = buildTraceData(path, quiet, cancelled);
    line("trace data again, LOD from the cache (+ where the cycles wait)", double(timer.nsecsElapsed()) / 1e6, 1000);
    std::printf("LOD from the cache: %s\n", data->lodFromCache ? "yes" : "NO");

    TraceZoom zoom;
    TraceView view(&zoom);
    view.resize(1920, 1080);
    view.setTrace(data);
    zoom.setExtent(data->lod.endCycle());
    std::vector<double> frames;
    // Each frame paints the view into one reused 1920x1080 image, as a repaint paints into the
    // window's backing store (QWidget::grab would add a pixmap allocation per frame).
    QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
    const auto repaint = [&] {
        QPainter painter(&target);
        view.render(&painter);
    };
    const auto frame = [&] {
        QElapsedTimer t;
        t.start();
        repaint(); // cells (LOD or file), pictures, steps, axis
        frames.push_back(double(t.nsecsElapsed()) / 1e6);
        if (qEnvironmentVariableIsSet("BENCH_VERBOSE"))
            std::printf("frame %zu: window %llu cycles, tiles %u-%u: %.1f ms%s\n", frames.size(), static_cast<unsigned long long>(zoom.width()), view.firstTile(), view.lastTile(), frames.back(), view.showsSingleTiles() ? " (single tiles)" : "");
    };
    frame();
    {
        QElapsedTimer t; // a repaint with nothing changed: the painting without the pictures
        t.start();
        repaint();
        std::printf("a repaint with the pictures kept: %.1f ms\n", double(t.nsecsElapsed()) / 1e6);
    }
    // From the whole run to ~16 cycles around a point in the middle of the run, panning at each level.
    const uint64_t middle = data->lod.endCycle() / 2;
    while (zoom.width() > TraceZoom::kMinimumWidth) {
        zoom.setWindow(middle - std::min(middle, zoom.width() / 3), middle - std::min(middle, zoom.width() / 3) + zoom.width() * 2 / 3, false);
        frame();
        zoom.panBy(0.1);
        frame();
        zoom.panBy(-0.1);
        frame();
    }
    // Then the tiles, from every tile to one, at a window of a few steps.
    zoom.setWindow(middle, middle + 20000, false);
    for (uint32_t shown = data->lod.tilesPerIpu(); shown >= 1; shown /= 2) {
        view.setTileWindow(0, shown);
        frame();
        if (shown == 1)
            break;
    }
    std::vector<double> sorted = frames;
    std::sort(sorted.begin(), sorted.end());
    const double p50 = sorted[sorted.size() / 2], p95 = sorted[std::min(sorted.size() - 1, sorted.size() * 95 / 100)];
    std::printf("%zu repaints at 1920x1080 (whole run to %llu cycles, then to one tile): p50 %.1f ms, p95 %.1f ms, max %.1f ms"
                "  budget p95 16 ms  %s\n", frames.size(), static_cast<unsigned long long>(TraceZoom::kMinimumWidth), p50, p95,
        sorted.back(), p95 <= 16 ? "OK" : "OVER BUDGET");
    std::printf("peak RSS %.0f MiB  budget 400 MB  %s\n", double(popscope::bench::peakRssKb()) / 1024.0,
        popscope::bench::peakRssKb() / 1024.0 <= 400 ? "OK" : "OVER BUDGET");
    return 0;
}
