#pragma once
// The execution trace's traffic, split as the Graph Analyser's Execution Trace summary splits it:
// stream copies by direction (to the IPU, from the IPU) and by where their data lives (host
// streams, remote buffers in Streaming Memory), global exchanges by direction (received, sent).
//
// How the format tells them apart (docs/profile-format.md, "Execution traffic"):
// - direction: a step's `data_in` (bytes the IPU receives) and `data_out` (bytes it sends) on
//   `steps_by_ipu`; a host→IPU copy fills `data_in`, an IPU→host copy `data_out`;
// - host or remote buffer: the format has no column for it; the copy's program name does
//   (namesRemoteBuffer), as Poplar and the simulator name remote-buffer copies.
#include <array>
#include <cstdint>
#include <string_view>

namespace popscope {

// Where a stream copy's data lives on the host side.
enum class CopyOrigin : uint8_t { Host, RemoteBuffer };
constexpr size_t kCopyOriginCount = 2;
const char* copyOriginName(CopyOrigin origin); // "host", "remote buffer"

// Whether a stream copy program's name names a remote buffer: one of the components of its path
// (between '/') starts with "remote" in any case, as in "layer0/optimizer/remoteLoad/StreamCopyMid"
// or "RemoteBuffer3/StreamCopyBegin".
bool namesRemoteBuffer(std::string_view programName);

// Stream copies of one origin on one IPU.
struct CopyTraffic {
    uint64_t toIpuBytes = 0; // host or remote buffer → IPU (the steps' data_in)
    uint64_t fromIpuBytes = 0; // IPU → host or remote buffer (data_out)
    uint64_t cycles = 0; // the IPU's cycles in the copies' steps (StreamCopyBegin, Mid and End)
    CopyTraffic& operator+=(const CopyTraffic& other);
    bool operator==(const CopyTraffic&) const = default;
};

// Global exchanges (between IPUs or replicas) on one IPU.
struct ExchangeTraffic {
    uint64_t receivedBytes = 0; // data_in
    uint64_t sentBytes = 0; // data_out
    uint64_t cycles = 0; // the IPU's cycles in GlobalExchange steps
    ExchangeTraffic& operator+=(const ExchangeTraffic& other);
    bool operator==(const ExchangeTraffic&) const = default;
};

using CopyTrafficByOrigin = std::array<CopyTraffic, kCopyOriginCount>;

} // namespace popscope
