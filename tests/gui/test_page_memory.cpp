// Memory that follows what is shown: before a page reads its parts, PageMemoryKeeper lets go of
// the pages shown longest ago and of the parts no page still shows, while the heap is over its
// limit; a page let go of reads its parts again when shown, and a page still loading is never let
// go of. The heap is the test's own number, so nothing depends on the machine.
#include "app/main_window.hpp"
#include "app/page_memory_keeper.hpp"
#include "gui_fixture.hpp"
#include "models/memory/variables_model.hpp"
#include "models/report_parts.hpp"
#include "models/table_filter_proxy.hpp"
#include "popscope/profile.hpp"
#include "views/memory/memory_page.hpp"
#include "views/trace/execution_trace_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemView>
#include <QHeaderView>
#include <QPointer>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>

#include <catch2/catch.hpp>

using namespace popscope;
using namespace popscope::test;

namespace {

bool openDemo(MainWindow& window)
{
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(sampleProfile("demo.pop"));
    return opened.wait(20000);
}

std::vector<ReportPage*> pagesOf(const MainWindow& window)
{
    std::vector<ReportPage*> pages;
    for (const PageInfo& info : window.pages().pages())
        if (ReportPage* page = window.page(info.id))
            pages.push_back(page);
    return pages;
}

// The window and a keeper whose heap is the test's own number.
struct KeeperWindow {
    MainWindow window;
    uint64_t heap = 0; // under any limit: nothing is let go of
    PageMemoryKeeper keeper { [this] { return heap; } };
    KeeperWindow()
    {
        window.setInteractive(false);
        keeper.setLimit(64 << 20);
    }
    const Report& core() const { return *window.state()->report()->core; }
    ReportPage* page(const char* id) const
    {
        return window.page(window.pages().find(QString::fromLatin1(id))->id);
    }
    int makeRoomFor(const char* id)
    {
        return keeper.makeRoomFor(page(id), pagesOf(window), { window.state()->report() });
    }
    // Shows `id` the way the window does, with the keeper making room first.
    bool show(const char* id)
    {
        makeRoomFor(id);
        return showPageAndWait(window, window.pages().find(QString::fromLatin1(id))->id);
    }
};

} // namespace

TEST_CASE("over the limit, the pages shown longest ago let go of their parts and read them again when shown",
    "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    const Report& core = f.core();
    REQUIRE(f.show("memory"));
    MemoryPage* memory = f.window.memoryPage();
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Exchanges));
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables));
    REQUIRE(f.show("program-tree"));
    ReportPage* tree = f.page("program-tree");
    REQUIRE(memory->isReady());
    REQUIRE(core.hasExchanges());
    REQUIRE(core.hasProgramIndex());
    REQUIRE(memory->variablesModel()->rowCount() > 0);
    QPointer<QAbstractItemView> variablesView = memory->panel(MemoryTab::Variables)->view();
    const int sortedBy = memory->panel(MemoryTab::Variables)->header()->sortIndicatorSection();

    // Over the limit: before Liveness reads its parts, Memory (shown longest ago) and then the
    // Program Tree are let go of, with the parts no page shows now; Liveness's variables stay.
    f.heap = uint64_t(1) << 30;
    REQUIRE(f.makeRoomFor("liveness") == 2);
    REQUIRE(!memory->holdsReports());
    REQUIRE(!tree->holdsReports());
    REQUIRE(memory->variablesModel()->rowCount() == 0);
    // The emptied table's view goes too (it kept its rows' memory), its columns' state kept.
    QAbstractItemView* renewed = memory->panel(MemoryTab::Variables)->view();
    REQUIRE(renewed != variablesView.data());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    REQUIRE(variablesView.isNull());
    REQUIRE(renewed->model() == memory->panel(MemoryTab::Variables)->proxy());
    REQUIRE(memory->panel(MemoryTab::Variables)->header()->sortIndicatorSection() == sortedBy);
    REQUIRE(!core.hasComputeSets());
    REQUIRE(!core.hasExchanges());
    REQUIRE(!core.hasProgramIndex());
    REQUIRE(!core.hasOperationAnalysis());
    REQUIRE(core.hasVariables()); // Liveness, the page about to show, reads them
    REQUIRE(core.hasSummary());
    REQUIRE(f.page("summary")->isReady()); // never shown through this keeper

    // Shown again, Memory reads its parts again and its tab shown, Variables, shows the same rows;
    // the Exchanges tab reads its part when it is next shown.
    f.heap = 0;
    REQUIRE(f.show("memory"));
    REQUIRE(memory->isReady());
    REQUIRE(waitForPage(memory->tablePage(MemoryTab::Variables)));
    REQUIRE(memory->variablesModel()->rowCount() > 0);
    REQUIRE(memory->panel(MemoryTab::Variables)->visibleRows() > 0);
    REQUIRE(!core.hasExchanges());
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Exchanges));
    REQUIRE(core.hasExchanges());
}

TEST_CASE(
    "over the limit, parts no page shows go first, without letting go of any page", "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("program-tree"));
    f.core().computeSets(); // read by a job no page shows, as a comparison did
    f.core().exchanges();
    f.heap = uint64_t(1) << 30;
    f.keeper.setLimit(uint64_t(2) << 30); // room enough for the next page once those parts go
    REQUIRE(f.keeper.releaseUnshownParts(pagesOf(f.window), { f.window.state()->report() }) == 0);
    f.keeper.setLimit(64 << 20);
    REQUIRE(f.keeper.releaseUnshownParts(pagesOf(f.window), { f.window.state()->report() }) == 2);
    CHECK(!f.core().hasComputeSets());
    CHECK(!f.core().hasExchanges());
    CHECK(f.core().hasProgramIndex()); // the Program Tree shows it
    CHECK(f.page("program-tree")->holdsReports());

    f.core().computeSets();
    f.heap = 0;
    REQUIRE(f.makeRoomFor("liveness") == 0); // under the limit: nothing goes
    CHECK(f.keeper.partsReleased() == 0);
    f.heap = uint64_t(1) << 30;
    f.makeRoomFor("liveness"); // the parts first; then the Program Tree, as the heap stays over
    CHECK(f.keeper.partsReleased() >= 1);
    CHECK(!f.core().hasComputeSets());
}

TEST_CASE(
    "the keeper makes room for the trace a page will build, not only for its parts", "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("program-tree"));
    REQUIRE(f.show("operations")); // its parts are the Program Tree's: nothing more to read
    const uint64_t traceBytes = f.page("execution-trace")->workBytesNeeded(f.core());
    REQUIRE(traceBytes == f.core().summary().numExecutionSteps * 1024);
    f.heap = f.keeper.limit() - traceBytes / 2; // room for half of it
    REQUIRE(f.makeRoomFor("operations") == 0);
    REQUIRE(f.makeRoomFor("execution-trace") >= 1); // the Program Tree, shown longest ago, goes
    CHECK(!f.page("program-tree")->holdsReports());
    f.heap = 0;
    REQUIRE(f.show("execution-trace"));
    CHECK(f.page("execution-trace")->workBytesNeeded(f.core()) == 0); // built: nothing more to hold
}

TEST_CASE(
    "a page still loading is never let go of, and no part is released meanwhile", "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("program-tree"));
    holdReportPart(ReportPart::Liveness, true);
    f.makeRoomFor("liveness");
    REQUIRE(f.window.showPage(page_ids::liveness));
    ReportPage* liveness = f.page("liveness");
    REQUIRE(liveness->isLoading());

    // Over the limit while Liveness loads: the Program Tree is let go of, but its parts stay (a
    // job may read parts outside its page's list), and Liveness itself is not let go of.
    f.heap = uint64_t(1) << 30;
    f.makeRoomFor("operations");
    REQUIRE(liveness->isLoading());
    REQUIRE(liveness->holdsReports());
    REQUIRE(!f.page("program-tree")->holdsReports());
    REQUIRE(f.core().hasProgramIndex());
    holdReportPart(ReportPart::Liveness, false);
    REQUIRE(waitForPage(liveness));
}

TEST_CASE("no part is released while a background job reads parts, even one nobody waits for",
    "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("program-tree"));
    f.heap = uint64_t(1) << 30;
    {
        const PartReaderScope job; // as the comparer's stages and the parts loaders mark themselves
        REQUIRE(partReadersRunning());
        REQUIRE(f.makeRoomFor("memory") == 1);
        REQUIRE(f.core().hasProgramIndex());
    }
    REQUIRE(!partReadersRunning());
    REQUIRE(f.show("program-tree")); // read again, then let go of
    REQUIRE(f.makeRoomFor("memory") == 1);
    REQUIRE(!f.core().hasProgramIndex());
}

TEST_CASE("a hidden table fits its columns when its tab is shown, not before", "[page-memory]")
{
    MainWindow window;
    window.setInteractive(false);
    window.resize(1280, 800);
    window.show();
    REQUIRE(openDemo(window));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* memory = window.memoryPage();
    QAbstractItemView* view = memory->panel(MemoryTab::Variables)->view();
    QHeaderView* header = memory->panel(MemoryTab::Variables)->header();
    REQUIRE(memory->variablesModel()->rowCount() == 0); // the tab reads its parts when first shown
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables));
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents(); // the fit runs once the viewport is shown
    const auto columnsTotal = [header] {
        int total = 0;
        for (int c = 0; c < header->count(); ++c)
            total += header->sectionSize(c);
        return total;
    };
    REQUIRE(columnsTotal() >= view->viewport()->width()); // the name column takes the rest
    REQUIRE(header->sectionSize(1) != header->defaultSectionSize());

    // Hidden behind Details, its rows kept: a wider window does not fit it (that would lay out
    // every row), showing it again does.
    memory->tabs()->setCurrentIndex(0);
    QCoreApplication::processEvents();
    REQUIRE(memory->variablesModel()->rowCount() > 0);
    const int hiddenTotal = columnsTotal();
    window.resize(1700, 800);
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    REQUIRE(columnsTotal() == hiddenTotal);
    REQUIRE(showMemoryTabAndWait(memory, MemoryTab::Variables));
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    REQUIRE(columnsTotal() > hiddenTotal);
    REQUIRE(columnsTotal() >= view->viewport()->width());
}

TEST_CASE("the trace's build reads the vertex types its step details name, and no compute sets",
    "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    auto* trace = qobject_cast<ExecutionTracePage*>(f.page("execution-trace"));
    REQUIRE(trace->parts().empty()); // nothing is read before the build starts
    REQUIRE(trace->partsShown().empty());

    REQUIRE(f.show("execution-trace")); // ready once built
    REQUIRE(f.core().hasVertexTypes());
    const auto shown = trace->partsShown(); // what the keeper keeps for it
    REQUIRE(std::count(shown.begin(), shown.end(), ReportPart::VertexTypes) == 1);

    // A step's details read its one compute set by its key: the report reads no compute sets.
    const auto profile = Profile::open(sampleProfile("demo.pop").toStdString());
    const auto steps = profile->readSteps(false);
    const auto step
        = std::find_if(steps.begin(), steps.end(), [](const auto& s) { return s.computeSet >= 0; });
    REQUIRE(step != steps.end());
    const std::string name = profile->readComputeSets()[size_t(step->computeSet)].name;
    trace->zoomToStep(uint32_t(step - steps.begin()));
    INFO(trace->detailsText().toStdString());
    REQUIRE(trace->detailsText().contains(QStringLiteral("Compute set")));
    REQUIRE(trace->detailsText().contains(QString::fromStdString(name)));
    REQUIRE(!f.core().hasComputeSets());
}

TEST_CASE("a Memory table tab about to read asks the window to make room, its parts counted in the page's",
    "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("memory"));
    MemoryPage* memory = f.window.memoryPage();
    const auto countOf = [](const std::vector<ReportPart>& parts, ReportPart part) {
        return std::count(parts.begin(), parts.end(), part);
    };
    REQUIRE(countOf(memory->partsNeeded(), ReportPart::Variables) == 0); // Details shows: no variables

    QSignalSpy room(memory, &ReportPage::roomNeeded); // MainWindow::makeRoomFor(memory) answers it
    MemoryTablePage* variables = memory->tablePage(MemoryTab::Variables);
    memory->tabs()->setCurrentWidget(variables);
    REQUIRE(room.count() == 1);
    REQUIRE(countOf(memory->partsNeeded(), ReportPart::Variables) == 1);
    REQUIRE(waitForPage(variables));

    // Shown again with its parts read: nothing to make room for.
    memory->tabs()->setCurrentIndex(0);
    memory->tabs()->setCurrentWidget(variables);
    REQUIRE(room.count() == 1);
}

TEST_CASE("over the limit, a part held only in part is released too", "[loading][page-memory]")
{
    KeeperWindow f;
    REQUIRE(openDemo(f.window));
    REQUIRE(f.show("liveness")); // the variables, the liveness curve and its live-range index
    REQUIRE(f.core().hasLiveness());
    // The variables go with the live ranges built from them: the curve alone stays, read.
    releaseReportPart(f.core(), ReportPart::Variables);
    REQUIRE_FALSE(f.core().hasLiveness());
    REQUIRE(f.core().holdsLiveness());
    // The program index (Program Tree) reads the operations without their analysis.
    f.core().programIndex();
    REQUIRE_FALSE(f.core().hasOperationAnalysis());
    REQUIRE(f.core().holdsOperations());

    f.heap = uint64_t(1) << 30;
    f.makeRoomFor("memory"); // Liveness goes, and every part no page shows
    CHECK_FALSE(f.page("liveness")->holdsReports());
    CHECK_FALSE(f.core().holdsLiveness());
    CHECK_FALSE(f.core().holdsOperations());
    CHECK_FALSE(f.core().holdsProgramTree());
    CHECK(f.keeper.partsReleased() >= 3);
}
