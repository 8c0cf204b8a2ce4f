// Core query timings on a large profile against DESIGN.md §6 budgets.
//   bench_core [PROFILE.pop]   (default: profiles/bench-large.pop in the build tree)
// Each figure is a fresh Profile::open per repetition (the file itself is in the OS page cache).
#include "bench_support.hpp"
#include "popscope/profile.hpp"
#include "popscope/summary.hpp"
#include "popscope/tile_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <vector>

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
        popscope::bench::reportMedian(
            "open + Summary data", [&] { popscope::querySummary(*popscope::Profile::open(path)); }, 200);
        popscope::bench::reportMedian(
            "memory-by-tile data, all tiles and categories (open + query)",
            [&] { popscope::queryTileMemory(*popscope::Profile::open(path)); }, 100);
        popscope::bench::reportMedian(
            "liveness curve data (open + query)", [&] { popscope::Profile::open(path)->readLivenessSteps(); },
            100);
        popscope::bench::reportMedian(
            "variables with tiles and live ranges (open + query)",
            [&] { popscope::Profile::open(path)->readVariables(); }, 2000, 3);
        popscope::bench::reportMedian(
            "execution steps without per-tile cycles (open + query)",
            [&] { popscope::Profile::open(path)->readSteps(false); }, 1000, 3);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bench_core: %s\n", error.what());
        return 1;
    }
    return 0;
}
