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

namespace {

// An open-addressing table over the target's distinct keys. Each slot holds the next unused
// target row with its key, and the target rows with one key form a chain in target order
// (next[i] = the row after i with the same key). A slot whose rows are all used keeps its last
// row, marked, so its key can still be compared while other keys probe past it; a used row's
// `next` is marked too, which tells the target-only rows at the end. A slot is 8 bytes and a
// target row 4 more, and the table is at most three quarters full: bench-huge's 1.4 M variables
// took 29.5 MB (12-byte slots and a byte a row for "used"), 20.7 now, beside the 11.3 of rows.
class TargetRows {
public:
    TargetRows(const KeyList& targetKeys, spill::ScanPacer& pacer)
        : m_keys(targetKeys)
        // Three quarters full at most, not rounded up to a power of two (which left bench-huge's
        // 844 k variables 2 M slots, 24 MiB, 40 % full): a hash's slot is its high bits scaled to
        // the table.
        , m_capacity(std::max<size_t>(16, targetKeys.size() + targetKeys.size() / 3 + 1))
        , m_slots(m_capacity)
        , m_next(targetKeys.size(), kEmpty)
    {
        // Last row first, each put at the head of its key's chain: the chains come out in target order.
        for (size_t i = m_keys.size(); i-- > 0;) {
            pacer.step();
            const std::string_view key = m_keys[i];
            const size_t h = m_hash(key);
            Slot& slot = find(key, h);
            if (slot.row == kEmpty)
                slot.hash = uint32_t(h);
            else
                m_next[i] = slot.row;
            slot.row = uint32_t(i);
        }
    }

    // The first target row of key no source row took yet, now taken; -1 when there is none.
    int32_t take(std::string_view key)
    {
        Slot& slot = find(key, m_hash(key));
        if (slot.row == kEmpty || (slot.row & kUsedUp))
            return -1;
        const uint32_t t = slot.row;
        slot.row = m_next[t] == kEmpty ? (kUsedUp | t) : m_next[t];
        m_next[t] = kUsed;
        return int32_t(t);
    }

    // Each target row no source row took, in target order (the slots freed first).
    void forEachUntaken(const std::function<void(const MatchedRow&)>& emit)
    {
        freeMemory(m_slots);
        for (size_t t = 0; t < m_keys.size(); ++t)
            if (m_next[t] != kUsed)
                emit({ -1, int32_t(t) });
    }

private:
    static constexpr uint32_t kEmpty = UINT32_MAX;
    static constexpr uint32_t kUsedUp = 0x80000000u; // high bit of a slot's row: no unused row is left
    static constexpr uint32_t kUsed = UINT32_MAX - 1; // next[] of a row matched already
    struct Slot {
        uint32_t row = kEmpty; // next unused row of this key, or kUsedUp | the last one used
        uint32_t hash = 0; // the key's hash, low bits
    };

    size_t home(size_t h) const { return size_t((uint64_t(uint32_t(h >> 32)) * m_capacity) >> 32); }
    Slot& find(std::string_view key, size_t h)
    {
        for (size_t i = home(h);; i = i + 1 == m_capacity ? 0 : i + 1) {
            Slot& slot = m_slots[i];
            if (slot.row == kEmpty || (slot.hash == uint32_t(h) && m_keys[slot.row & ~kUsedUp] == key))
                return slot;
        }
    }

    const KeyList& m_keys;
    std::hash<std::string_view> m_hash;
    const size_t m_capacity;
    std::vector<Slot> m_slots;
    std::vector<uint32_t> m_next;
};

} // namespace

void forEachMatchedRow(
    const KeyList& sourceKeys, const KeyList& targetKeys, const std::function<void(const MatchedRow&)>& emit)
{
    constexpr size_t kMaxRows = size_t(INT32_MAX);
    if (targetKeys.size() >= kMaxRows || sourceKeys.size() >= kMaxRows)
        throw std::bad_alloc(); // never in practice: 2 G names would not fit in memory to begin with
    // Keys read from spill files (the variables' names) map faster than the trimmer looks.
    spill::ScanPacer pacer(1024);
    TargetRows targets(targetKeys, pacer);
    for (size_t s = 0; s < sourceKeys.size(); ++s) {
        MatchedRow row { int32_t(s), -1 };
        pacer.step();
        if (!targetKeys.empty())
            row.target = targets.take(sourceKeys[s]);
        emit(row);
    }
    targets.forEachUntaken(emit);
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
