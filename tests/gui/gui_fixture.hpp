#pragma once
// A small generated profile written to a temporary folder and loaded like the app does.
#include "app/main_window.hpp"
#include "fixture_builder.hpp"
#include "models/loaded_report.hpp"
#include "popscope/profile_writer.hpp"
#include "views/memory/memory_page.hpp"
#include "views/memory/memory_table_page.hpp"
#include "views/page/page_load_panel.hpp"
#include "views/page/report_page.hpp"

#include <QPushButton>
#include <QSignalSpy>
#include <QString>

#include <filesystem>

namespace popscope {

// Waits until `page` shows the open reports: it reads its parts when first shown, off the GUI
// thread. False when they could not be read (the page then shows why) or after 20 s.
inline bool waitForPage(ReportPage* page)
{
    if (!page)
        return false;
    QSignalSpy ready(page, &ReportPage::ready);
    QSignalSpy failed(page, &ReportPage::loadFailed);
    for (int i = 0; i < 400 && !page->isReady() && failed.isEmpty() && page->isLoading(); ++i)
        ready.wait(50);
    return page->isReady();
}

// Shows a page as the sidebar does and waits until it shows the open reports.
inline bool showPageAndWait(MainWindow& window, PageId page)
{
    return window.showPage(page) && waitForPage(window.page(page));
}

// Opens `source`, or compares it with `target`, in `window` as the user does; false when the
// report did not open within 20 s.
inline bool openReports(MainWindow& window, const QString& source, const QString& target = {})
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    if (target.isEmpty())
        window.openFile(source);
    else
        window.compareFiles(source, target);
    return opened.wait(20000);
}

// Shows the Memory page's table tab `tab` and waits until it shows its rows: a table tab reads its
// parts when first shown.
inline bool showMemoryTabAndWait(MemoryPage* memory, MemoryTab tab)
{
    MemoryTablePage* page = memory ? memory->tablePage(tab) : nullptr;
    if (!page)
        return false;
    memory->tabs()->setCurrentWidget(page);
    return waitForPage(page);
}

} // namespace popscope

namespace popscope::test {

// A sample profile the build simulated (profiles/NAME.json → BUILD/profiles/NAME), beside the demo.
inline QString sampleProfile(const char* name)
{
    const auto dir = std::filesystem::path(POPSCOPE_DEMO_PROFILE).parent_path();
    return QString::fromStdString((dir / name).string());
}

struct GuiFixture {
    TempDir dir;
    std::string path;
    std::shared_ptr<LoadedReport> report;

    explicit GuiFixture(const FixtureOptions& options = {})
    {
        path = dir.file("fixture.pop");
        writeProfile(makeDocument(options), path);
        report = loadReport(QString::fromStdString(path));
    }
};

// A window shown as a user sees it, its dialogs off (errors go to its signals): the tests that
// click in pages.
struct ShownWindow {
    MainWindow window;
    explicit ShownWindow(QSize size = { 1400, 900 })
    {
        window.setInteractive(false);
        window.resize(size);
        window.show();
    }
};

} // namespace popscope::test
