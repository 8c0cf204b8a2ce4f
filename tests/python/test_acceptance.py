"""libpva-style code, only the import line changed, gives popscope's figures
on demo.pop and pipeline-grouped.pop."""
import collections
import contextlib
import io
import sqlite3

import popscope.pva as pva  # instead of: import pva
from conftest import cli_json, exported, profile


def test_demo_figures_equal_popscope(export_dir):
    report = pva.openReport(profile("demo"))
    summary = cli_json("summary", profile("demo"))

    # Compute sets, tiles, Poplar version.
    assert report.compilation.graph.numComputeSets == summary["graph"]["numComputeSets"]
    assert len(report.compilation.tiles) == summary["target"]["numTiles"]
    assert report.poplarVersion.string == summary["poplarVersion"]

    # Sum of step.ipus[0].cycles: IPU 0's cycles in every kind of step, as the trace shows them.
    trace = cli_json("trace", profile("demo"))
    ipu0 = trace["ipus"][0]["stepCycles"]
    assert sum(step.ipus[0].cycles for step in report.execution.steps) == sum(ipu0.values()) - ipu0["idle"]

    # A ProgramVisitor printing the OnTileExecute programs whose compute set has > 1 vertex.
    class Visitor(pva.ProgramVisitor):
        visited = 0

        def visitOnTileExecute(self, onTileExecute):
            Visitor.visited += 1
            if len(onTileExecute.computeset.vertices) > 1:
                print(onTileExecute.name)

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for program in report.compilation.programs:
            program.accept(Visitor())
    with sqlite3.connect(f"file:{profile('demo')}?mode=ro", uri=True) as db:
        expected = [name for (name,) in db.execute(
            "SELECT p.name FROM programs p WHERE p.type = 'OnTileExecute' AND (SELECT count(*) FROM "
            "compute_set_vertices v WHERE v.compute_set = p.compute_set) > 1 ORDER BY p.id")]
        on_tile_execute = db.execute("SELECT count(*) FROM programs WHERE type = 'OnTileExecute'").fetchone()[0]
    assert printed.getvalue().splitlines() == expected
    assert Visitor.visited == on_tile_execute > 0

    # Memory by tile from tile.memory.total.includingGaps.
    by_tile = [tile.memory.total.includingGaps for tile in report.compilation.tiles]
    for ipu in summary["memory"]["ipus"]:
        tiles = by_tile[ipu["ipu"] * 1472:(ipu["ipu"] + 1) * 1472]
        assert sum(tiles) == ipu["usedIncludingGaps"]
        assert max(tiles) == ipu["maxTileBytes"]
        assert tiles.index(max(tiles)) + ipu["ipu"] * 1472 == ipu["maxTile"]

    # Per-IPU category totals.
    doc = exported("demo", export_dir)
    expected_totals = collections.Counter()
    for series in doc["compilation"]["memory"]["byCategory"]:
        if not series["overlapped"]:
            expected_totals[(series["ipu"], series["category"])] += sum(series["bytesByTile"])
    totals = collections.Counter()
    for ipu in report.compilation.ipus:
        for tile in ipu.tiles:
            for name in summary["memory"]["byCategory"]:
                totals[(ipu.id, name)] += getattr(tile.memory.category, name).total
    assert +totals == +expected_totals

    # Liveness peak.
    liveness = cli_json("liveness", profile("demo"))
    peak = max(report.compilation.livenessProgramSteps, key=lambda step: step.notAlwaysLiveMemory.bytes)
    assert peak.notAlwaysLiveMemory.bytes == liveness["peak"]["notAlwaysLiveBytes"]
    assert peak.program.name == liveness["peak"]["program"]


def test_pipeline_stage_cycles_equal_popscope(export_dir):
    report = pva.openReport(profile("pipeline-grouped"))
    doc = exported("pipeline-grouped", export_dir)
    stored = doc["execution"]["steps"]
    run = report.execution.runs[0]
    exchanges = [s for s in run.steps if s.program.type == pva.Program.Type.GlobalExchange]
    assert len(exchanges) >= 2
    for ipu in range(report.compilation.target.numIPUs):
        on_ipu = [s for s in exchanges if s.ipus[ipu].runs]
        for before, after in zip(on_ipu, on_ipu[1:]):
            # libpva style: a stage is the time between two global exchanges' starts.
            stage = after.ipus[ipu].activeCycles.cyclesFrom.min - before.ipus[ipu].activeCycles.cyclesFrom.min
            # popscope: the cycles of the IPU's steps from one exchange to the next.
            between = sum(i["cycles"] for row in stored[before.id:after.id] for i in row["ipus"] if i["ipu"] == ipu)
            first = next(i for i in stored[before.id]["ipus"] if i["ipu"] == ipu)
            assert stage == between - first["activeCycles"]["cyclesFrom"]["min"] + next(
                i for i in stored[after.id]["ipus"] if i["ipu"] == ipu)["activeCycles"]["cyclesFrom"]["min"]
            assert stage > 0
        for step in on_ipu:
            row = next(i for i in stored[step.id]["ipus"] if i["ipu"] == ipu)
            active = step.ipus[ipu].activeCycles
            assert active.cyclesTo.max == row["cyclesBase"] + row["activeCycles"]["cyclesTo"]["max"]
            assert active.cyclesFrom.min == row["cyclesBase"] + row["activeCycles"]["cyclesFrom"]["min"]
