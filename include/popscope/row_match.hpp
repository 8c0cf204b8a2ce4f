#pragma once
// Rows of two reports matched by a stable key (variable name, vertex type name, compute-set name,
// exchange name, engine option name, category, ...), and signed differences between two figures.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace popscope {

struct MatchedRow {
    int32_t source = -1; // index into the source's rows, -1 = absent
    int32_t target = -1; // index into the target's rows, -1 = absent
};

// Names read by index, without a copy: a vector of views, or any list that can name row i (a
// packed table's names). A view: what it reads must outlive it.
class KeyList {
public:
    KeyList(const std::vector<std::string_view>& keys) // NOLINT: a vector of views is a key list
        : m_size(keys.size())
        , m_at([&keys](size_t i) { return keys[i]; })
    {
    }
    KeyList(size_t size, std::function<std::string_view(size_t)> at)
        : m_size(size)
        , m_at(std::move(at))
    {
    }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::string_view operator[](size_t i) const { return m_at(i); }

private:
    size_t m_size;
    std::function<std::string_view(size_t)> m_at;
};

// Joins two key lists. Equal keys match in order of occurrence (the k-th "x" in source with the
// k-th "x" in target), so duplicated names still pair up deterministically. Result order: source
// order, then target-only rows in target order. Hashed: linear in the number of keys. A list has
// fewer than 2 G rows (std::bad_alloc otherwise).
std::vector<MatchedRow> matchRows(const KeyList& sourceKeys, const KeyList& targetKeys);
// The same rows in the same order, each handed to `row` as it is found and none kept: a
// comparison that sums them and keeps a few (bench-huge's 1.4 M variables: 11 MB of rows).
void forEachMatchedRow(
    const KeyList& sourceKeys, const KeyList& targetKeys, const std::function<void(const MatchedRow&)>& row);

struct SignedDiff {
    int64_t absolute = 0; // target - source, saturated to the int64_t range
    std::optional<double> fraction; // (target - source) / source; nullopt when source == 0
    bool operator==(const SignedDiff&) const = default;
};

// Saturates instead of overflowing.
SignedDiff signedDiff(uint64_t source, uint64_t target);

} // namespace popscope
