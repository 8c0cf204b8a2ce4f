#pragma once
// Small helpers the benchmark programs share.
#include <fstream>
#include <string>

namespace popscope::bench {

// The process's peak resident set (VmHWM) in KiB, or -1 where /proc does not say.
inline long peakRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    return -1;
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
