// The real window on a sample profile built by the simulator (demo.pop): open it, go to Memory,
// select the fullest tiles and check the tables against what core reads from the file directly.
#include "app/main_window.hpp"
#include "gui_fixture.hpp"
#include "models/item_roles.hpp"
#include "models/memory/details_model.hpp"
#include "models/memory/variables_model.hpp"
#include "popscope/profile.hpp"
#include "popscope/tile_memory.hpp"
#include "views/memory/memory_page.hpp"
#include "views/widgets/table_panel.hpp"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTreeView>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>

using namespace popscope;

TEST_CASE(
    "the demo sample profile: Memory on its fullest tiles shows what the file holds", "[window][sample]")
{
    const std::string path = POPSCOPE_DEMO_PROFILE;
    REQUIRE(std::filesystem::exists(path)); // built by the sample_profiles target

    // What the file holds, read by core alone.
    auto profile = Profile::open(path);
    const TileMemory memory = queryTileMemory(*profile);
    std::vector<uint32_t> byUse(memory.numTiles());
    std::iota(byUse.begin(), byUse.end(), 0u);
    std::stable_sort(byUse.begin(), byUse.end(),
        [&](uint32_t a, uint32_t b) { return memory.totalIncludingGaps[a] > memory.totalIncludingGaps[b]; });
    std::vector<uint32_t> fullest(byUse.begin(), byUse.begin() + 3);
    std::sort(fullest.begin(), fullest.end());
    const std::set<uint32_t> selected(fullest.begin(), fullest.end());
    uint64_t selectedBytes = 0;
    for (uint32_t t : fullest)
        selectedBytes += memory.totalIncludingGaps[t];
    int variablesOnSelection = 0;
    uint64_t largestOnSelection = 0;
    for (const Variable& v : profile->readVariables()) {
        uint64_t bytes = 0;
        for (const TileBytes& tb : v.tiles)
            if (selected.count(tb.tile))
                bytes += tb.bytes;
        if (bytes > 0)
            ++variablesOnSelection;
        largestOnSelection = std::max(largestOnSelection, bytes);
    }
    std::set<uint32_t> vertexTypesOnSelection;
    for (const ComputeSet& cs : profile->readComputeSets())
        for (const ComputeSetVertices& v : cs.vertices)
            for (const TileCount& tc : v.countByTile)
                if (tc.count > 0 && selected.count(tc.tile))
                    vertexTypesOnSelection.insert(v.vertexType);

    // The window, driven as a user would.
    MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QSignalSpy opened(&window, &MainWindow::reportOpened);
    window.openFile(QString::fromStdString(path));
    REQUIRE(opened.wait(20000));
    REQUIRE(showPageAndWait(window, page_ids::memory));
    MemoryPage* page = window.memoryPage();
    REQUIRE(showMemoryTabAndWait(page, MemoryTab::Variables));
    QString typed;
    for (uint32_t t : fullest)
        typed += (typed.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(t);
    page->tileEdit()->setText(typed);
    REQUIRE(page->applyTileText(typed));
    REQUIRE(window.state()->selectedTiles() == fullest);

    // Details: one column per selected tile plus the total; the total matches the file.
    REQUIRE(page->detailsModel()->valueAt({ QStringLiteral("Memory including gaps") }, 0)
        == int64_t(selectedBytes));

    // Variables: the rows on those tiles, largest on the selection first.
    TablePanel* variables = page->panel(MemoryTab::Variables);
    REQUIRE(variables->visibleRows() == variablesOnSelection);
    const QAbstractItemModel* shown = variables->view()->model();
    const QModelIndex first = shown->index(0, VariablesModel::BytesInScope);
    REQUIRE(shown->data(first, SortRole).toULongLong() == largestOnSelection);
    REQUIRE(shown->headerData(VariablesModel::BytesInScope, Qt::Horizontal).toString()
        == QStringLiteral("On selected tiles"));

    // Clearing the selection brings back every variable.
    window.state()->clearSelection();
    REQUIRE(variables->visibleRows() == int(profile->countRows("variables")));

    // Vertices, a tab that reads its parts when first shown: the vertex types with instances on
    // those tiles.
    REQUIRE(page->applyTileText(typed));
    REQUIRE(showMemoryTabAndWait(page, MemoryTab::Vertices));
    REQUIRE(page->panel(MemoryTab::Vertices)->visibleRows() == int(vertexTypesOnSelection.size()));
}
