#include "popscope/trace_traffic.hpp"

#include <algorithm>

namespace popscope {

const char* copyOriginName(CopyOrigin origin)
{
    return origin == CopyOrigin::RemoteBuffer ? "remote buffer" : "host";
}

bool namesRemoteBuffer(std::string_view programName)
{
    constexpr std::string_view prefix = "remote";
    size_t begin = 0;
    while (begin <= programName.size()) {
        const size_t end = std::min(programName.find('/', begin), programName.size());
        const std::string_view part = programName.substr(begin, end - begin);
        if (part.size() >= prefix.size()) {
            bool same = true;
            for (size_t i = 0; i < prefix.size() && same; ++i)
                same = char(part[i] | 0x20) == prefix[i]; // ASCII letters in any case
            if (same)
                return true;
        }
        begin = end + 1;
    }
    return false;
}

CopyTraffic& CopyTraffic::operator+=(const CopyTraffic& other)
{
    toIpuBytes += other.toIpuBytes;
    fromIpuBytes += other.fromIpuBytes;
    cycles += other.cycles;
    return *this;
}

ExchangeTraffic& ExchangeTraffic::operator+=(const ExchangeTraffic& other)
{
    receivedBytes += other.receivedBytes;
    sentBytes += other.sentBytes;
    cycles += other.cycles;
    return *this;
}

} // namespace popscope
