// matchRows: a hashed join of two key lists; signedDiff: saturating target - source.
#include "popscope/row_match.hpp"
#include "popscope/free_memory.hpp"
#include "popscope/spilled_array.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <new>

namespace popscope {

std::vector<MatchedRow> matchRows(const KeyList& sourceKeys, const KeyList& targetKeys)
{
    // An open-addressing table over the target's distinct keys; each slot holds the next unused
    // target row with that key. Target rows with the same key form a chain in target order
    // (next[i] = the row after i with the same key). Rows are 32-bit, so a slot is 12 bytes and a
    // matched row 8, and the table is at most three quarters full: comparing bench-huge's 1.4 M
    // variables took 158 MB here with 64-bit slots and rows, 102 MB with 32-bit slots and half full.
    constexpr uint32_t kEnd = UINT32_MAX;
    constexpr size_t kMaxRows = size_t(INT32_MAX);
    if (targetKeys.size() >= kMaxRows || sourceKeys.size() >= kMaxRows)
        throw std::bad_alloc(); // never in practice: 2 G names would not fit in memory to begin with
    const std::hash<std::string_view> hash;
    // Three quarters full at most, not rounded up to a power of two (which left bench-huge's 844 k
    // variables 2 M slots, 24 MiB, 40 % full): a hash's slot is its high bits scaled to the table.
    const size_t capacity = std::max<size_t>(16, targetKeys.size() + targetKeys.size() / 3 + 1);
    const auto home = [capacity](size_t h) { return size_t((uint64_t(uint32_t(h >> 32)) * capacity) >> 32); };
    struct Slot {
        uint32_t first = kEnd; // next unused row of this key (kEnd once all are used)
        uint32_t last = kEnd; // last row of the chain; kEnd = empty slot
        uint32_t hash = 0; // the key's hash, low bits
    };
    std::vector<Slot> slots(capacity);
    std::vector<uint32_t> next(targetKeys.size(), kEnd);
    auto find = [&](std::string_view key, size_t h) -> Slot& {
        for (size_t i = home(h);; i = i + 1 == capacity ? 0 : i + 1) {
            Slot& slot = slots[i];
            if (slot.last == kEnd || (slot.hash == uint32_t(h) && targetKeys[slot.last] == key))
                return slot;
        }
    };
    // Keys read from spill files (the variables' names) map faster than the trimmer looks.
    spill::ScanPacer pacer(1024);
    for (size_t i = 0; i < targetKeys.size(); ++i) {
        pacer.step();
        const std::string_view key = targetKeys[i];
        const size_t h = hash(key);
        Slot& slot = find(key, h);
        if (slot.last == kEnd) {
            slot.first = uint32_t(i);
            slot.hash = uint32_t(h);
        } else {
            next[slot.last] = uint32_t(i);
        }
        slot.last = uint32_t(i);
    }
    std::vector<uint8_t> used(targetKeys.size(), 0);
    std::vector<MatchedRow> rows;
    rows.reserve(sourceKeys.size()); // the target-only rows once they are known, not 8 bytes a row more
    for (size_t s = 0; s < sourceKeys.size(); ++s) {
        MatchedRow row { int32_t(s), -1 };
        pacer.step();
        if (!targetKeys.empty()) {
            const std::string_view key = sourceKeys[s];
            Slot& slot = find(key, hash(key));
            if (slot.last != kEnd && slot.first != kEnd) {
                row.target = int32_t(slot.first);
                used[slot.first] = 1;
                slot.first = next[slot.first];
            }
        }
        rows.push_back(row);
    }
    freeMemory(slots);
    freeMemory(next);
    rows.reserve(rows.size() + size_t(std::count(used.begin(), used.end(), uint8_t(0))));
    for (size_t t = 0; t < targetKeys.size(); ++t)
        if (!used[t])
            rows.push_back({ -1, int32_t(t) });
    return rows;
}

SignedDiff signedDiff(uint64_t source, uint64_t target)
{
    constexpr uint64_t kMax = uint64_t(std::numeric_limits<int64_t>::max());
    SignedDiff d;
    if (target >= source) {
        const uint64_t up = target - source;
        d.absolute = up > kMax ? std::numeric_limits<int64_t>::max() : int64_t(up);
    } else {
        const uint64_t down = source - target;
        d.absolute = down > kMax ? std::numeric_limits<int64_t>::min() : -int64_t(down);
    }
    if (source != 0)
        d.fraction = (double(target) - double(source)) / double(source);
    return d;
}

} // namespace popscope
