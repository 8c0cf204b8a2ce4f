#pragma once
#include <cstdint>

// Bounds every reader and the writer enforce (docs/profile-format.md, "How a reader must open a
// file", step 5). They are far beyond any real IPU system and exist so a hostile or damaged file
// cannot make popscope allocate absurd amounts or print nonsense.
namespace popscope::limits {

constexpr uint32_t kMaxIpus = 1024;
constexpr uint32_t kMaxTilesPerIpu = 65536;
constexpr uint64_t kMaxBytesPerTile = 1ull << 31;
constexpr uint32_t kMaxReplicas = 65536;
// 2^48 cycles is 58 hours at 1.33 GHz: longer than any profiled run. It bounds each step's end
// (start + duration) and each operation; sums over many steps are taken as doubles.
constexpr int64_t kMaxCycles = int64_t(1) << 48;

} // namespace popscope::limits
