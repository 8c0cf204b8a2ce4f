"""Every figure popscope.pva returns equals what popscope-cli prints for the same report."""
import collections

import popscope.pva as pva
from conftest import cli_json, exported, profile


def open_sample(name):
    return pva.openReport(profile(name))


def test_target_and_graph_match_the_summary(sample):
    report = open_sample(sample)
    summary = cli_json("summary", profile(sample))
    target = report.compilation.target
    for field in ("numIPUs", "tilesPerIpu", "numTiles", "bytesPerTile", "bytesPerIPU", "totalMemory",
                  "clockFrequency", "numReplicas", "ipusPerReplica"):
        assert getattr(target, field) == summary["target"][field], field
    assert target.type.value == summary["target"]["type"]
    graph = report.compilation.graph
    assert graph.numComputeSets == summary["graph"]["numComputeSets"]
    assert graph.numVertices == summary["graph"]["numVertices"]
    assert graph.numVariables == summary["graph"]["numVariables"]
    assert graph.numEdges == summary["graph"]["numEdges"]
    assert report.poplarVersion.string == summary["poplarVersion"]
    assert report.execution.totalCycles.total == summary["execution"]["totalCycles"]


def test_memory_by_category_per_ipu_matches_the_file(sample, export_dir):
    report = open_sample(sample)
    doc = exported(sample, export_dir)
    expected = collections.Counter()
    for series in doc["compilation"]["memory"]["byCategory"]:
        if not series["overlapped"]:
            expected[(series["ipu"], series["category"])] += sum(series["bytesByTile"])
    assert expected, "the sample has memory"
    for (ipu, category), total in expected.items():
        by_tile = getattr(report.compilation.ipus[ipu].tiles.memory.category, category).total
        assert sum(int(b) for b in by_tile) == total, (ipu, category)
        # The same through single tiles, libpva style.
        tiles = report.compilation.ipus[ipu].tiles
        assert sum(getattr(t.memory.category, category).total for t in tiles) == total


def test_memory_totals_match_the_summary(sample):
    report = open_sample(sample)
    summary = cli_json("summary", profile(sample))
    for ipu in summary["memory"]["ipus"]:
        tiles = report.compilation.ipus[ipu["ipu"]].tiles
        assert sum(t.memory.total.includingGaps for t in tiles) == ipu["usedIncludingGaps"]
        assert sum(t.memory.total.excludingGaps for t in tiles) == ipu["usedExcludingGaps"]
        assert max(t.memory.total.includingGaps for t in tiles) == ipu["maxTileBytes"]
    by_category = collections.Counter()
    for tile in report.compilation.tiles:
        for name in summary["memory"]["byCategory"]:
            by_category[name] += getattr(tile.memory.category, name).total
    assert dict(by_category) == summary["memory"]["byCategory"]


def test_liveness_matches_the_cli(sample):
    report = open_sample(sample)
    liveness = cli_json("liveness", profile(sample))
    tiles = report.compilation.tiles
    assert sum(int(b) for b in tiles.memory.alwaysLiveBytes) == liveness["alwaysLiveBytes"]
    steps = report.compilation.livenessProgramSteps
    peak = max(range(len(steps)), key=lambda s: steps[s].notAlwaysLiveMemory.bytes)
    assert peak == liveness["peak"]["step"]
    assert steps[peak].notAlwaysLiveMemory.bytes == liveness["peak"]["notAlwaysLiveBytes"]
    assert steps[peak].program.name == liveness["peak"]["program"]
    live = steps[peak].notAlwaysLiveMemory.variables
    assert len(live) == liveness["step"]["liveVariables"]
    assert sum(v.size for v in live) == liveness["step"]["liveVariableBytes"]
    listed = liveness["step"]["variables"]  # the largest, as many as the CLI lists
    assert [(v.name, v.size) for v in live[:len(listed)]] == [(v["name"], v["bytes"]) for v in listed]
    for ipu in range(report.compilation.target.numIPUs):
        per_ipu = cli_json("liveness", profile(sample), "--ipu", str(ipu))
        best = max(steps, key=lambda s: s.notAlwaysLiveMemoryForIpu(ipu).bytes)
        assert best.notAlwaysLiveMemoryForIpu(ipu).bytes == per_ipu["peak"]["notAlwaysLiveBytes"]


def test_not_always_live_bytes_match_the_file(sample, export_dir):
    report = open_sample(sample)
    doc = exported(sample, export_dir)
    for ipu_split in doc["compilation"]["memory"]["liveness"]:
        tiles = report.compilation.ipus[ipu_split["ipu"]].tiles
        assert [t.memory.notAlwaysLiveBytes for t in tiles] == ipu_split["notAlwaysLiveBytesByTile"]
        assert [t.memory.alwaysLiveBytes for t in tiles] == ipu_split["alwaysLiveBytesByTile"]
    steps = report.compilation.livenessProgramSteps
    stored = doc["compilation"]["livenessProgramSteps"]
    assert len(steps) == len(stored)
    for step, row in zip(steps, stored):
        by_ipu = row["notAlwaysLiveMemory"]["bytesByIpu"]
        assert [step.notAlwaysLiveMemoryForIpu(i).bytes for i in range(len(by_ipu))] == by_ipu
        assert step.program.id == row["program"]


def test_cycles_per_step_and_ipu_match_the_file(sample, export_dir):
    report = open_sample(sample)
    doc = exported(sample, export_dir)
    steps = report.execution.steps
    stored = doc["execution"]["steps"]
    assert len(steps) == len(stored)
    num_ipus = report.compilation.target.numIPUs
    for step, row in zip(steps, stored):
        assert step.program.id == row["program"]
        on = {i["ipu"]: i for i in row["ipus"]}
        for ipu in range(num_ipus):
            figures = step.ipus[ipu]
            if ipu not in on:
                assert figures.cycles == 0 and not figures.runs
                continue
            want = on[ipu]
            assert figures.cycles == want["cycles"]
            assert (figures.dataIn, figures.dataOut) == (want["dataIn"], want["dataOut"])
            active = figures.activeCycles
            base = want["cyclesBase"]
            assert active.cyclesFrom.min == base + want["activeCycles"]["cyclesFrom"]["min"]
            assert active.cyclesFrom.max == base + want["activeCycles"]["cyclesFrom"]["max"]
            assert active.cyclesTo.min == base + want["activeCycles"]["cyclesTo"]["min"]
            assert active.cyclesTo.max == base + want["activeCycles"]["cyclesTo"]["max"]
            if want.get("cyclesByTile"):
                assert [int(c) for c in figures.cyclesByTile] == want["cyclesByTile"]


def test_cycles_per_ipu_match_the_trace(sample):
    report = open_sample(sample)
    trace = cli_json("trace", profile(sample))
    for ipu in trace["ipus"]:
        step_cycles = sum(ipu["stepCycles"][k] for k in ipu["stepCycles"] if k != "idle")
        assert sum(s.ipus[ipu["ipu"]].cycles for s in report.execution.steps) == step_cycles
    assert report.execution.totalCycles.total == trace["totalCycles"]


def test_operation_cycles_match_the_cli(sample):
    report = open_sample(sample)
    listed = cli_json("operations", profile(sample), "--layer", "all")
    operations = pva.OperationAnalysis(report).operations
    assert len(operations) == len(listed["operations"])
    steps = report.execution.steps
    for row in listed["operations"]:
        op = operations[row["id"]]
        assert (op.name, op.cycles, op.flops, op.codeBytes) == (row["name"], row["cycles"], row["flops"], row["codeBytes"])
        assert len(op.variables) == row["variables"]
        assert sum(v.size for v in op.variables) == row["variableBytes"]
        ran = op.executionSteps
        assert len(ran) == row["steps"]
        if row["steps"]:
            mine = {p.id for p in op.programs()}
            assert all(steps[s].program.id in mine for s in ran)
            assert sum(max(steps[s].ipus[i].cycles for i in range(len(steps[s].ipus))) for s in ran) == row["cycles"]
