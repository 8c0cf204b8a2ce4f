// Program Tree and Operations on bench-large against their budgets: the tree's first level and the
// operations table each ≤ 200 ms cold (from the file opened to the rows a view shows), expanding
// any node ≤ 50 ms (the node with the most children, and a path down to the deepest program),
// plus search over every program name, what the window's loader adds for these pages (off the GUI
// thread) and what each page costs the GUI thread when a loaded report arrives.
//   bench_operations_view [FILE.pop]   (default: bench-large)
#include "models/loaded_report.hpp"
#include "models/programs/operations_model.hpp"
#include "models/programs/program_tree_model.hpp"
#include "models/report_state.hpp"
#include "models/table_filter_proxy.hpp"
#include "popscope/report.hpp"
#include "views/programs/operations_page.hpp"
#include "views/programs/program_tree_page.hpp"
#include "views/widgets/flat_table_view.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

using namespace popscope;

namespace {

double ms(const QElapsedTimer& t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

struct Figures {
    std::vector<double> treeFirstLevel, operationsTable, widestExpand, deepestPath, search;
    std::vector<double> loaderParts, treePage, operationsPage;
};

void report(const char* what, std::vector<double> v, double budget)
{
    std::sort(v.begin(), v.end());
    const double median = v[v.size() / 2];
    std::printf("%-52s median %8.1f ms  max %8.1f ms", what, median, v.back());
    if (budget > 0)
        std::printf("  budget %4.0f ms  %s", budget, median <= budget ? "OK" : "OVER");
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string path = argc > 1 ? argv[1] : POPSCOPE_BENCH_PROFILE;
    if (!std::filesystem::exists(path)) {
        std::fprintf(stderr,
            "bench_operations_view: %s is missing (cmake --build build/release --target "
            "bench_large_profile)\n",
            path.c_str());
        return 1;
    }
    Figures f;
    for (int run = 0; run < 3; ++run) {
        // Tree, cold: open, read programs, roots and steps, index them, show the first level.
        {
            QElapsedTimer t;
            t.start();
            auto r = Report::open(path);
            ProgramTreeModel model;
            model.setReports(r, nullptr);
            QTreeView view;
            view.setUniformRowHeights(true);
            view.resize(1200, 800);
            view.setModel(&model);
            view.expand(model.index(0, 0));
            view.grab(); // lay out and paint what shows
            f.treeFirstLevel.push_back(ms(t));
            if (run == 0)
                std::printf("%s: %zu programs, %zu steps, %zu operations\n", path.c_str(),
                    r->programs().size(), r->stepCycles().size(), r->operations().size());

            // Expanding the program with the most children, and every level down to the deepest one.
            const auto& programs = r->programs();
            const ProgramIndex& index = r->programIndex();
            uint32_t widest = 0;
            for (uint32_t p = 0; p < programs.size(); ++p)
                if (programs[p].children.size() > programs[widest].children.size())
                    widest = p;
            QElapsedTimer e;
            e.start();
            const QModelIndex wide = model.indexOfProgram(widest);
            view.expand(wide);
            view.scrollTo(wide);
            view.grab();
            f.widestExpand.push_back(ms(e));
            if (run == 0)
                std::printf("widest program: %zu children; ", programs[widest].children.size());

            uint32_t deepest = 0;
            size_t depth = 0;
            for (uint32_t p = 0; p < programs.size(); p += 97) // a sample: pathTo walks up the parents
                if (const size_t d = pathTo(index, p).size(); d > depth) {
                    depth = d;
                    deepest = p;
                }
            e.restart();
            const QModelIndex deep = model.indexOfProgram(deepest);
            for (QModelIndex p = deep.parent(); p.isValid(); p = p.parent())
                view.expand(p);
            view.scrollTo(deep);
            view.grab();
            f.deepestPath.push_back(ms(e) / double(std::max<size_t>(1, depth)));
            if (run == 0)
                std::printf("deepest sampled program: depth %zu\n", depth);

            e.restart();
            const auto hits = findPrograms(programs, index, "relugrad");
            f.search.push_back(ms(e));
            if (run == 0)
                std::printf("search 'relugrad': %zu programs\n", hits.size());
        }
        // Operations, cold: open, read operations, programs, steps, debug contexts and variable
        // headers, compute the figures, fill and sort the table.
        {
            QElapsedTimer t;
            t.start();
            auto r = Report::open(path);
            OperationsModel model;
            model.setReport(r, defaultOperationLayer(r->operationAnalysis()));
            TableFilterProxy proxy;
            proxy.setSourceModel(&model);
            FlatTableView view; // as TablePanel shows a flat table
            view.resize(1200, 800);
            view.setModel(&proxy);
            view.setSortingEnabled(true);
            view.sortByColumn(OperationsModel::Cycles, Qt::DescendingOrder);
            view.grab();
            f.operationsTable.push_back(ms(t));
        }
        // The pages in the window: the loader has read their parts off the GUI thread; what is
        // left on the GUI thread is the pages' own work when the report arrives.
        {
            auto loaded = loadReport(QString::fromStdString(path));
            QElapsedTimer t;
            t.start();
            for (ReportPart part : { ReportPart::ProgramTree, ReportPart::Operations })
                readReportPart(*loaded->core, part);
            f.loaderParts.push_back(ms(t));
            const auto pageTime = [&](auto* page, ReportState& state) {
                page->resize(1600, 900);
                page->show();
                QElapsedTimer p;
                p.start();
                state.setReport(loaded);
                page->grab(); // laid out and painted
                return ms(p);
            };
            ReportState treeState, operationsState;
            ProgramTreePage treePage(&treeState);
            OperationsPage operationsPage(&operationsState);
            f.treePage.push_back(pageTime(&treePage, treeState));
            f.operationsPage.push_back(pageTime(&operationsPage, operationsState));
        }
    }
    report("Program Tree first level, cold (open to painted)", f.treeFirstLevel, 200);
    report("Operations table, cold (open to sorted, painted)", f.operationsTable, 200);
    report("expand the widest node", f.widestExpand, 50);
    report("expand one level on the way to the deepest node", f.deepestPath, 50);
    report("search every program name", f.search, 0);
    report("loader thread: program tree + operations parts", f.loaderParts, 0);
    report("GUI thread: Program Tree page, report to painted", f.treePage, 0);
    report("GUI thread: Operations page, report to painted", f.operationsPage, 0);
    return 0;
}
