#pragma once
// Small helpers the benchmark programs share.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace popscope::bench {

// A figure of /proc/self/status in KiB ("VmHWM:"), or -1 where /proc does not say.
inline long statusKb(const std::string& field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(field, 0) == 0)
            return std::stol(line.substr(field.size()));
    return -1;
}

// The process's peak resident set (VmHWM) in KiB, or -1 where /proc does not say.
inline long peakRssKb()
{
    return statusKb("VmHWM:");
}

// The process's resident set now (VmRSS) in KiB: what a page keeps, beside the peak its reading
// reached.
inline long rssKb()
{
    return statusKb("VmRSS:");
}

// Bytes this process has read with read() and friends (/proc/self/io rchar): a local report's
// reads, to set against what a remote one asks of the server.
inline long long readBytes()
{
    std::ifstream io("/proc/self/io");
    std::string line;
    while (std::getline(io, line))
        if (line.rfind("rchar:", 0) == 0)
            return std::stoll(line.substr(6));
    return -1;
}

// Wall time of one call of `work`, in milliseconds.
inline double millisecondsOf(const std::function<void()>& work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Runs `work` `repetitions` times and prints its median and maximum against `budgetMs`.
inline void reportMedian(
    const char* what, const std::function<void()>& work, double budgetMs, int repetitions = 5)
{
    std::vector<double> times;
    for (int i = 0; i < repetitions; ++i)
        times.push_back(millisecondsOf(work));
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    std::printf("%-62s median %8.1f ms  max %8.1f ms  budget %6.0f ms  %s\n", what, median, times.back(),
        budgetMs, median <= budgetMs ? "OK" : "OVER BUDGET");
}

} // namespace popscope::bench
