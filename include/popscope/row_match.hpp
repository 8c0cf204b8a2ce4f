#pragma once
// Rows of two reports matched by a stable key (variable name, vertex type name, compute-set name,
// exchange name, engine option name, category, ...), and signed differences between two figures.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace popscope {

struct MatchedRow {
    int64_t source = -1; // index into the source's rows, -1 = absent
    int64_t target = -1; // index into the target's rows, -1 = absent
};

// Joins two key lists. Equal keys match in order of occurrence (the k-th "x" in source with the
// k-th "x" in target), so duplicated names still pair up deterministically. Result order: source
// order, then target-only rows in target order. Hashed: linear in the number of keys.
std::vector<MatchedRow> matchRows(
    const std::vector<std::string_view>& sourceKeys, const std::vector<std::string_view>& targetKeys);

struct SignedDiff {
    int64_t absolute = 0; // target - source, saturated to the int64_t range
    std::optional<double> fraction; // (target - source) / source; nullopt when source == 0
    bool operator==(const SignedDiff&) const = default;
};

// Saturates instead of overflowing.
SignedDiff signedDiff(uint64_t source, uint64_t target);

} // namespace popscope
