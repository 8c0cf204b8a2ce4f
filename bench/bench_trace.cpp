// The execution trace's core figures against their budgets in docs/performance.md (bench-large:
// 28,808 steps with per-tile cycles × 5,888 tiles):
//   bench_trace [PROFILE.pop]
// Figures:
//   - analyseTrace (popscope-cli trace): every step, every per-tile row streamed once;
//   - the LOD built from the file (budget 10 s), saved to a cache file, loaded back (budget 1 s);
//   - one frame's cells: a 1,920-column × 368-group-row grid (every IPU's tile groups, one row per
//     16 tiles) at zooms from the whole run to a few steps: what a repaint asks of the LOD (the
//     painting itself is the view's, measured with the page);
//   - peak RSS at the end.
#include "bench_support.hpp"
#include "popscope/execution_trace.hpp"
#include "popscope/profile.hpp"
#include "popscope/trace_lod.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

double millisecondsOf(const std::function<void()>& work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void line(const char* what, double ms, double budgetMs)
{
    std::printf(
        "%-58s %9.1f ms  budget %7.0f ms  %s\n", what, ms, budgetMs, ms <= budgetMs ? "OK" : "OVER BUDGET");
}

} // namespace

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    if (!std::filesystem::exists(path)) {
        std::fprintf(stderr,
            "bench_trace: %s does not exist; make it with\n"
            "  cmake --build build/release --target bench_large_profile\n",
            path.c_str());
        return 1;
    }
    try {
        const auto profile = popscope::Profile::open(path);
        const auto steps = profile->readStepTable();
        std::printf("%s: %zu steps, %u IPUs x %u tiles\n", path.c_str(), steps.size(),
            profile->target().numIpus, profile->target().tilesPerIpu);
        popscope::TraceSummary trace;
        line("analyseTrace (popscope-cli trace)",
            millisecondsOf([&] { trace = popscope::analyseTrace(*profile); }), 10000);
        popscope::TraceLod lod;
        line("LOD built from the file",
            millisecondsOf([&] { lod = popscope::TraceLod::build(*profile, steps); }), 10000);
        const std::string cache
            = (std::filesystem::temp_directory_path() / "popscope-bench-trace.lod").string();
        const std::string identity = popscope::TraceLod::identityOf(path);
        line("LOD saved to the cache", millisecondsOf([&] { lod.save(cache, identity); }), 1000);
        popscope::TraceLod loaded;
        bool ok = false;
        line("LOD loaded from the cache (identity + read)",
            millisecondsOf([&] { ok = loaded.load(cache, popscope::TraceLod::identityOf(path)); }), 1000);
        std::printf("cache %s: %.1f MiB%s\n", cache.c_str(),
            double(std::filesystem::file_size(cache)) / 1048576.0, ok ? "" : " (NOT LOADED)");
        std::filesystem::remove(cache);

        // One frame of cells per zoom: the whole run, then narrower windows around the middle.
        const uint64_t end = lod.endCycle();
        std::vector<double> frames;
        for (uint64_t width = end; width >= 2000; width /= 4) {
            const uint64_t from = end / 2 - std::min(end / 2, width / 2);
            double sink = 0;
            std::vector<popscope::StateTileCycles> cells;
            frames.push_back(millisecondsOf([&] {
                for (uint32_t ipu = 0; ipu < lod.numIpus(); ++ipu)
                    for (int column = 0; column < 1920; ++column) {
                        const uint64_t a = from + width * uint64_t(column) / 1920;
                        const uint64_t b = from + width * uint64_t(column + 1) / 1920;
                        lod.column(ipu, a, b, cells);
                        sink += cells.front()[0];
                    }
            }));
            if (sink < 0)
                std::printf("?");
        }
        std::vector<double> sorted = frames;
        std::sort(sorted.begin(), sorted.end());
        std::printf("frames of cells at %zu zooms (whole run to %s cycles): p50 %.1f ms, max %.1f ms\n",
            frames.size(), "~2,000", sorted[sorted.size() / 2], sorted.back());
        std::printf("peak RSS %.0f MiB\n", double(popscope::bench::peakRssKb()) / 1024.0);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bench_trace: %s\n", error.what());
        return 1;
    }
    return 0;
}
