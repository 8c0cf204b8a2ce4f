// The Memory page's Tile Map and Variables graph on bench-large (5,888 tiles, 4 IPUs), against
// their budgets: the Tile Map repainted at 1920×1080 with a moving hover, and redrawn on a
// category change, p95 ≤ 16 ms; the Variables graph of five variables ≤ 200 ms from picking them
// to the first paint (the variables read already, as the Variables tab they are picked from
// has them; their first read is the Variables tab's own figure, printed for reference).
//   bench_memory_graphs_view [PROFILE.pop]   (default: bench-large)
#include "bench_support.hpp"

#include "models/loaded_report.hpp"
#include "models/memory/tile_map_layout.hpp"
#include "models/report_state.hpp"
#include "popscope/variable_tile_bytes.hpp"
#include "views/memory/memory_chart.hpp"
#include "views/memory/tile_map_renderer.hpp"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numeric>

using namespace popscope;

namespace {

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, size_t(std::ceil(p * double(v.size())) - 1))];
}

void printRepaint(const char* what, const std::vector<double>& times)
{
    const double p95 = percentile(times, 0.95);
    std::printf("%-52s p50 %6.2f ms  p95 %6.2f ms  max %6.2f ms over %zu frames (budget p95 16 ms) %s\n",
        what, percentile(times, 0.5), p95, percentile(times, 1.0), times.size(), p95 <= 16 ? "OK" : "OVER");
}

void benchTileMap(const TileMemory& memory)
{
    const TileMapLayout layout
        = TileMapLayout::build(memory.numIpus, memory.tilesPerIpu, memory.physicalTileIds);
    std::vector<int64_t> values;
    auto fill = [&](const std::string& category) {
        const std::vector<uint32_t> bytes = tileMapValues(memory, category, false);
        values.assign(bytes.begin(), bytes.end());
    };
    fill("");
    const std::vector<uint32_t> selection = { 5, 100, 101, 102, 2000, 4000 };
    TileMapScene scene;
    scene.layout = &layout;
    scene.values = &values;
    scene.scaleMax = int64_t(memory.bytesPerTile);
    scene.capacity = memory.bytesPerTile;
    scene.selection = &selection;
    scene.scaleTitle = QStringLiteral("All memory, without gaps, per tile");
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const QPalette palette = QApplication::palette();
    auto paint = [&] {
        QPainter p(&image);
        TileMapRenderer::paint(p, image.rect(), scene, palette);
    };
    std::vector<double> hover;
    for (uint32_t frame = 0; frame < 200; ++frame) {
        scene.hoverTile = (frame * 37) % memory.numTiles();
        hover.push_back(bench::millisecondsOf(paint));
    }
    printRepaint("Tile Map repaint, 1920x1080, hover moving:", hover);
    std::vector<double> category;
    for (int frame = 0; frame < 60; ++frame) {
        const size_t c = size_t(frame) % (memory.categories.size() + 1);
        category.push_back(bench::millisecondsOf([&] {
            fill(c == 0 ? std::string() : memory.categories[c - 1]);
            scene.scaleMax = *std::max_element(values.begin(), values.end());
            paint();
        }));
    }
    printRepaint("Tile Map redraw on a category change:", category);
}

void benchVariablesGraph(const std::shared_ptr<LoadedReport>& report)
{
    const double readMs = bench::millisecondsOf([&] { report->variables(); });
    std::printf("%-52s %8.1f ms (%zu variables; the Variables tab's read)\n",
        "variables read, first time:", readMs, report->variables().size());
    // Five of the largest variables, by name, as a user picks them from the Variables tab.
    const VariableTable& variables = report->variables();
    std::vector<size_t> ids(variables.size());
    std::iota(ids.begin(), ids.end(), size_t(0));
    std::partial_sort(ids.begin(), ids.begin() + 5, ids.end(),
        [&](size_t a, size_t b) { return variables.sizeBytes(a) > variables.sizeBytes(b); });
    std::vector<std::string> names;
    for (size_t i = 0; i < 5; ++i)
        names.emplace_back(variables.name(ids[i]));
    ReportState state;
    state.setReport(report);
    MemoryChart chart(&state);
    chart.setVariablesGraph(true);
    chart.resize(1900, 600);
    std::vector<double> times;
    for (int run = 0; run < 5; ++run) {
        chart.setVariablePatterns({});
        times.push_back(bench::millisecondsOf([&] {
            chart.setVariablePatterns(names);
            chart.grab(); // painted
        }));
    }
    std::sort(times.begin(), times.end());
    std::printf("%-52s median %6.1f ms  max %6.1f ms  (budget 200 ms) %s\n",
        "Variables graph, five variables, pick to paint:", times[2], times[4],
        times[2] <= 200 ? "OK" : "OVER");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string path = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    if (!std::filesystem::exists(path)) {
        std::fprintf(stderr,
            "bench_memory_graphs_view: %s is missing (cmake --build build/release --target "
            "bench_large_profile)\n",
            path.c_str());
        return 1;
    }
    std::printf("%s\n", path.c_str());
    const std::shared_ptr<LoadedReport> report = loadReport(QString::fromStdString(path));
    benchTileMap(report->memory());
    benchVariablesGraph(report);
    return 0;
}
