// Program Tree and Operations on the sample profiles, checked against the file's own tables read
// with SQL (not through core's readers): the tree, the operations' cycles, FLOPs per cycle, search,
// the batch-4 / batch-8 comparison and the CLI's ranking.
#include "sample_profiles.hpp"

#include "cli_runner.hpp"
#include "popscope/operations.hpp"
#include "popscope/profile.hpp"
#include "popscope/program_types.hpp"
#include "popscope/report.hpp"
#include "popscope/report_comparison.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <map>
#include <set>

using namespace popscope;
using simtest::sampleProfile;

namespace {

// Rows of one SQL query as integers (the file's own numbers).
std::vector<std::vector<int64_t>> query(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    std::vector<std::vector<int64_t>> rows;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        std::vector<int64_t> row;
        for (int c = 0; c < sqlite3_column_count(stmt); ++c)
            row.push_back(sqlite3_column_int64(stmt, c));
        rows.push_back(std::move(row));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rows;
}

std::vector<std::string> texts(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
    std::vector<std::string> rows;
    while (sqlite3_step(stmt) == SQLITE_ROW)
        rows.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rows;
}

} // namespace

TEST_CASE("the program tree of custom-example holds every program type, as the file has it", "[operations]")
{
    const std::string path = sampleProfile("custom-example");
    auto report = Report::open(path);
    const auto& programs = report->programs();
    const ProgramIndex& index = report->programIndex();

    // The file's tree: children in position order, roots in engine order.
    const auto children = query(path, "SELECT parent, child FROM program_children ORDER BY parent, position");
    std::map<uint32_t, std::vector<uint32_t>> fileChildren;
    for (const auto& row : children)
        fileChildren[uint32_t(row[0])].push_back(uint32_t(row[1]));
    REQUIRE(int64_t(programs.size()) == query(path, "SELECT count(*) FROM programs")[0][0]);
    for (uint32_t p = 0; p < programs.size(); ++p)
        CHECK(programs[p].toProgram().children == fileChildren[p]);
    const auto roots
        = query(path, "SELECT program FROM program_roots WHERE kind = 'control' ORDER BY position");
    REQUIRE(index.controlPrograms.size() == roots.size());
    for (size_t i = 0; i < roots.size(); ++i)
        CHECK(index.controlPrograms[i] == uint32_t(roots[i][0]));

    // Every program is reached from a root; its first parent really holds it.
    std::set<std::string> typesInTree;
    for (uint32_t p = 0; p < programs.size(); ++p) {
        CHECK(index.order[p] != kNotInTree);
        typesInTree.emplace(programs[p].type);
        if (index.parent[p] >= 0) {
            const auto& siblings = fileChildren[uint32_t(index.parent[p])];
            CHECK(std::find(siblings.begin(), siblings.end(), p) != siblings.end());
        }
    }
    for (const char* type : { "Sequence", "Repeat", "Call", "OnTileExecute", "DoExchange", "GlobalExchange",
             "StreamCopyBegin", "StreamCopyMid", "StreamCopyEnd", "Sync" }) {
        INFO(type);
        CHECK(typesInTree.count(type) == 1);
        CHECK(programTypeInfo(type).type == type); // each has its own style
    }
    // The Repeat keeps its count; the file's types are the tree's.
    const auto types = texts(path, "SELECT type FROM programs ORDER BY id");
    for (uint32_t p = 0; p < programs.size(); ++p)
        CHECK(programs[p].type == types[p]);
    const auto repeat = query(path, "SELECT repeat_count FROM programs WHERE type = 'Repeat'");
    REQUIRE(repeat.size() == 1);
    CHECK(repeat[0][0] == 3);

    // Steps per program against the steps table; totals add up to every step's cycles.
    const auto stepPrograms = query(path, "SELECT id, program FROM steps ORDER BY id");
    for (const auto& row : stepPrograms) {
        const auto steps = index.stepsOf(uint32_t(row[1]));
        CHECK(std::find(steps.begin(), steps.end(), uint32_t(row[0])) != steps.end());
    }
    const int64_t allCycles = query(
        path, "SELECT sum(c) FROM (SELECT max(cycles) AS c FROM steps_by_ipu GROUP BY step_id)")[0][0];
    uint64_t rootTotals = 0;
    for (uint32_t root : index.controlPrograms)
        rootTotals += index.totalCycles[root];
    CHECK(rootTotals == uint64_t(allCycles));
}

TEST_CASE("an operation's cycles are the sum of its steps' cycles, read from the file", "[operations]")
{
    for (const char* name :
        { "custom-example", "demo", "batch-4", "batch-8", "pipeline-grouped", "replicas-4" }) {
        INFO(name);
        const std::string path = sampleProfile(name);
        auto report = Report::open(path);
        const auto& ops = report->operations();
        const auto stored = query(path, "SELECT id, cycles, flops, code_bytes FROM operations ORDER BY id");
        // Each step counts once at its slowest IPU; a step of two operations counts in each.
        const auto fromSteps = query(path, R"(
            SELECT o.id, coalesce(sum(s.c), 0) FROM operations o
            LEFT JOIN (SELECT op.operation AS operation, st.id AS step, max(sbi.cycles) AS c
                       FROM operation_programs op JOIN steps st ON st.program = op.program
                       JOIN steps_by_ipu sbi ON sbi.step_id = st.id
                       GROUP BY op.operation, st.id) s ON s.operation = o.id
            GROUP BY o.id ORDER BY o.id)");
        REQUIRE(stored.size() == ops.size());
        REQUIRE(fromSteps.size() == ops.size());
        uint64_t anyCycles = 0;
        for (size_t i = 0; i < ops.size(); ++i) {
            INFO(ops[i].name);
            CHECK(stored[i][1] == fromSteps[i][1]);
            CHECK(report->operationAnalysis().figures[i].cycles == uint64_t(fromSteps[i][1]));
            anyCycles += uint64_t(fromSteps[i][1]);
            // Code size by tile adds up to the stored code size of its programs.
            const OperationDetails d = operationDetails(*report, uint32_t(i));
            uint64_t code = 0;
            for (uint64_t bytes : d.codeBytesByTile)
                code += bytes;
            CHECK(code == uint64_t(stored[i][3]));
        }
        CHECK(anyCycles > 0);
    }
}

TEST_CASE("FLOPs per cycle, variable memory and the ranking of operations", "[operations]")
{
    const std::string path = sampleProfile("custom-example");
    auto report = Report::open(path);
    const auto& ops = report->operations();
    const OperationAnalysis& a = report->operationAnalysis();
    REQUIRE(a.layers == std::vector<std::string> { "popart", "poplar" });
    for (size_t i = 0; i < ops.size(); ++i) {
        const OperationFigures& f = a.figures[i];
        CHECK(f.flopsPerCycle() == Approx(f.cycles ? double(f.flops) / double(f.cycles) : 0.0));
    }
    // sort: 49,152 FLOPs given by hand; its HeapSort step's cycles from the file.
    const auto sortIt
        = std::find_if(ops.begin(), ops.end(), [](const OperationRow& op) { return op.name == "sort"; });
    REQUIRE(sortIt != ops.end());
    const OperationFigures& sort = a.figures[size_t(sortIt - ops.begin())];
    CHECK(sort.flops == 49152);
    CHECK(sort.cycles > 0);
    CHECK(sort.flopsPerCycle() == Approx(49152.0 / double(sort.cycles)));
    // Its variables: data/keys (4,096 floats) sits under the "sort" debug context.
    CHECK(sort.variables == 1);
    CHECK(sort.variableBytes == 4096 * 4);
    // scale: a popart operation whose context holds data/y.
    const auto scaleRank = rankOperations(ops, a, "popart", OperationSort::Cycles);
    REQUIRE(scaleRank.size() == 1);
    CHECK(ops[scaleRank[0]].name == "scale");
    CHECK(a.figures[scaleRank[0]].variableBytes == 1216ull * 256 * 4);
    // The poplar layer ranked by cycles, largest first.
    const auto poplar = rankOperations(ops, a, "poplar", OperationSort::Cycles);
    REQUIRE(poplar.size() == 2);
    CHECK(a.figures[poplar[0]].cycles >= a.figures[poplar[1]].cycles);
    // The details name the debug-context chain from the outermost layer down.
    const OperationDetails d = operationDetails(*report, uint32_t(sortIt - ops.begin()));
    REQUIRE(d.debugChain.size() == 2);
    CHECK(report->debugContexts()[d.debugChain[0]].layer == "poptorch");
    CHECK(report->debugContexts()[d.debugChain[1]].name == "sort");
    CHECK(!d.steps.empty());
    CHECK(d.computeSets.size() == 1);
}

TEST_CASE("search finds programs nested deep in the tree, in tree order", "[operations]")
{
    auto report = Report::open(sampleProfile("custom-example"));
    const auto& programs = report->programs();
    const ProgramIndex& index = report->programIndex();
    // scale/ScaledAdd runs inside a function called from inside a Repeat inside main.
    const auto found = findPrograms(programs, index, "SCALEDADD");
    REQUIRE(found.size() == 1);
    const auto path = pathTo(index, found[0]);
    REQUIRE(path.size() >= 4);
    CHECK(std::find(index.controlPrograms.begin(), index.controlPrograms.end(), path.front())
        != index.controlPrograms.end());
    CHECK(path.back() == found[0]);
    for (size_t i = 1; i < path.size(); ++i) {
        const auto& children = programs[path[i - 1]].children;
        CHECK(std::find(children.begin(), children.end(), path[i]) != children.end());
    }
    bool throughCall = false;
    for (uint32_t p : path)
        throughCall = throughCall || programs[p].type == "Call";
    CHECK(throughCall);
    // Several hits come in tree order; nothing matches nonsense.
    const auto syncs = findPrograms(programs, index, "sync");
    REQUIRE(syncs.size() > 2);
    for (size_t i = 1; i < syncs.size(); ++i)
        CHECK(index.order[syncs[i - 1]] < index.order[syncs[i]]);
    CHECK(findPrograms(programs, index, "no such program").empty());
}

TEST_CASE("batch-4 against batch-8: operations' cycles grow and their FLOPs double", "[operations][compare]")
{
    auto source = Report::open(sampleProfile("batch-4"));
    auto target = Report::open(sampleProfile("batch-8"));
    const ReportComparison c = compareReports(*source, *target);
    CHECK(c.operationCycles.matchedRows == source->operations().size());
    CHECK(c.operationCycles.addedRows == 0);
    CHECK(c.operationCycles.removedRows == 0);
    CHECK(c.operationCycles.total.target > c.operationCycles.total.source);
    // The weight updates do not depend on the batch; everything else does twice the work.
    CHECK(double(c.operationFlops.total.target) > 1.99 * double(c.operationFlops.total.source));
    CHECK(c.operationFlops.total.target < 2 * c.operationFlops.total.source);
    const auto& so = source->operations();
    const auto& to = target->operations();
    std::vector<std::string_view> sk, tk;
    std::vector<std::string> keys;
    for (const auto& op : so)
        keys.push_back(operationKey(op));
    for (const auto& op : to)
        keys.push_back(operationKey(op));
    for (size_t i = 0; i < so.size(); ++i)
        sk.push_back(keys[i]);
    for (size_t i = 0; i < to.size(); ++i)
        tk.push_back(keys[so.size() + i]);
    size_t withFlops = 0;
    for (const MatchedRow& m : matchRows(sk, tk)) {
        REQUIRE(m.source >= 0);
        REQUIRE(m.target >= 0);
        const OperationRow s = so[size_t(m.source)];
        const OperationRow t = to[size_t(m.target)];
        INFO(s.name);
        const bool update = s.name.find("/Update") != std::string::npos;
        CHECK(t.flops == (update ? s.flops : 2 * s.flops));
        if (!update)
            CHECK(t.cycles > s.cycles);
        withFlops += !update && s.flops > 0;
    }
    CHECK(withFlops > 0);
    // What changed names the operations whose cycles and FLOPs moved most.
    const auto lines = whatChanged(c);
    const auto has = [&](const char* metric) {
        return std::any_of(lines.begin(), lines.end(), [&](const ChangeLine& l) {
            return l.metric == metric && l.page == "operations" && l.diff.absolute > 0;
        });
    };
    CHECK(has("operation cycles"));
    CHECK(has("operation FLOPs"));
    for (const ChangeLine& l : lines)
        if (l.metric == "operation FLOPs")
            CHECK(describeChange(l, MemoryUnit::Binary).find("FLOPs") != std::string::npos);
}

TEST_CASE("an operation on one side only is flagged new or removed", "[operations][compare]")
{
    auto source = Report::open(sampleProfile("custom-example"));
    auto target = Report::open(sampleProfile("demo"));
    const ReportComparison c = compareReports(*source, *target);
    CHECK(c.operationCycles.matchedRows == 0);
    CHECK(c.operationCycles.removedRows == source->operations().size());
    CHECK(c.operationCycles.addedRows == target->operations().size());
    const auto lines = whatChanged(c);
    CHECK(std::any_of(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.metric == "new operation"; }));
    CHECK(std::any_of(
        lines.begin(), lines.end(), [](const ChangeLine& l) { return l.metric == "removed operation"; }));
}

TEST_CASE("popscope-cli operations gives the Operations report's ranking", "[operations][cli]")
{
    const std::string path = sampleProfile("demo");
    auto report = Report::open(path);
    const auto expected
        = rankOperations(report->operations(), report->operationAnalysis(), "popart", OperationSort::Cycles);
    REQUIRE(expected.size() == 24);

    const auto json = popscope::test::runCli("operations '" + path + "' --json");
    REQUIRE(json.status == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["layer"] == "popart");
    REQUIRE(j["operations"].size() == expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        CHECK(j["operations"][i]["id"] == expected[i]);
        CHECK(j["operations"][i]["cycles"] == report->operations()[expected[i]].cycles);
    }

    const auto text = popscope::test::runCli("operations '" + path + "' --sort flops");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("24 operations in layer popart, ranked by flops") != std::string::npos);
    CHECK(text.out.find("Total") != std::string::npos);
    const auto byFlops
        = rankOperations(report->operations(), report->operationAnalysis(), "popart", OperationSort::Flops);
    const auto firstRow = text.out.find("\n    1  ");
    REQUIRE(firstRow != std::string::npos);
    CHECK(text.out.compare(firstRow + 8, report->operations()[byFlops[0]].name.size(),
              report->operations()[byFlops[0]].name)
        == 0);

    const auto badLayer = popscope::test::runCli("operations '" + path + "' --layer nope");
    CHECK(badLayer.status == 2 + int(ErrorKind::InvalidInput));
    CHECK(badLayer.err.find("no operations in layer 'nope'; the layers are: popart") != std::string::npos);
    const auto badSort = popscope::test::runCli("operations '" + path + "' --sort speed");
    CHECK(badSort.status == 2);
    CHECK(badSort.err.find("unknown key 'speed'") != std::string::npos);
}

TEST_CASE("the compact step cycles match the steps, and a damaged step is refused", "[operations]")
{
    const std::string path = sampleProfile("custom-example");
    auto profile = Profile::open(path);
    const StepCycles compact = profile->readStepCycles();
    const auto steps = profile->readSteps(false);
    REQUIRE(compact.size() == steps.size());
    for (size_t i = 0; i < steps.size(); ++i) {
        uint64_t slowest = 0;
        for (const StepIpu& ipu : steps[i].ipus)
            slowest = std::max(slowest, ipu.cycles);
        CHECK(compact.program[i] == steps[i].program);
        CHECK(compact.cycles[i] == slowest);
    }
    // A step naming a program the file lacks: the report that needs the steps says so.
    popscope::test::TempDir dir;
    const std::string copy = dir.file("damaged.pop");
    popscope::test::writeBytes(copy, popscope::test::readBytes(path));
    popscope::test::execSql(copy, "UPDATE steps SET program = 99999 WHERE id = 0");
    auto report = Report::open(copy);
    CHECK_THROWS_WITH(
        report->programIndex(), Catch::Contains("steps.program") && Catch::Contains("damaged.pop"));
    CHECK_THROWS_WITH(report->operationAnalysis(), Catch::Contains("steps.program"));
}
