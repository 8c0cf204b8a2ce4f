// matchRows: a hashed join of two key lists; signedDiff: saturating target - source.
#include "popscope/row_match.hpp"

#include <limits>
#include <unordered_map>

namespace popscope {

std::vector<MatchedRow> matchRows(const std::vector<std::string_view>& sourceKeys,
                                  const std::vector<std::string_view>& targetKeys)
{
    // Target rows with the same key form a chain in target order: the map holds the next unused
    // row of each key, next[i] the row after i with the same key.
    constexpr int64_t kEnd = -1;
    std::vector<int64_t> next(targetKeys.size(), kEnd);
    std::unordered_map<std::string_view, std::pair<int64_t, int64_t>> chains; // key -> (first unused, last)
    chains.reserve(targetKeys.size());
    for (size_t i = 0; i < targetKeys.size(); ++i) {
        auto [it, inserted] = chains.try_emplace(targetKeys[i], int64_t(i), int64_t(i));
        if (!inserted) {
            next[size_t(it->second.second)] = int64_t(i);
            it->second.second = int64_t(i);
        }
    }
    std::vector<uint8_t> used(targetKeys.size(), 0);
    std::vector<MatchedRow> rows;
    rows.reserve(sourceKeys.size() + targetKeys.size());
    for (size_t s = 0; s < sourceKeys.size(); ++s) {
        MatchedRow row{int64_t(s), -1};
        auto it = chains.find(sourceKeys[s]);
        if (it != chains.end() && it->second.first != kEnd) {
            row.target = it->second.first;
            used[size_t(row.target)] = 1;
            it->second.first = next[size_t(row.target)];
        }
        rows.push_back(row);
    }
    for (size_t t = 0; t < targetKeys.size(); ++t)
        if (!used[t])
            rows.push_back({-1, int64_t(t)});
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
