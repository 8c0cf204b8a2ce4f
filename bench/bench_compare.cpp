// Compare two large profiles against DESIGN.md §6 (compare two bench-large profiles: ≤ 1 s).
//   bench_compare [SOURCE.pop [TARGET.pop]]   (default: bench-large.pop twice, two separate reports)
// Figures:
//   - compare + What changed lines with both reports' parts already read (what the GUI does once
//     both loaders are done): join and diff of variables, vertex types, compute sets, exchanges,
//     categories and tile memory;
//   - the same from both files just opened (Report::open), including reading every part the
//     comparison needs from both files (the target's in a second thread);
//   - the same with variables() (tiles and live ranges) already read by both reports;
//   - matchRows alone on the variable names.
// compareReports reads only names, sizes and flags of the variables when variables() has not been
// read yet (a third of the cost of reading them with tiles and live ranges).
#include "bench_support.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"
#include "popscope/row_match.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <vector>

int main(int argc, char** argv)
{
    const std::string sourcePath = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    const std::string targetPath = argc > 2 ? argv[2] : sourcePath;
    for (const std::string& path : { sourcePath, targetPath })
        if (!std::filesystem::exists(path)) {
            std::fprintf(stderr,
                "bench_compare: %s does not exist; make it with\n"
                "  cmake --build build/release --target bench_large_profile\n",
                path.c_str());
            return 1;
        }
    try {
        auto source = popscope::Report::open(sourcePath);
        auto target = popscope::Report::open(targetPath);
        size_t lines = 0;
        // Warm: read every part once (and the OS page cache).
        popscope::ReportComparison c = popscope::compareReports(*source, *target);
        std::printf(
            "source %s: %u tiles, %llu variables, %llu vertex types, %llu compute sets, %llu exchanges\n",
            sourcePath.c_str(), c.source.numTiles, (unsigned long long)c.variables.sourceRows,
            (unsigned long long)c.vertexState.sourceRows, (unsigned long long)c.computeSets.sourceRows,
            (unsigned long long)c.exchangeCode.sourceRows);
        std::printf("target %s: %u tiles, %llu variables (%llu matched by name)\n", targetPath.c_str(),
            c.target.numTiles, (unsigned long long)c.variables.targetRows,
            (unsigned long long)c.variables.matchedRows);

        popscope::bench::reportMedian(
            "compare + What changed lines, parts already read",
            [&] {
                c = popscope::compareReports(*source, *target);
                lines = popscope::whatChanged(c).size();
            },
            1000, 5);
        popscope::bench::reportMedian(
            "open both + read their parts + compare + lines",
            [&] {
                auto s = popscope::Report::open(sourcePath);
                auto t = popscope::Report::open(targetPath);
                lines = popscope::whatChanged(popscope::compareReports(*s, *t)).size();
            },
            1000, 3);
        auto loadedSource = popscope::Report::open(sourcePath);
        auto loadedTarget = popscope::Report::open(targetPath);
        loadedSource->variables(); // with tiles and live ranges, as the GUI's Memory page reads them
        loadedTarget->variables();
        popscope::bench::reportMedian(
            "compare + lines, variables() with tiles already read",
            [&] {
                lines = popscope::whatChanged(popscope::compareReports(*loadedSource, *loadedTarget)).size();
            },
            1000, 5);
        std::vector<std::string_view> sourceNames, targetNames;
        for (const auto& v : source->variables())
            sourceNames.emplace_back(v.name);
        for (const auto& v : target->variables())
            targetNames.emplace_back(v.name);
        popscope::bench::reportMedian(
            "matchRows on the variable names", [&] { popscope::matchRows(sourceNames, targetNames); }, 100,
            5);
        std::printf("%zu What changed lines\n", lines);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bench_compare: %s\n", error.what());
        return 1;
    }
    return 0;
}
