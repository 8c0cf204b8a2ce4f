#pragma once
// One table tab of the Memory page (Variables, Vertices, Exchanges, Compute Sets): a page inside
// the page that reads its own parts when its tab is first shown. The chart and the Details tab
// need only memory by tile, so the Memory page shows a gigabyte report's tiles without waiting
// for its 1.4 M variables; a tab whose parts load shows their progress in place, with Cancel.
#include "views/page/report_page.hpp"

#include <functional>
#include <string>

namespace popscope {

class TablePanel;

class MemoryTablePage : public ReportPage {
    Q_OBJECT
public:
    // `fill` sets the tab's models to the state's reports (the tiles are the tables view's);
    // `empty` lets go of their rows.
    MemoryTablePage(ReportState* state, const QString& name, std::vector<ReportPart> parts, QWidget* parent);
    void setPanel(TablePanel* panel);
    void setFill(std::function<void()> fill, std::function<void()> empty);
    TablePanel* panel() const { return m_panel; }
    // The tiles or the reports changed: fills the table again now if its tab shows, else lets go of
    // its rows until the tab is next shown.
    void refresh();
    // Selects the row whose keyView is `key` (What changed's links); once the parts are read if
    // they are not yet.
    bool showRowKey(const std::string& key);

protected:
    void showReports() override;
    void forgetReports() override;

private:
    bool showKey(const std::string& key); // now
    TablePanel* m_panel = nullptr;
    std::function<void()> m_fill;
    std::function<void()> m_empty;
    std::string m_pendingRow;
};

} // namespace popscope
