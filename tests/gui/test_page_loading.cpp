// Pages read their own parts when first shown: opening reads the summary alone, a page whose parts
// are slow shows progress in place while the rest of the window works, Cancel and Retry, a failed
// part on its page only, and compare mode. A test hook holds a part back (holdReportPart), so every
// wait here is on a signal, never on a timer.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/variables_model.hpp"
#include "models/report_parts.hpp"
#include "views/insights/insights_page.hpp"
#include "views/insights/insights_report.hpp"
#include "views/memory/memory_page.hpp"
#include "views/page/page_load_panel.hpp"
#include "views/summary/summary_page.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/table_panel.hpp"

#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

namespace {

// Holds a part back for the test's scope; released on every way out, so no worker stays blocked.
struct HeldPart {
    ReportPart part;
    std::string path;
    HeldPart(ReportPart p, std::string onlyPath = {})
        : part(p)
        , path(std::move(onlyPath))
    {
        holdReportPart(part, true, path);
    }
    ~HeldPart() { release(); }
    void release() { holdReportPart(part, false, path); }
};

bool openPairAndWait(MainWindow& window, const QString& path, const QString& target = {})
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    if (target.isEmpty())
        window.openFile(path);
    else
        window.compareFiles(path, target);
    return opened.wait(20000);
}

// Waits for the page's progress to name what it reads (the worker has started on that part).
bool waitForProgress(ReportPage* page, const QString& text)
{
    for (int i = 0; i < 400 && !page->loadPanel()->message().contains(text); ++i)
        QTest::qWait(25); // the progress arrives through the event loop
    return page->loadPanel()->message().contains(text);
}

} // namespace

TEST_CASE("opening reads the summary alone: the first page works while another page's part is held back",
    "[loading]")
{
    HeldPart variables(ReportPart::Variables);
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, sampleProfile("demo.pop"))); // no page needs variables yet
    REQUIRE(window.currentPage() == page_ids::summary);
    REQUIRE(window.page(page_ids::summary)->isReady());
    REQUIRE(!window.state()->report()->core->hasVariables());
    REQUIRE(window.state()->report()->core->hasTileMemory()); // the summary's totals come from it

    // The Memory page needs memory by tile alone: its chart and Details tab show at once. Its
    // Variables tab needs the variables: it shows its progress in place and stays loading.
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* memory = window.memoryPage();
    REQUIRE(memory->detailsModel()->rowCount() > 0);
    MemoryTablePage* variablesTab = memory->tablePage(MemoryTab::Variables);
    memory->tabs()->setCurrentWidget(variablesTab);
    REQUIRE(variablesTab->isLoading());
    REQUIRE(variablesTab->loadPanel()->isVisibleTo(memory));
    REQUIRE(variablesTab->loadPanel()->title().contains(QStringLiteral("Variables")));
    REQUIRE(waitForProgress(variablesTab, QStringLiteral("Reading variables of demo.pop")));
    REQUIRE(memory->isReady()); // the rest of the page works meanwhile

    // And the rest of the window: the Summary shows the report's figures.
    REQUIRE(showPageAndWait(window, page_ids::summary));
    REQUIRE(window.summaryPage()->fieldText(QStringLiteral("Tiles per IPU")) == QStringLiteral("1,472"));
    REQUIRE(variablesTab->isLoading()); // still reading in the background, not cancelled by leaving

    variables.release();
    REQUIRE(waitForPage(variablesTab));
    REQUIRE(memory->panel(MemoryTab::Variables)->visibleRows()
        == int(window.state()->report()->variables().size()));
}

TEST_CASE("a page inside another waits for it to read, then shows before the outer page's ready", "[loading]")
{
    HeldPart analysis(ReportPart::Insights);
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, sampleProfile("demo.pop")));
    REQUIRE(window.showPage(page_ids::insights));
    ReportPage* outer = window.page(page_ids::insights);
    auto* insights = qobject_cast<InsightsReport*>(outer);
    REQUIRE(insights);
    InsightsPage* inner = insights->side(0); // the source's: the target's is hidden in single mode
    REQUIRE(inner);
    REQUIRE(waitForProgress(outer, QStringLiteral("Finding the largest variables and vertices of demo.pop")));
    CHECK(!inner->isLoading()); // no loader of its own beside the outer page's
    CHECK(!inner->isReady());

    bool innerShownFirst = false;
    QObject::connect(outer, &ReportPage::ready, outer,
        [&] { innerShownFirst = inner->isReady() && !inner->data().topTiles.empty(); });
    analysis.release();
    REQUIRE(waitForPage(outer));
    CHECK(innerShownFirst);
}

TEST_CASE("Cancel stops a page's loading, showing it again loads it again", "[loading]")
{
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, sampleProfile("demo.pop")));
    HeldPart liveness(ReportPart::Liveness);
    REQUIRE(window.showPage(page_ids::liveness));
    ReportPage* page = window.page(page_ids::liveness);
    REQUIRE(waitForProgress(page, QStringLiteral("Reading liveness steps")));
    REQUIRE(page->loadPanel()->cancelButton()->isVisibleTo(page));
    page->loadPanel()->cancelButton()->click();
    REQUIRE(!page->isLoading());
    REQUIRE(!page->isReady());
    REQUIRE(page->loadPanel()->title().contains(QStringLiteral("cancelled")));
    REQUIRE(page->loadPanel()->retryButton()->text() == QStringLiteral("Load"));

    // Load on the panel starts again; Cancel once more, then showing the page again loads it again.
    page->loadPanel()->retryButton()->click();
    REQUIRE(page->isLoading());
    page->cancelLoading();
    REQUIRE(!page->isLoading());
    REQUIRE(showPageAndWait(window, page_ids::summary));
    REQUIRE(window.showPage(page_ids::liveness));
    REQUIRE(page->isLoading());
    liveness.release();
    REQUIRE(waitForPage(page));
    REQUIRE(!page->loadPanel()->isVisibleTo(page));
}

TEST_CASE("a part that fails shows on its page only, with Retry, and the other pages work", "[loading]")
{
    TempDir dir;
    const std::string path = writeValidProfile(dir, "broken-tree.pop");
    execSql(path, "UPDATE steps SET program = 99999 WHERE id = 0");
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, QString::fromStdString(path)));
    REQUIRE(window.showPage(page_ids::programTree));
    ReportPage* tree = window.page(page_ids::programTree);
    REQUIRE_FALSE(waitForPage(tree));
    REQUIRE(tree->loadError().contains(QStringLiteral("broken-tree.pop")));
    REQUIRE(tree->loadPanel()->message() == tree->loadError());
    REQUIRE(tree->loadPanel()->retryButton()->isVisibleTo(tree));
    // Retry reads again (a damaged part is not cached) and fails again, saying the same.
    QSignalSpy failedAgain(tree, &ReportPage::loadFailed);
    tree->loadPanel()->retryButton()->click();
    REQUIRE(failedAgain.wait(20000));
    REQUIRE(failedAgain.last().at(0).toString() == tree->loadError());
    // Memory and Insights read other parts and work.
    REQUIRE(showPageAndWait(window, page_ids::memory));
    REQUIRE(showPageAndWait(window, page_ids::insights));
}

TEST_CASE("a Memory table tab cancelled loads again when the page is shown again", "[loading]")
{
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, sampleProfile("demo.pop")));
    HeldPart variables(ReportPart::Variables);
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* memory = window.memoryPage();
    MemoryTablePage* tab = memory->tablePage(MemoryTab::Variables);
    memory->tabs()->setCurrentWidget(tab);
    REQUIRE(waitForProgress(tab, QStringLiteral("Reading variables")));
    tab->loadPanel()->cancelButton()->click();
    REQUIRE(!tab->isLoading());
    REQUIRE(tab->loadPanel()->title().contains(QStringLiteral("cancelled")));

    variables.release();
    REQUIRE(showPageAndWait(window, page_ids::summary));
    REQUIRE(window.showPage(page_ids::memory)); // its tab shows again, and loads again
    REQUIRE(waitForPage(tab));
    REQUIRE(memory->variablesModel()->rowCount() > 0);
}

TEST_CASE("compare mode: one report's part held back keeps the page loading, the other pages work",
    "[loading][compare]")
{
    const QString source = sampleProfile("batch-4.pop"), target = sampleProfile("batch-8.pop");
    HeldPart targetVariables(ReportPart::Variables, target.toStdString());
    MainWindow window;
    window.setInteractive(false);
    REQUIRE(openPairAndWait(window, source, target));
    REQUIRE(showPageAndWait(window, page_ids::summary));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* memory = window.memoryPage();
    MemoryTablePage* variablesTab = memory->tablePage(MemoryTab::Variables);
    memory->tabs()->setCurrentWidget(variablesTab);
    REQUIRE(waitForProgress(variablesTab, QStringLiteral("Reading variables of batch-8.pop")));
    // The source's variables are read alongside, not held back (the two reports read in parallel).
    const auto sourceHasVariables = [&] { return window.state()->report()->core->hasVariables(); };
    for (int i = 0; i < 400 && !sourceHasVariables(); ++i)
        QTest::qWait(50);
    REQUIRE(sourceHasVariables());
    REQUIRE(variablesTab->isLoading());
    REQUIRE(showPageAndWait(window, page_ids::programTree)); // needs no variables
    targetVariables.release();
    REQUIRE(window.showPage(page_ids::memory));
    REQUIRE(waitForPage(variablesTab));
    REQUIRE(memory->comparedTable(MemoryTab::Variables)->isComparing());
}
