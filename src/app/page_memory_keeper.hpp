#pragma once
// Memory that follows what is shown: before a page reads its parts, the window lets go of the pages
// shown longest ago (ReportPage::release) and of the parts no page still shows
// (releaseReportPart), until the heap in use plus what the page will read fits the limit. Pages
// let go of read their parts again when next shown. The page shown, pages still loading or
// working, and pages without parts of their own (Summary, What Changed: they hold little, and What
// Changed would compare again) are never let go of; parts are released only while no background
// job reads parts by reference (PartReaderScope), since a job may read a part outside its page's
// list. One report below the limit keeps every page; two reports, or a report of a gigabyte, keep
// what the page shown needs and what fits beside it.
#include "models/loaded_report.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace popscope {

class ReportPage;

class PageMemoryKeeper {
public:
    // One bench-large report keeps every page under it, and two compared stay within 1.3 times
    // that; a larger limit keeps both reports' traces while What Changed compares, which is what
    // breaks that ratio (docs/performance.md, compare mode).
    static constexpr uint64_t kDefaultLimit = uint64_t(96) << 20;
    // `heapInUse` measures the heap (tests give their own).
    explicit PageMemoryKeeper(std::function<uint64_t()> heapInUse);

    uint64_t limit() const { return m_limit; }
    void setLimit(uint64_t bytes) { m_limit = bytes; }
    // Called before `next` is shown over `pages` (every page of the window) of `reports` (null
    // entries skipped). Returns how many pages were let go of.
    // Parts no page shows (read by a comparison, or by pages let go of) are released first.
    int makeRoomFor(ReportPage* next, const std::vector<ReportPage*>& pages,
        const std::vector<std::shared_ptr<const LoadedReport>>& reports);
    // Over the limit, releases the parts no page shows (the comparison's compute sets and
    // exchanges once it is done); no page is let go of. Returns how many parts were released.
    int releaseUnshownParts(const std::vector<ReportPage*>& pages,
        const std::vector<std::shared_ptr<const LoadedReport>>& reports) const;
    // How many parts the last makeRoomFor released, beside its pages.
    int partsReleased() const { return m_partsReleased; }

private:
    // `next` (may be null) counts as shown.
    int releasePartsNotShown(ReportPage* next, const std::vector<ReportPage*>& pages,
        const std::vector<std::shared_ptr<const LoadedReport>>& reports) const;

    std::function<uint64_t()> m_heapInUse;
    uint64_t m_limit = kDefaultLimit;
    std::vector<ReportPage*> m_recent; // pages shown, the one shown longest ago first
    int m_partsReleased = 0;
};

} // namespace popscope
