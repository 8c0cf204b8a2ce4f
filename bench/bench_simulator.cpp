// Simulator benchmark (DESIGN.md §6): time to simulate and write bench-large, rows/s of the writer,
// file size. Usage: bench_simulator [SPEC.json] [OUT.pop] [--keep]
#include "popscope/profile_writer.hpp"
#include "popscope/sim/simulator.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

int main(int argc, char** argv)
{
    std::string spec
        = (fs::path(__FILE__).parent_path().parent_path() / "profiles" / "bench-large.json").string();
    std::string out = (fs::temp_directory_path() / "popscope-bench-large.pop").string();
    bool keep = false;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--keep")
            keep = true;
        else if (positional++ == 0)
            spec = a;
        else
            out = a;
    }
    try {
        using clock = std::chrono::steady_clock;
        const auto t0 = clock::now();
        const popscope::sim::SimulationSpec s = popscope::sim::readSpecFile(spec);
        const popscope::ProfileDocument doc = popscope::sim::simulateSpec(s);
        const auto t1 = clock::now();
        const popscope::WriteStats stats = popscope::writeProfile(doc, out);
        const auto t2 = clock::now();
        const double simulate = std::chrono::duration<double>(t1 - t0).count();
        const double write = std::chrono::duration<double>(t2 - t1).count();
        uint64_t perTileSteps = 0;
        for (const auto& st : doc.steps)
            for (const auto& i : st.ipus)
                if (!i.cyclesByTile.empty()) {
                    ++perTileSteps;
                    break;
                }
        std::printf("bench_simulator: %s\n", spec.c_str());
        std::printf("  target                 %s x %u IPUs x %u tiles\n", doc.target.architecture.c_str(),
            doc.target.numIpus, doc.target.tilesPerIpu);
        std::printf("  variables              %zu\n", doc.variables.size());
        std::printf("  liveness steps         %zu\n", doc.livenessSteps.size());
        std::printf("  execution steps        %zu (%llu with per-tile cycles)\n", doc.steps.size(),
            (unsigned long long)perTileSteps);
        std::printf("  simulate               %.2f s\n", simulate);
        std::printf("  write                  %.2f s (%llu rows, %.0f rows/s, %.1f MB/s)\n", write,
            (unsigned long long)stats.rows, double(stats.rows) / write, double(stats.bytes) / write / 1e6);
        std::printf("  file size              %.1f MB (%llu bytes)\n", double(stats.bytes) / 1e6,
            (unsigned long long)stats.bytes);
        std::printf("  simulate + write       %.2f s (budget 60 s: %s)\n", simulate + write,
            simulate + write <= 60.0 ? "within" : "OVER");
        if (!keep)
            fs::remove(out);
        else
            std::printf("  kept                   %s\n", out.c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_simulator: %s\n", e.what());
        return 1;
    }
}
