// matchRows on a quarter of a million generated keys per side against its budget of 1,000 ms (the
// join under What Changed and popscope-cli compare; bench_compare times it on bench-large's names).
//   bench_row_match [ROWS]   (default 250,000 source rows; the target holds 4/5 of them, reversed)
// The keys look like variable names ("model/layer12/var34"), so one in five source rows has no
// partner and the rest match in the opposite order.
#include "bench_support.hpp"
#include "popscope/row_match.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    const long rows = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 250000;
    if (rows <= 0) {
        std::fprintf(stderr, "bench_row_match: ROWS wants a positive count (got \"%s\")\n", argv[1]);
        return 1;
    }
    std::vector<std::string> names;
    for (long i = 0; i < rows; ++i)
        names.push_back("model/layer" + std::to_string(i / 70) + "/var" + std::to_string(i % 70));
    const std::vector<std::string_view> source(names.begin(), names.end());
    std::vector<std::string_view> target(names.rbegin(), names.rend());
    target.resize(size_t(rows) * 4 / 5);
    std::vector<popscope::MatchedRow> matched;
    size_t paired = 0;
    char what[96];
    std::snprintf(what, sizeof what, "matchRows %ld x %zu keys", rows, target.size());
    popscope::bench::reportMedian(
        what,
        [&] {
            matched = popscope::matchRows(source, target);
            paired = size_t(std::count_if(matched.begin(), matched.end(),
                [](const auto& r) { return r.source >= 0 && r.target >= 0; }));
        },
        1000, 7);
    std::printf("%zu rows out, %zu matched on both sides\n", matched.size(), paired);
    return paired == target.size() ? 0 : 1; // every target key has its source partner
}
