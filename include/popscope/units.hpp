#pragma once
#include <cstdint>
#include <string>

namespace popscope {

enum class MemoryUnit { Binary, Decimal, Bytes }; // KiB/MiB, kB/MB, plain bytes

std::string formatBytes(uint64_t bytes, MemoryUnit unit = MemoryUnit::Binary);
std::string formatCount(uint64_t value); // thousands separators: 1,234,567
std::string formatPercent(double fraction, int decimals = 1);

} // namespace popscope
