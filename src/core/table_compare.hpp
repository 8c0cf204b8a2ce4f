#pragma once
// Core-internal pieces of compareReports that other comparison files reuse.
#include "popscope/profile.hpp"
#include "popscope/report_comparison.hpp"

#include <future>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace popscope {

class Report;

// The size of a difference, unsigned: INT64_MIN's fits too (negating it as int64_t would overflow).
inline uint64_t diffMagnitude(int64_t difference)
{
    return difference < 0 ? uint64_t(-(difference + 1)) + 1 : uint64_t(difference);
}

// Views of a table's names, for matchRows and compareTable.
inline std::vector<std::string_view> views(const std::vector<std::string>& names)
{
    return { names.begin(), names.end() };
}

// One table compared on one figure per row, the join's rows added one at a time in its order
// (forEachMatchedRow): the counts and totals of every row, and only the top rows of each list
// (a list of every changed row took 16 bytes a row: 22 MiB for 1.4 M variables that all grew).
class TableTally {
public:
    TableTally(const char* table, const char* metric, const char* unit, const KeyList& sourceNames,
        const KeyList& targetNames, std::span<const uint64_t> sourceFigures,
        std::span<const uint64_t> targetFigures, size_t topRows);
    void add(const MatchedRow& row);
    TableChanges finish();

private:
    // A list's best rows so far: the largest magnitude first, then the earliest row of the join.
    struct Candidate {
        uint64_t magnitude;
        size_t position;
        MatchedRow row;
        bool ranksBefore(const Candidate& other) const
        {
            return magnitude != other.magnitude ? magnitude > other.magnitude : position < other.position;
        }
    };
    void offer(std::vector<Candidate>& best, uint64_t magnitude, const MatchedRow& row);
    std::vector<RowChange> ranked(std::vector<Candidate>& best) const;

    TableChanges m_changes;
    const KeyList& m_sourceNames;
    const KeyList& m_targetNames;
    std::span<const uint64_t> m_sourceFigures, m_targetFigures;
    size_t m_topRows;
    size_t m_position = 0;
    uint64_t m_sourceTotal = 0, m_targetTotal = 0;
    std::vector<Candidate> m_grown, m_shrunk, m_added, m_removed;
};

// The same for rows joined already (matchRows over the two name lists).
TableChanges compareTable(const char* table, const char* metric, const char* unit,
    const std::vector<MatchedRow>& rows, const KeyList& sourceNames, const KeyList& targetNames,
    std::span<const uint64_t> sourceFigures, std::span<const uint64_t> targetFigures, size_t topRows);

// `read` on both reports at once, the target's in a second thread (two files, two connections):
// (source's result, target's), or the first failure once both have ended.
template <typename Read> auto readBothReports(const Report& source, const Report& target, const Read& read)
{
    auto targetResult = std::async(std::launch::async, [&target, &read] { return read(target); });
    auto sourceResult = [&] {
        try {
            return read(source);
        } catch (...) {
            targetResult.wait();
            throw;
        }
    }();
    return std::pair(std::move(sourceResult), targetResult.get());
}

// compareLiveness over the variables' digests the caller read (compareReports reads them once for
// the variables and the liveness both).
LivenessComparison compareLiveness(const Report& source, const Report& target,
    const VariableDigest& sourceVariables, const VariableDigest& targetVariables, size_t top);

// Operations matched by operationKey: cycles, FLOPs and code size (operation_comparison.cpp).
void compareOperations(const Report& source, const Report& target, ReportComparison& c, size_t topRows);
// What changed's operation lines: the operations whose cycles, FLOPs or code size moved most, and
// operations on one side only (operation_comparison.cpp).
void appendOperationChanges(const ReportComparison& c, std::vector<ChangeLine>& lines);

} // namespace popscope
