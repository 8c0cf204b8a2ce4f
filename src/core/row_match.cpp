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

void forEachMatchedRow(
    const KeyList& sourceKeys, const KeyList& targetKeys, const std::function<void(const MatchedRow&)>& emit)
{
    // An open-addressing table over the target's distinct keys. Each slot holds the next unused
    // target row with its key, and the target rows with one key form a chain in target order
    // (next[i] = the row after i with the same key). A slot whose rows are all used keeps its last
    // row, marked, so its key can still be compared while other keys probe past it; a used row's
    // `next` is marked too, which tells the target-only rows at the end. A slot is 8 bytes and a
    // target row 4 more, and the table is at most three quarters full: bench-huge's 1.4 M variables
    // took 29.5 MB (12-byte slots and a byte a row for "used"), 20.7 now, beside the 11.3 of rows.
    constexpr uint32_t kEmpty = UINT32_MAX;
    constexpr uint32_t kUsedUp = 0x80000000u; // high bit of a slot's row: no unused row is left
    constexpr uint32_t kUsed = UINT32_MAX - 1; // next[] of a row matched already
    constexpr size_t kMaxRows = size_t(INT32_MAX);
    if (targetKeys.size() >= kMaxRows || sourceKeys.size() >= kMaxRows)
        throw std::bad_alloc(); // never in practice: 2 G names would not fit in memory to begin with
    const std::hash<std::string_view> hash;
    // Three quarters full at most, not rounded up to a power of two (which left bench-huge's 844 k
    // variables 2 M slots, 24 MiB, 40 % full): a hash's slot is its high bits scaled to the table.
    const size_t capacity = std::max<size_t>(16, targetKeys.size() + targetKeys.size() / 3 + 1);
    const auto home = [capacity](size_t h) { return size_t((uint64_t(uint32_t(h >> 32)) * capacity) >> 32); };
    struct Slot {
        uint32_t row = kEmpty; // next unused row of this key, or kUsedUp | the last one used
        uint32_t hash = 0; // the key's hash, low bits
    };
    std::vector<Slot> slots(capacity);
    std::vector<uint32_t> next(targetKeys.size(), kEmpty);
    auto find = [&](std::string_view key, size_t h) -> Slot& {
        for (size_t i = home(h);; i = i + 1 == capacity ? 0 : i + 1) {
            Slot& slot = slots[i];
            if (slot.row == kEmpty || (slot.hash == uint32_t(h) && targetKeys[slot.row & ~kUsedUp] == key))
                return slot;
        }
    };
    // Keys read from spill files (the variables' names) map faster than the trimmer looks.
    spill::ScanPacer pacer(1024);
    // Last row first, each put at the head of its key's chain: the chains come out in target order.
    for (size_t i = targetKeys.size(); i-- > 0;) {
        pacer.step();
        const std::string_view key = targetKeys[i];
        const size_t h = hash(key);
        Slot& slot = find(key, h);
        if (slot.row == kEmpty)
            slot.hash = uint32_t(h);
        else
            next[i] = slot.row;
        slot.row = uint32_t(i);
    }
    for (size_t s = 0; s < sourceKeys.size(); ++s) {
        MatchedRow row { int32_t(s), -1 };
        pacer.step();
        if (!targetKeys.empty()) {
            const std::string_view key = sourceKeys[s];
            Slot& slot = find(key, hash(key));
            if (slot.row != kEmpty && !(slot.row & kUsedUp)) {
                const uint32_t t = slot.row;
                row.target = int32_t(t);
                slot.row = next[t] == kEmpty ? (kUsedUp | t) : next[t];
                next[t] = kUsed;
            }
        }
        emit(row);
    }
    freeMemory(slots);
    for (size_t t = 0; t < targetKeys.size(); ++t)
        if (next[t] != kUsed)
            emit({ -1, int32_t(t) });
}

std::vector<MatchedRow> matchRows(const KeyList& sourceKeys, const KeyList& targetKeys)
{
    std::vector<MatchedRow> rows;
    // At their final size: the source's rows, then, when the first target-only row comes, the
    // target's rows no source row took (not a doubling).
    rows.reserve(sourceKeys.size());
    size_t matched = 0;
    forEachMatchedRow(sourceKeys, targetKeys, [&](const MatchedRow& row) {
        if (row.source < 0 && rows.size() == sourceKeys.size())
            rows.reserve(rows.size() + targetKeys.size() - matched);
        matched += row.source >= 0 && row.target >= 0;
        rows.push_back(row);
    });
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
