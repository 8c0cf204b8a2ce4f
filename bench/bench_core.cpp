// Core query timings on a large profile against DESIGN.md §6 budgets.
//   bench_core [PROFILE.pop]   (default: profiles/bench-large.pop in the build tree)
// Each figure is a fresh Profile::open per repetition (the file itself is in the OS page cache).
#include "popscope/profile.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <vector>

namespace {

double millisecondsOf(const std::function<void()>& work)
{
    auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void report(const char* what, const std::function<void()>& work, double budgetMs, int repetitions = 5)
{
    std::vector<double> times;
    for (int i = 0; i < repetitions; ++i)
        times.push_back(millisecondsOf(work));
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    std::printf("%-58s median %8.1f ms  max %8.1f ms  budget %6.0f ms  %s\n", what, median, times.back(),
        budgetMs, median <= budgetMs ? "OK" : "OVER BUDGET");
}

} // namespace

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    if (!std::filesystem::exists(path)) {
        std::fprintf(stderr,
            "bench_core: %s does not exist; make it with\n"
            "  cmake --build build/release --target bench_large_profile\n",
            path.c_str());
        return 1;
    }
    try {
        auto probe = popscope::Profile::open(path);
        const auto& t = probe->target();
        std::printf(
            "profile %s: %s, %u IPUs x %u tiles, %llu variables, %llu steps, %llu liveness steps, %.0f MB\n",
            path.c_str(), t.architecture.c_str(), t.numIpus, t.tilesPerIpu,
            (unsigned long long)probe->countRows("variables"), (unsigned long long)probe->countRows("steps"),
            (unsigned long long)probe->countRows("liveness_steps"),
            double(std::filesystem::file_size(path)) / 1e6);
        report(
            "open + Summary data", [&] { popscope::querySummary(*popscope::Profile::open(path)); }, 200);
        report(
            "memory-by-tile data, all tiles and categories (open + query)",
            [&] { popscope::queryTileMemory(*popscope::Profile::open(path)); }, 100);
        report(
            "liveness curve data (open + query)", [&] { popscope::Profile::open(path)->readLivenessSteps(); },
            100);
        report(
            "variables with tiles and live ranges (open + query)",
            [&] { popscope::Profile::open(path)->readVariables(); }, 2000, 3);
        report(
            "execution steps without per-tile cycles (open + query)",
            [&] { popscope::Profile::open(path)->readSteps(false); }, 1000, 3);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bench_core: %s\n", error.what());
        return 1;
    }
    return 0;
}
