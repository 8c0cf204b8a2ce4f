#pragma once
// Small helpers the benchmark programs share.
#include <fstream>
#include <string>

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

} // namespace popscope::bench
