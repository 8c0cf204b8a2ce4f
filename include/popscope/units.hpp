#pragma once
#include <cstdint>
#include <string>

namespace popscope {

enum class MemoryUnit { Binary, Decimal, Bytes }; // KiB/MiB, kB/MB, plain bytes

std::string formatBytes(uint64_t bytes, MemoryUnit unit = MemoryUnit::Binary);
std::string formatCount(uint64_t value); // thousands separators: 1,234,567
std::string formatPercent(double fraction, int decimals = 1);
// part / whole, 0 when whole is 0 (a share of nothing).
inline double shareOf(uint64_t part, uint64_t whole)
{
    return whole ? double(part) / double(whole) : 0.0;
}
// " (32.1%)", the share of part in whole to append after a figure; "" when whole is 0.
std::string formatShareAfter(uint64_t part, uint64_t whole);

} // namespace popscope
