// The Program Tree and Operations reports in the real window on the sample profiles: model
// testers on both models, the acceptance path on demo.pop (rank by cycles, open the slowest, jump
// to its programs, read compute set and debug context), search, highlight, the column chooser
// and compare mode on batch-4 / batch-8.
#include "app/main_window.hpp"
#include "fixture_builder.hpp"
#include "gui_fixture.hpp"
#include "models/compare_table_model.hpp"
#include "models/item_roles.hpp"
#include "models/programs/operation_bars.hpp"
#include "models/programs/operations_model.hpp"
#include "models/programs/program_tree_model.hpp"
#include "models/qt_text.hpp"
#include "models/report_state.hpp"
#include "models/what_changed/change_lines_model.hpp"
#include "popscope/operations.hpp"
#include "popscope/profile.hpp"
#include "popscope/profile_writer.hpp"
#include "popscope/report.hpp"
#include "views/programs/operation_details_view.hpp"
#include "views/programs/operations_page.hpp"
#include "views/programs/program_details_view.hpp"
#include "views/programs/program_tree_page.hpp"
#include "views/what_changed/what_changed_page.hpp"
#include "views/widgets/compared_table.hpp"
#include "views/widgets/table_panel.hpp"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTreeView>
#include <QTreeWidget>

#include "popscope/operation_flops.hpp"
#include "views/programs/operation_flops_view.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace popscope;
using popscope::test::sampleProfile;

namespace {

struct OperationsWindow {
    MainWindow window;
    explicit OperationsWindow(const QString& source, const QString& target = {})
    {
        REQUIRE(std::filesystem::exists(source.toStdString()));
        window.setInteractive(false);
        window.resize(1400, 900);
        window.show();
        REQUIRE(openReports(window, source, target));
    }
    OperationsPage* operations()
    {
        REQUIRE(showPageAndWait(window, page_ids::operations));
        return qobject_cast<OperationsPage*>(window.page(page_ids::operations));
    }
    ProgramTreePage* tree()
    {
        REQUIRE(showPageAndWait(window, page_ids::programTree));
        return qobject_cast<ProgramTreePage*>(window.page(page_ids::programTree));
    }
};

// The details tree's value for a field under a section, or "".
QString detailValue(ProgramDetailsView* details, const QString& section, const QString& field)
{
    QTreeWidgetItem* s = details->section(section);
    if (!s)
        return {};
    for (int i = 0; i < s->childCount(); ++i)
        if (s->child(i)->text(0) == field)
            return s->child(i)->text(1);
    return {};
}

} // namespace

TEST_CASE("program tree and operations models pass the model testers", "[operations][models]")
{
    auto source = Report::open(sampleProfile("custom-example.pop").toStdString());
    auto target = Report::open(sampleProfile("demo.pop").toStdString());
    ProgramTreeModel tree;
    QAbstractItemModelTester treeTester(&tree, QAbstractItemModelTester::FailureReportingMode::Fatal);
    tree.setReports(source, nullptr);
    REQUIRE(tree.rowCount() == 2); // Control programs, Functions
    REQUIRE(tree.columnCount() == ProgramTreeModel::kSingleColumns);
    // Every program can be reached; its row shows its name, type icon and cycles.
    for (uint32_t p = 0; p < source->programs().size(); ++p) {
        const QModelIndex index = tree.indexOfProgram(p);
        REQUIRE(index.isValid());
        REQUIRE(tree.programAt(index) == int64_t(p));
        REQUIRE(index.data().toString() == toQString(source->programs()[p].name));
        REQUIRE(!index.data(Qt::DecorationRole).value<QIcon>().isNull());
        REQUIRE(index.siblingAtColumn(ProgramTreeModel::Cycles).data(SortRole).toULongLong()
            == source->programIndex().totalCycles[p]);
    }
    tree.setReports(source, target); // compare mode: more columns
    REQUIRE(tree.columnCount() == ProgramTreeModel::DiffPercent + 1);
    tree.setReports(nullptr, nullptr);
    REQUIRE(tree.rowCount() == 0);

    OperationsModel ops;
    QAbstractItemModelTester opsTester(&ops, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ops.setReport(source, "poplar");
    REQUIRE(ops.rowCount() == 2);
    ops.setReport(source, "");
    REQUIRE(ops.rowCount() == 3);
    for (int r = 0; r < ops.rowCount(); ++r) {
        const OperationFigures& f = source->operationAnalysis().figures[ops.operation(r)];
        REQUIRE(ops.index(r, OperationsModel::Cycles).data(SortRole).toULongLong() == f.cycles);
        REQUIRE(ops.index(r, OperationsModel::FlopsPerCycle).data().toString()
            == QString::number(f.flopsPerCycle(), 'f', 2));
    }
}

TEST_CASE("the operations chart's bars: the largest first, both reports' figures in compare mode",
    "[operations][models]")
{
    auto source = Report::open(sampleProfile("batch-4.pop").toStdString());
    auto target = Report::open(sampleProfile("batch-8.pop").toStdString());
    OperationsModel ops, targetOps;
    ops.setReport(source, "");
    targetOps.setReport(target, "");
    const auto figure
        = [](const Report& r, uint32_t op) { return double(r.operationAnalysis().figures[op].flops); };
    std::vector<double> all;
    for (int r = 0; r < ops.rowCount(); ++r)
        all.push_back(figure(*source, ops.operation(r)));
    std::sort(all.rbegin(), all.rend());
    const auto bars = topOperationBars(ops, targetOps, nullptr, OperationMetric::Flops, 3);
    REQUIRE(ops.rowCount() > 3);
    REQUIRE(bars.size() == 3);
    for (size_t i = 0; i < bars.size(); ++i) {
        REQUIRE(bars[i].source == all[i]);
        const int row = ops.rowOfKey(bars[i].key.toStdString());
        REQUIRE(bars[i].label == toQString(source->operations()[ops.operation(row)].name));
    }

    CompareTableModel join(&ops, &targetOps);
    join.rebuild();
    const auto joined
        = topOperationBars(ops, targetOps, &join, OperationMetric::Flops, size_t(join.rowCount()));
    REQUIRE(joined.size() == size_t(join.rowCount()));
    for (size_t i = 0; i < joined.size(); ++i) {
        const int row = join.rowOf(joined[i].key);
        REQUIRE(joined[i].inSource == (join.sourceRow(row) >= 0));
        REQUIRE(joined[i].inTarget == (join.targetRow(row) >= 0));
        REQUIRE(joined[i].target == figure(*target, targetOps.operation(join.targetRow(row))));
        if (i > 0)
            REQUIRE(std::max(joined[i].source, joined[i].target)
                <= std::max(joined[i - 1].source, joined[i - 1].target));
    }
}

TEST_CASE(
    "acceptance on demo.pop: rank by cycles, open the slowest, jump to its programs", "[operations][window]")
{
    const QString path = sampleProfile("demo.pop");
    auto core = Report::open(path.toStdString());
    const auto ranking
        = rankOperations(core->operations(), core->operationAnalysis(), "popart", OperationSort::Cycles);
    REQUIRE(ranking.size() == 24);

    OperationsWindow w(path);
    OperationsPage* page = w.operations();
    REQUIRE(page->layerBox()->currentText() == QStringLiteral("popart"));
    REQUIRE(page->panel()->visibleRows() == 24);
    // Nothing selected: the layer's totals.
    REQUIRE(page->details()->summary()->topLevelItem(0)->text(0).startsWith(
        QStringLiteral("Layer popart (totals")));
    // Sorted by cycles, largest first: the same order as the CLI.
    QAbstractItemView* view = page->panel()->view();
    page->panel()->sortByColumn(OperationsModel::Cycles, Qt::DescendingOrder);
    for (int r = 0; r < 24; ++r)
        REQUIRE(view->model()->index(r, OperationsModel::Name).data().toString()
            == toQString(core->operations()[ranking[size_t(r)]].name));
    // Open the slowest.
    view->setCurrentIndex(view->model()->index(0, 0));
    const OperationRow slowest = core->operations()[ranking[0]];
    QTreeWidget* summary = page->details()->summary();
    REQUIRE(summary->topLevelItem(0)->text(1) == toQString(slowest.name));
    REQUIRE(summary->findItems(QStringLiteral("Cycles"), Qt::MatchExactly)[0]->text(1)
        == QString::fromStdString(formatCount(slowest.cycles)));
    QTreeWidget* programs = page->details()->programs();
    REQUIRE(programs->topLevelItemCount() == int(slowest.programs.size()));
    REQUIRE(page->details()->debugInfo()->topLevelItemCount() == 1);
    REQUIRE(page->details()->steps()->topLevelItemCount() > 0);
    // Its FLOPs against its layer's, as core ranks them.
    const OperationFlops flops = operationFlops(core->operations(), core->operationAnalysis(), ranking[0]);
    REQUIRE(flops.available);
    QTreeWidget* flopsTab = page->details()->flops();
    CHECK(flopsTab->topLevelItem(0)->text(1) == QString::fromStdString(formatCount(flops.flops)));
    CHECK(flopsTab->findItems(QStringLiteral("Rank in its layer by FLOPs"), Qt::MatchExactly)[0]->text(1)
        == QStringLiteral("%1 of 24").arg(flops.rankInLayer));

    // Its first compute program, shown in the Program Tree.
    QTreeWidgetItem* computeItem = nullptr;
    for (int i = 0; i < programs->topLevelItemCount() && !computeItem; ++i)
        if (programs->topLevelItem(i)->text(1) == QStringLiteral("OnTileExecute"))
            computeItem = programs->topLevelItem(i);
    REQUIRE(computeItem);
    const uint32_t program = computeItem->data(0, Qt::UserRole).toUInt();
    emit programs->itemActivated(computeItem, 0);
    REQUIRE(w.window.currentPage() == page_ids::programTree);
    ProgramTreePage* tree = qobject_cast<ProgramTreePage*>(w.window.page(page_ids::programTree));
    REQUIRE(tree->model()->programAt(tree->view()->currentIndex()) == int64_t(program));
    // Its compute set and debug context, as the file has them.
    const ProgramRow p = core->programs()[program];
    ProgramDetailsView* details = tree->details();
    REQUIRE(detailValue(details, QStringLiteral("Compute set"), QStringLiteral("Name"))
        == QString::fromStdString(core->computeSets()[size_t(p.computeSet)].name));
    REQUIRE(
        details->section(QStringLiteral("Compute set"))->childCount() >= 3); // name, vertex types, instances
    const auto chain = debugContextChain(core->debugContexts(), p.debugContext);
    REQUIRE(!chain.empty());
    QTreeWidgetItem* debug = details->section(QStringLiteral("Debug context"));
    REQUIRE(debug->child(0)->text(0) == QString::fromStdString(core->debugContexts()[chain[0]].layer));
    REQUIRE(debug->child(0)->text(1) == QString::fromStdString(core->debugContexts()[chain[0]].name));
    REQUIRE(detailValue(details, QStringLiteral("Execution steps"), QStringLiteral("Steps"))
        == QString::fromStdString(formatCount(core->programIndex().stepsOf(program).size())));
    // The slowest operation's programs are highlighted (layer popart), others not.
    REQUIRE(tree->layerBox()->currentText() == QStringLiteral("popart"));
    for (uint32_t q : slowest.programs)
        REQUIRE(tree->model()->isHighlighted(q));
    REQUIRE_FALSE(tree->model()->isHighlighted(core->programIndex().controlPrograms[0]));
    const auto treePath = pathTo(core->programIndex(), program);
    REQUIRE(tree->model()->holdsHighlighted(treePath.front())); // the control program holding them
    // Another layer's operations: none of this program's, so nothing is marked.
    tree->layerBox()->setCurrentIndex(0); // "No layer"
    REQUIRE_FALSE(tree->model()->isHighlighted(program));
}

TEST_CASE("program tree search finds nested programs with next and previous", "[operations][window]")
{
    OperationsWindow w(sampleProfile("custom-example.pop"));
    ProgramTreePage* tree = w.tree();
    const Report& core = *w.window.state()->report()->core;
    tree->searchEdit()->setText(QStringLiteral("sync"));
    const auto hits = findPrograms(core.programs(), core.programIndex(), "sync");
    REQUIRE(hits.size() > 2);
    REQUIRE(tree->searchStatus()->text() == QStringLiteral("%1 found").arg(hits.size()));
    tree->findNext();
    REQUIRE(tree->model()->programAt(tree->view()->currentIndex()) == int64_t(hits[0]));
    tree->findNext();
    REQUIRE(tree->model()->programAt(tree->view()->currentIndex()) == int64_t(hits[1]));
    tree->findPrevious();
    tree->findPrevious(); // wraps to the last
    REQUIRE(tree->model()->programAt(tree->view()->currentIndex()) == int64_t(hits.back()));
    REQUIRE(tree->searchStatus()->text() == QStringLiteral("%1 of %1").arg(hits.size()));
    // A program inside the function called from the Repeat: its parents are expanded.
    tree->searchEdit()->setText(QStringLiteral("ScaledAdd"));
    tree->findNext();
    const QModelIndex found = tree->view()->currentIndex();
    REQUIRE(found.data().toString() == QStringLiteral("scale/ScaledAdd"));
    int depth = 0;
    for (QModelIndex p = found.parent(); p.isValid(); p = p.parent(), ++depth)
        REQUIRE(tree->view()->isExpanded(p));
    REQUIRE(depth >= 4);
    tree->searchEdit()->setText(QStringLiteral("no such program"));
    REQUIRE(tree->searchStatus()->text() == QStringLiteral("No match"));
}

TEST_CASE("the operations column chooser is remembered", "[operations][window]")
{
    {
        OperationsWindow w(sampleProfile("custom-example.pop"));
        OperationsPage* page = w.operations();
        REQUIRE(page->isColumnVisible(OperationsModel::Flops));
        page->setColumnVisible(OperationsModel::Flops, false);
        REQUIRE(page->panel()->header()->isSectionHidden(OperationsModel::Flops));
    }
    OperationsWindow again(sampleProfile("custom-example.pop"));
    OperationsPage* page = again.operations();
    REQUIRE_FALSE(page->isColumnVisible(OperationsModel::Flops));
    REQUIRE(page->panel()->header()->isSectionHidden(OperationsModel::Flops));
    page->setColumnVisible(OperationsModel::Flops, true);
    REQUIRE(QSettings()
                .value(QStringLiteral("operations/hiddenColumns"))
                .toStringList()
                .contains(QStringLiteral("FLOPs"))
        == false);
}

TEST_CASE(
    "compare mode: operations of batch-4 and batch-8 with Source, Target and Diff", "[operations][compare]")
{
    OperationsWindow w(sampleProfile("batch-4.pop"), sampleProfile("batch-8.pop"));
    OperationsPage* page = w.operations();
    CompareTableModel* join = qobject_cast<CompareTableModel*>(page->panel()->sourceModel());
    REQUIRE(join);
    QAbstractItemModelTester tester(join, QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(join->rowCount() == 18);
    const int flopsSource = join->columnOf(OperationsModel::Flops, CompareTableModel::Part::Source);
    const int flopsTarget = join->columnOf(OperationsModel::Flops, CompareTableModel::Part::Target);
    const int cyclesDiff = join->columnOf(OperationsModel::Cycles, CompareTableModel::Part::Diff);
    REQUIRE(flopsSource >= 0);
    for (int r = 0; r < join->rowCount(); ++r) {
        REQUIRE(join->sourceRow(r) >= 0);
        REQUIRE(join->targetRow(r) >= 0);
        const QString name = join->index(r, 0).data().toString();
        const auto s = join->index(r, flopsSource).data(SortRole).toULongLong();
        const auto t = join->index(r, flopsTarget).data(SortRole).toULongLong();
        if (!name.contains(QStringLiteral("/Update"))) {
            REQUIRE(t == 2 * s);
            REQUIRE(join->index(r, cyclesDiff).data(SortRole).toLongLong() > 0);
        }
    }
    // Selecting a row shows both sides.
    page->selectRow(0);
    REQUIRE(page->details()->summary()->headerItem()->text(2) == QStringLiteral("Target"));

    // The tree joins programs by name.
    ProgramTreePage* tree = w.tree();
    REQUIRE(tree->model()->isComparing());
    REQUIRE(tree->model()->columnCount() == ProgramTreeModel::DiffPercent + 1);

    // What changed lists operations; a line opens its row in the Operations report.
    REQUIRE(showPageAndWait(w.window, page_ids::whatChanged));
    auto* changed = qobject_cast<WhatChangedPage*>(w.window.page(page_ids::whatChanged));
    if (!changed->comparison())
        REQUIRE(QSignalSpy(changed, &WhatChangedPage::ready).wait(20000));
    int line = -1;
    for (int r = 0; r < changed->model()->rowCount() && line < 0; ++r)
        if (changed->model()->line(r).metric == "operation cycles")
            line = r;
    REQUIRE(line >= 0);
    const ChangeLine l = changed->model()->line(line);
    const NavigationTarget target = changed->model()->targetAt(line);
    REQUIRE(
        target == NavigationTarget::named(page_ids::operations, NavigationTarget::Kind::Operation, l.rowKey));
    w.window.state()->requestNavigation(target);
    REQUIRE(w.window.currentPage() == page_ids::operations);
    const QModelIndex current = page->panel()->view()->currentIndex();
    REQUIRE(current.isValid());
    REQUIRE(page->panel()
                ->view()
                ->model()
                ->index(current.row(), 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QString::fromStdString(l.rowKey).section(QStringLiteral(": "), 1)));
}

TEST_CASE("a damaged step table: the report opens, Program Tree and Operations say what is wrong",
    "[operations][window]")
{
    popscope::test::TempDir dir;
    const std::string copy = dir.file("damaged.pop");
    popscope::test::writeBytes(
        copy, popscope::test::readBytes(sampleProfile("custom-example.pop").toStdString()));
    popscope::test::execSql(copy, "UPDATE steps SET program = 99999 WHERE id = 0");

    OperationsWindow w(QString::fromStdString(copy));
    REQUIRE(showPageAndWait(w.window, page_ids::summary)); // the rest of the report works
    ProgramTreePage* tree = qobject_cast<ProgramTreePage*>(w.window.page(page_ids::programTree));
    REQUIRE(w.window.showPage(page_ids::programTree));
    REQUIRE_FALSE(waitForPage(tree));
    REQUIRE(tree->problem().contains(QStringLiteral("damaged.pop")));
    REQUIRE(tree->problem().contains(QStringLiteral("steps.program")));
    REQUIRE(tree->model()->rowCount() == 0);
    auto* operations = qobject_cast<OperationsPage*>(w.window.page(page_ids::operations));
    REQUIRE(w.window.showPage(page_ids::operations));
    REQUIRE_FALSE(waitForPage(operations));
    REQUIRE(operations->problem().contains(QStringLiteral("steps.program")));
    REQUIRE(operations->model()->rowCount() == 0);
    REQUIRE_FALSE(operations->showRow(
        NavigationTarget::numbered(page_ids::operations, NavigationTarget::Kind::OperationRank, 1)));
}

TEST_CASE("program tree: the compiler's estimates beside the measured cycles, or alone without execution",
    "[operations][estimates]")
{
    OperationsWindow open(sampleProfile("demo.pop"));
    ProgramTreePage* page = open.tree();
    ProgramTreeModel* model = page->model();
    const Report& report = *model->source();
    const ProgramEstimates& estimates = report.programCycleEstimates();
    REQUIRE(estimates.present);
    REQUIRE(model->cycleBasis() == CycleBasis::Measured);
    REQUIRE_FALSE(page->view()->isColumnHidden(ProgramTreeModel::Estimated));
    REQUIRE_FALSE(page->view()->isColumnHidden(ProgramTreeModel::EstimateDiff));
    CHECK(model->headerData(ProgramTreeModel::Cycles, Qt::Horizontal).toString() == QStringLiteral("Cycles"));
    const uint32_t root = report.programIndex().controlPrograms.front();
    const QModelIndex row = model->indexOfProgram(root);
    const uint64_t measured = report.programIndex().totalCycles[root];
    REQUIRE(estimates.total[root] > 0);
    CHECK(row.siblingAtColumn(ProgramTreeModel::Estimated).data(SortRole).toULongLong()
        == estimates.total[root]);
    CHECK(row.siblingAtColumn(ProgramTreeModel::EstimateDiff).data(SortRole).toLongLong()
        == int64_t(measured) - int64_t(estimates.total[root]));

    // The same report captured without execution: its cycles are the estimates, labelled so.
    popscope::test::TempDir dir;
    ProfileDocument doc = Profile::open(sampleProfile("demo.pop").toStdString())->readDocument();
    doc.runs.clear();
    doc.steps.clear();
    const std::string compileOnly = dir.file("compile-only.pop");
    writeProfile(doc, compileOnly);
    OperationsWindow compiled(QString::fromStdString(compileOnly));
    page = compiled.tree();
    model = page->model();
    REQUIRE(model->cycleBasis() == CycleBasis::Estimated);
    CHECK(model->headerData(ProgramTreeModel::Cycles, Qt::Horizontal).toString()
        == QStringLiteral("Est. cycles"));
    CHECK(page->view()->isColumnHidden(ProgramTreeModel::Steps));
    CHECK(page->view()->isColumnHidden(ProgramTreeModel::Estimated));
    CHECK(page->note()->text().contains(QStringLiteral("estimates")));
    const ProgramEstimates& once = model->source()->programCycleEstimates();
    REQUIRE_FALSE(once.perExecution);
    const QModelIndex compiledRoot = model->indexOfProgram(root);
    REQUIRE(once.total[root] > 0);
    CHECK(compiledRoot.siblingAtColumn(ProgramTreeModel::Cycles).data(SortRole).toULongLong()
        == once.total[root]);
    CHECK(compiledRoot.siblingAtColumn(ProgramTreeModel::Share).data().toString() != QStringLiteral("—"));

    // Operations: the same estimates, under a header that says so.
    OperationsModel* operations = compiled.operations()->model();
    REQUIRE(operations->report()->operationAnalysis().cyclesEstimated);
    CHECK(operations->headerData(OperationsModel::Cycles, Qt::Horizontal).toString()
        == QStringLiteral("Estimated cycles"));
    REQUIRE(operations->rowCount() > 0);
    const uint32_t first = operations->operation(0);
    CHECK(operations->index(0, OperationsModel::Cycles).data(SortRole).toULongLong()
        == operations->report()->operationAnalysis().figures[first].cycles);
}
