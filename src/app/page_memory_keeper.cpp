#include "app/page_memory_keeper.hpp"

#include "views/page/report_page.hpp"

#include <algorithm>
#include <set>

namespace popscope {

PageMemoryKeeper::PageMemoryKeeper(std::function<uint64_t()> heapInUse)
    : m_heapInUse(std::move(heapInUse))
{
}

int PageMemoryKeeper::makeRoomFor(ReportPage* next, const std::vector<ReportPage*>& pages,
    const std::vector<std::shared_ptr<const LoadedReport>>& reports)
{
    std::erase(m_recent, next);
    m_recent.push_back(next);
    uint64_t need = 0;
    for (const auto& report : reports)
        if (report) {
            for (ReportPart part : next->partsNeeded())
                need += estimatedPartBytes(*report->core, part);
            need += next->workBytesNeeded(*report->core);
        }
    m_partsReleased = 0;
    if (m_heapInUse() + need > m_limit)
        m_partsReleased += releasePartsNotShown(next, pages, reports);
    int released = 0;
    for (ReportPage* page : std::vector<ReportPage*>(m_recent)) {
        if (m_heapInUse() + need <= m_limit)
            break;
        if (page == next || page->partsShown().empty() || !page->release())
            continue;
        ++released;
        m_partsReleased += releasePartsNotShown(next, pages, reports);
    }
    return released;
}

int PageMemoryKeeper::releaseUnshownParts(const std::vector<ReportPage*>& pages,
    const std::vector<std::shared_ptr<const LoadedReport>>& reports) const
{
    return m_heapInUse() > m_limit ? releasePartsNotShown(nullptr, pages, reports) : 0;
}

int PageMemoryKeeper::releasePartsNotShown(ReportPage* next, const std::vector<ReportPage*>& pages,
    const std::vector<std::shared_ptr<const LoadedReport>>& reports) const
{
    if (partReadersRunning())
        return 0; // a job reads parts by reference, maybe outside its page's list: none is released
    std::set<ReportPart> shown;
    if (next) {
        const auto needed = next->partsNeeded();
        shown.insert(needed.begin(), needed.end());
    }
    for (ReportPage* page : pages) {
        if (page->isBusy())
            return 0; // its parts (or a tab's inside it) are being read: release nothing meanwhile
        const auto parts = page->partsShown();
        shown.insert(parts.begin(), parts.end());
    }
    int released = 0;
    for (const auto& report : reports)
        if (report) {
            report->core->releaseComparisonCaches(); // read again by the next comparison
            // Parts held in part too (a curve whose live ranges went with the variables).
            for (int p = 0; p < kReportPartCount; ++p)
                if (!shown.count(ReportPart(p)) && isPartHeld(*report->core, ReportPart(p))) {
                    releaseReportPart(*report->core, ReportPart(p));
                    released += !isPartHeld(*report->core, ReportPart(p)); // some are always kept
                }
        }
    return released;
}

} // namespace popscope
